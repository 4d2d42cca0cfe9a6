import { apiRoute, apiRoutes } from '@/lib/http/route';
import { userActivationResponse, userParams } from '@/lib/tenancy/schemas';
import { reactivateUser } from '@/lib/tenancy/users';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/users/{userId}/reactivate – let a deactivated user of this tenant sign in again (administrators)
  POST: apiRoute({
    summary: "Reactivate one of the tenant's users",
    description: 'The user signs in again with their existing password (the failed-attempt count is reset). Audited (`user.reactivate`).',
    auth: 'session',
    roles: ['admin'],
    params: userParams,
    response: userActivationResponse,
    errors: ['NOT_FOUND'],
    handler: async ({ auth, params, actor, requestId }) => ({
      data: { ...(await reactivateUser({ tenantId: auth.tenantId, userId: params.userId, actor, requestId })), endedSessions: 0 },
    }),
  }),
});
