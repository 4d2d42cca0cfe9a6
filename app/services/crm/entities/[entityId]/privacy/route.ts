import { apiRoute, apiRoutes } from '@/lib/http/route';
import { erasureRequestParams, retentionStateResponse } from '@/lib/privacy/schemas';
import { getRetentionState } from '@/lib/privacy/erasure';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities/{entityId}/privacy – retention state and erasure request of an entity
  GET: apiRoute({
    summary: 'View retention and erasure state',
    description:
      'state: `InRelationship` (kept), `Retained` (relationship ended; kept for the AML retention period, RETENTION_YEARS, default 10, until retainUntil), ' +
      '`ErasureDue` (retention over and erasure requested: the daily erasure job erases it) or `Erased` (personal data erased; a pseudonymous tombstone and the pseudonymised audit trail remain).',
    auth: ['apiKey', 'session'],
    params: erasureRequestParams,
    response: retentionStateResponse,
    handler: async ({ auth, params }) => ({ data: await getRetentionState({ tenantId: auth.tenantId, entityId: params.entityId }) }),
  }),
});
