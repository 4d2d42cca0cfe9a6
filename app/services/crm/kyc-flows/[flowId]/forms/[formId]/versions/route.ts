import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createFormVersion } from '@/lib/kyc/forms';
import { formEnvelope, formParams } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/kyc-flows/{flowId}/forms/{formId}/versions – "edit" a Published form: a new Draft version
  POST: apiRoute({
    summary: 'New Draft version of a form',
    description:
      'Officers (admin, officer). Copies a Published or Deactivated form into a Draft with the next `version` (same `lineageId`, new ids); publishing it deactivates its predecessor. One open Draft per form: 409 CONFLICT while one exists; a Draft itself → 409 INVALID_STATUS_TRANSITION.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: formParams,
    response: formEnvelope,
    status: 201,
    errors: ['CONFLICT', 'INVALID_STATUS_TRANSITION'],
    handler: ({ auth, actor, requestId, params }) =>
      createFormVersion({ tenantId: auth.tenantId, flowId: params.flowId, formId: params.formId, actor, requestId }),
  }),
});
