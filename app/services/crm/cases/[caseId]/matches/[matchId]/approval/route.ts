import { apiRoute, apiRoutes } from '@/lib/http/route';
import { approveDecisionInput, matchEnvelope, matchParams } from '@/lib/cases/schemas';
import { approveMatchDecision } from '@/lib/cases/review-match';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/cases/{caseId}/matches/{matchId}/approval – approve a proposed decision (checker)
  POST: apiRoute({
    summary: 'Approve a match decision (four eyes: checker)',
    description:
      'A different officer than the maker approves the proposal: the match becomes TruePositive or FalsePositive (the maker approving → 403 FOUR_EYES_REQUIRED). ' +
      'With `blockClient` (TruePositive of a client only), the Active client is then blocked through the client status change (audit, optional e-mail, `EntityStatusUpdate`); ' +
      '`clientStatus` answers the result. A FalsePositive holds for the entry version it was decided on: a later change of the entry reopens the match.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: matchParams,
    body: approveDecisionInput,
    response: matchEnvelope,
    errors: ['FOUR_EYES_REQUIRED', 'INVALID_STATUS_TRANSITION', 'CONFLICT'],
    handler: ({ auth, actor, requestId, params, body }) =>
      approveMatchDecision({ tenantId: auth.tenantId, caseId: params.caseId, matchId: params.matchId, ...body, actor, requestId }),
  }),
});
