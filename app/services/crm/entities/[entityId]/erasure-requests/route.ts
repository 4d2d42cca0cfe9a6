import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createErasureRequestBody, erasureRequestParams, retentionStateResponse } from '@/lib/privacy/schemas';
import { requestErasure } from '@/lib/privacy/erasure';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entities/{entityId}/erasure-requests – record a data subject's erasure request
  POST: apiRoute({
    summary: 'Record an erasure request',
    description:
      "Recorded at once (audited as `erasure.request`) and honoured as the law allows: AML records are kept RETENTION_YEARS (default 10) after the relationship ends (a client's deactivation; for a prospect or screening entity, today), " +
      'then the daily erasure job erases the personal data and pseudonymises the audit trail. One pending request per entity: a second is 409 CONFLICT, as is a request for an erased entity. Answers 201 with the retention state.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: erasureRequestParams,
    body: createErasureRequestBody,
    response: retentionStateResponse,
    status: 201,
    errors: ['CONFLICT'],
    handler: async ({ auth, params, body, actor, requestId }) => ({
      data: await requestErasure({ tenantId: auth.tenantId, entityId: params.entityId, note: body.note, actor, requestId }),
    }),
  }),
});
