import { apiRoute, apiRoutes } from '@/lib/http/route';
import { userActivationResponse, userParams } from '@/lib/tenancy/schemas';
import { deactivateUser } from '@/lib/tenancy/users';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/users/{userId}/deactivate – stop a user of this tenant from signing in and end their sessions (administrators)
  POST: apiRoute({
    summary: "Deactivate one of the tenant's users",
    description:
      'No sign-in until reactivated; every session of the user ends in the same transaction. Deactivating an already deactivated user changes nothing. ' +
      'Your own account → 409 CONFLICT. Audited (`user.deactivate`).',
    auth: 'session',
    roles: ['admin'],
    params: userParams,
    response: userActivationResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: async ({ auth, params, actor, requestId }) => ({
      data: await deactivateUser({ tenantId: auth.tenantId, userId: params.userId, actor, requestId }),
    }),
  }),
});
