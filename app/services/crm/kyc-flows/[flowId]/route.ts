import { apiRoute, apiRoutes } from '@/lib/http/route';
import { updateFlow } from '@/lib/kyc/flows';
import { flowEnvelope, flowParams, updateFlowInput } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/kyc-flows/{flowId} – rename a flow or make it the default (officer app)
  PATCH: apiRoute({
    summary: 'Update a KYC flow (names, default)',
    description:
      'Officers (admin, officer). `isDefault: true` makes this the default flow: the previous default stops being one, and KYC records made while the tenant had no default flow are attached to it.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: flowParams,
    body: updateFlowInput,
    response: flowEnvelope,
    handler: ({ auth, actor, requestId, params, body }) => updateFlow({ tenantId: auth.tenantId, flowId: params.flowId, input: body, actor, requestId }),
  }),
});
