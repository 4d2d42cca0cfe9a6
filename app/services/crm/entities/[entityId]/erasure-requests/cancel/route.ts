import { apiRoute, apiRoutes } from '@/lib/http/route';
import { erasureRequestParams, retentionStateResponse } from '@/lib/privacy/schemas';
import { cancelErasure } from '@/lib/privacy/erasure';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entities/{entityId}/erasure-requests/cancel – withdraw the pending erasure request
  POST: apiRoute({
    summary: 'Withdraw the pending erasure request',
    description: 'Audited as `erasure.cancel`. 409 CONFLICT when no request is pending. Answers the retention state.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: erasureRequestParams,
    response: retentionStateResponse,
    errors: ['CONFLICT'],
    handler: async ({ auth, params, actor, requestId }) => ({
      data: await cancelErasure({ tenantId: auth.tenantId, entityId: params.entityId, actor, requestId }),
    }),
  }),
});
