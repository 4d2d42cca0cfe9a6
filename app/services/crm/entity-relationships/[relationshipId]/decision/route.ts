import { apiRoute, apiRoutes } from '@/lib/http/route';
import { decideOnBehalfInput, relationshipEnvelope, relationshipParams } from '@/lib/relationships/schemas';
import { decideRelationshipOnBehalf } from '@/lib/relationships/decide-relationship';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entity-relationships/{relationshipId}/decision – officers: approve or reject on the related party's behalf
  POST: apiRoute({
    summary: "Approve or reject on the related party's behalf (officers)",
    description:
      '`{decision: Approve|Reject, reason}`: the reason is required (400 naming it) and audited with the officer; the e-mailed link stops working. Only a PendingTargetApproval relationship can be decided (409 INVALID_STATUS_TRANSITION). Emits `RelationshipApprovalUpdate` (decidedBy `Officer`).',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: relationshipParams,
    body: decideOnBehalfInput,
    response: relationshipEnvelope,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION'],
    handler: ({ auth, actor, requestId, params, body }) =>
      decideRelationshipOnBehalf({ tenantId: auth.tenantId, relationshipId: params.relationshipId, ...body, actor, requestId }),
  }),
});
