import { apiRoute, apiRoutes } from '@/lib/http/route';
import { pageQuery } from '@/lib/core/pagination';
import { createFlow, listFlows } from '@/lib/kyc/flows';
import { createFlowInput, flowEnvelope, flowList } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/kyc-flows – list the tenant's KYC flows with their forms
  GET: apiRoute({
    summary: 'List KYC flows',
    description:
      "The tenant's KYC flows, the default first, each with its forms (`{id, type, nameEn, nameAr, status, version}`, every version) so that integrators can find form ids. New prospects and clients get their KYC on the default flow.",
    auth: ['apiKey', 'session'],
    query: pageQuery,
    response: flowList,
    handler: ({ auth, query }) => listFlows({ tenantId: auth.tenantId, page: query }),
  }),
  // POST /services/crm/kyc-flows – create a KYC flow (officer app)
  POST: apiRoute({
    summary: 'Create a KYC flow',
    description:
      'Officers (admin, officer). Empty, or `fromTemplate: true` for a copy of the shipped template (Kyc, RiskAssessment, Suitability, Edd and QualifiedInvestor forms, Published, with consent and terms agreements). `isDefault` makes it the default flow; the first flow of a tenant is the default.',
    auth: 'session',
    roles: ['admin', 'officer'],
    body: createFlowInput,
    response: flowEnvelope,
    status: 201,
    handler: ({ auth, actor, requestId, body }) => createFlow({ tenantId: auth.tenantId, input: body, actor, requestId }),
  }),
});
