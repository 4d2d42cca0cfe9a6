import { apiRoute, apiRoutes } from '@/lib/http/route';
import { getTenantMfaRequired, setTenantMfaRequired } from '@/lib/tenancy/mfa';
import { mfaPolicyBody, mfaPolicyResponse } from '@/lib/tenancy/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/users/mfa-policy – whether this tenant requires two-step sign-in of every user (administrators)
  GET: apiRoute({
    summary: 'Two-step sign-in policy of the tenant',
    description: 'Administrators always need two-step sign-in; `required` extends it to officers and relationship managers.',
    auth: 'session',
    roles: ['admin'],
    response: mfaPolicyResponse,
    handler: async ({ auth }) => ({ data: { required: await getTenantMfaRequired({ tenantId: auth.tenantId }) } }),
  }),
  // PUT /services/crm/users/mfa-policy – require (or stop requiring) two-step sign-in of every user of this tenant (administrators)
  PUT: apiRoute({
    summary: 'Set the two-step sign-in policy of the tenant',
    description:
      'With `required: true` every user of the tenant who has not enrolled is sent to enrol before anything else at their next page. Audited (`tenant.mfa-policy`).',
    auth: 'session',
    roles: ['admin'],
    body: mfaPolicyBody,
    response: mfaPolicyResponse,
    handler: async ({ auth, body, actor, requestId }) => ({
      data: await setTenantMfaRequired({ tenantId: auth.tenantId, required: body.required, actor, requestId }),
    }),
  }),
});
