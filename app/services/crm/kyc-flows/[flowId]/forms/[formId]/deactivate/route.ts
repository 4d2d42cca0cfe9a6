import { apiRoute, apiRoutes } from '@/lib/http/route';
import { deactivateForm } from '@/lib/kyc/forms';
import { formParams, formSchema } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/kyc-flows/{flowId}/forms/{formId}/deactivate – Published → Deactivated
  POST: apiRoute({
    summary: 'Deactivate a Published form',
    description:
      'Officers (admin, officer). Published → Deactivated: the form takes no new submissions; its answers and scores stay. Anything else → 409 INVALID_STATUS_TRANSITION.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: formParams,
    response: formSchema,
    errors: ['INVALID_STATUS_TRANSITION'],
    handler: ({ auth, actor, requestId, params }) =>
      deactivateForm({ tenantId: auth.tenantId, flowId: params.flowId, formId: params.formId, actor, requestId }),
  }),
});
