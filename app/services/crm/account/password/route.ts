import { apiRoute, apiRoutes } from '@/lib/http/route';
import { clientInfoFrom } from '@/lib/auth/client-info';
import { changePasswordBody, endedSessionsResponse } from '@/lib/tenancy/schemas';
import { changePassword } from '@/lib/tenancy/users';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/account/password – the signed-in user changes their password; their other sessions end
  POST: apiRoute({
    summary: 'Change your password',
    description:
      '`currentPassword` must be right (400 naming it otherwise, audited as `auth.password-change-refused`); `newPassword` has at least 10 characters and differs from it. ' +
      'Every other session of yours ends; this browser stays signed in. Answers the number of sessions ended.',
    auth: 'session',
    allowMfaPending: true,
    body: changePasswordBody,
    response: endedSessionsResponse,
    handler: async ({ auth, body, request, requestId }) => ({
      data: await changePassword({
        userId: auth.user!.id,
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        currentSessionId: auth.user!.sessionId ?? null,
        client: clientInfoFrom(request.headers),
        requestId,
      }),
    }),
  }),
});
