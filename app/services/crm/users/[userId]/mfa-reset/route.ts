import { apiRoute, apiRoutes } from '@/lib/http/route';
import { resetUserMfa } from '@/lib/tenancy/mfa';
import { mfaDisabledResponse, userParams } from '@/lib/tenancy/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/users/{userId}/mfa-reset – clear the two-step sign-in of a user who lost their device (administrators)
  POST: apiRoute({
    summary: "Reset a user's two-step sign-in",
    description:
      'Removes the TOTP secret and recovery codes of a user of this tenant and ends their sessions; they enrol again (at their next page when it is required for them). Your own → 409 CONFLICT; another tenant’s user → 404. Audited (`user.mfa-reset`).',
    auth: 'session',
    roles: ['admin'],
    params: userParams,
    response: mfaDisabledResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: async ({ auth, params, actor, requestId }) => ({ data: await resetUserMfa({ tenantId: auth.tenantId, userId: params.userId, actor, requestId }) }),
  }),
});
