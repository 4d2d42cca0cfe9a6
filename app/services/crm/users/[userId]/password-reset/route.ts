import { apiRoute, apiRoutes } from '@/lib/http/route';
import { formatTimestamp } from '@/lib/core/format';
import { passwordLinkBody, passwordLinkResponse, userParams } from '@/lib/tenancy/schemas';
import { sendPasswordReset } from '@/lib/tenancy/user-links';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/users/{userId}/password-reset – e-mail a user of this tenant a single-use password-reset link (administrators)
  POST: apiRoute({
    summary: 'Send a password-reset link',
    description:
      'E-mails the user a single-use link (valid `PASSWORD_RESET_TTL_MINUTES`, default 60) to /{locale}/set-password/{token}; setting a password there ends every session of the user. ' +
      'The current password keeps working until then. A user who never accepted their invitation gets a new invitation instead. Deactivated user → 409 CONFLICT; another tenant’s user → 404. ' +
      'Audited (`user.password-reset-sent`).',
    auth: 'session',
    roles: ['admin'],
    params: userParams,
    body: passwordLinkBody,
    response: passwordLinkResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: async ({ auth, params, body, actor, requestId }) => {
      const { expiresAt } = await sendPasswordReset({ tenantId: auth.tenantId, userId: params.userId, language: body.language, actor, requestId });
      return { data: { expiresAt: formatTimestamp(expiresAt) } };
    },
  }),
});
