import { apiRoute, apiRoutes } from '@/lib/http/route';
import { clientInfoFrom } from '@/lib/auth/client-info';
import { endedSessionsResponse } from '@/lib/tenancy/schemas';
import { endUserSessions } from '@/lib/tenancy/user-sessions';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/account/sign-out-others – the signed-in user ends all their other sessions
  POST: apiRoute({
    summary: 'Sign out of every other browser',
    description: 'Every session of yours but this one ends (audited as `auth.sessions-ended`). Answers the number of sessions ended.',
    auth: 'session',
    allowMfaPending: true,
    response: endedSessionsResponse,
    handler: async ({ auth, actor, request, requestId }) => ({
      data: await endUserSessions({
        userId: auth.user!.id,
        reason: 'SignOutEverywhere',
        exceptSessionId: auth.user!.sessionId ?? null,
        actor,
        requestId,
        client: clientInfoFrom(request.headers),
      }),
    }),
  }),
});
