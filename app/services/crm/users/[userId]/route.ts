import { apiRoute, apiRoutes } from '@/lib/http/route';
import { changeRoleBody, userParams, userRoleResponse } from '@/lib/tenancy/schemas';
import { changeUserRole } from '@/lib/tenancy/users';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/users/{userId} – change the role of a user of this tenant (administrators)
  PATCH: apiRoute({
    summary: "Change a user's role",
    description:
      'Applies at once: every session reads the stored role. Your own role → 409 CONFLICT. Another tenant’s user → 404. A user made administrator must enrol in two-factor sign-in before anything else. ' +
      'Audited (`user.role-change`, with the role before and after).',
    auth: 'session',
    roles: ['admin'],
    params: userParams,
    body: changeRoleBody,
    response: userRoleResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: async ({ auth, params, body, actor, requestId }) => ({
      data: await changeUserRole({ tenantId: auth.tenantId, userId: params.userId, role: body.role, actor, requestId }),
    }),
  }),
});
