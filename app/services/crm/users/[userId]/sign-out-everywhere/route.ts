import { apiRoute, apiRoutes } from '@/lib/http/route';
import { endedSessionsResponse, userParams } from '@/lib/tenancy/schemas';
import { signOutUserEverywhere } from '@/lib/tenancy/users';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/users/{userId}/sign-out-everywhere – end every session of a user of this tenant (administrators)
  POST: apiRoute({
    summary: "End every session of one of the tenant's users",
    description:
      "The user's session version moves on: every browser signed in as this user is signed out at its next request. Audited (`auth.sessions-ended`). " +
      "Another tenant's user or a platform administrator → 404.",
    auth: 'session',
    roles: ['admin'],
    params: userParams,
    response: endedSessionsResponse,
    errors: ['NOT_FOUND'],
    handler: async ({ auth, params, actor, requestId }) => ({
      data: await signOutUserEverywhere({ tenantId: auth.tenantId, userId: params.userId, actor, requestId }),
    }),
  }),
});
