import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createForm, listForms } from '@/lib/kyc/forms';
import { createFormInput, flowParams, formEnvelope, formList, listFormsQuery } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/kyc-flows/{flowId}/forms – list a flow's forms (without sections)
  GET: apiRoute({
    summary: "List a KYC flow's forms",
    description: 'Forms without their sections, newest first; filters `type` and `status`. Another tenant’s flow is 404.',
    auth: ['apiKey', 'session'],
    params: flowParams,
    query: listFormsQuery,
    response: formList,
    handler: ({ auth, params, query }) => {
      const { type, status, ...page } = query;
      return listForms({ tenantId: auth.tenantId, flowId: params.flowId, page, type, status });
    },
  }),
  // POST /services/crm/kyc-flows/{flowId}/forms – create an empty Draft form (officer app)
  POST: apiRoute({
    summary: 'Create a Draft form',
    description: 'Officers (admin, officer). A new form (version 1) in Draft, without sections; build it with PUT, then publish it.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: flowParams,
    body: createFormInput,
    response: formEnvelope,
    status: 201,
    handler: ({ auth, actor, requestId, params, body }) => createForm({ tenantId: auth.tenantId, flowId: params.flowId, input: body, actor, requestId }),
  }),
});
