import { apiRoute, apiRoutes } from '@/lib/http/route';
import { publishForm } from '@/lib/kyc/forms';
import { formParams, formSchema } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/kyc-flows/{flowId}/forms/{formId}/publish – Draft → Published
  POST: apiRoute({
    summary: 'Publish a Draft form',
    description:
      'Officers (admin, officer). Draft → Published once complete (at least one section, a question in each, two options for choice questions, a pass mark for Suitability: 400 naming each gap). A new version replaces its Published predecessor (→ Deactivated). Another Published form of the same type in the flow → 409 CONFLICT; not a Draft → 409 INVALID_STATUS_TRANSITION.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: formParams,
    response: formSchema,
    errors: ['CONFLICT', 'INVALID_STATUS_TRANSITION'],
    handler: ({ auth, actor, requestId, params }) => publishForm({ tenantId: auth.tenantId, flowId: params.flowId, formId: params.formId, actor, requestId }),
  }),
});
