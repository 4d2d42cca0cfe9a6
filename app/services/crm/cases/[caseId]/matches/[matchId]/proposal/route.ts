import { apiRoute, apiRoutes } from '@/lib/http/route';
import { matchEnvelope, matchParams, proposeDecisionInput } from '@/lib/cases/schemas';
import { proposeMatchDecision } from '@/lib/cases/review-match';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/cases/{caseId}/matches/{matchId}/proposal – propose a decision (maker)
  POST: apiRoute({
    summary: 'Propose a match decision (four eyes: maker)',
    description:
      'An officer proposes TruePositive or FalsePositive for an Unreviewed match, with a comment (required). The match becomes PendingApproval until a different officer approves or rejects it. ' +
      'A match that is not Unreviewed → 409 INVALID_STATUS_TRANSITION; a deprecated one → 409 CONFLICT.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: matchParams,
    body: proposeDecisionInput,
    response: matchEnvelope,
    errors: ['INVALID_STATUS_TRANSITION', 'CONFLICT'],
    handler: ({ auth, actor, requestId, params, body }) =>
      proposeMatchDecision({
        tenantId: auth.tenantId,
        caseId: params.caseId,
        matchId: params.matchId,
        decision: body.decision,
        comment: body.comment,
        actor,
        requestId,
      }),
  }),
});
