import { apiRoute, apiRoutes } from '@/lib/http/route';
import { matchEnvelope, matchParams, rejectProposalInput } from '@/lib/cases/schemas';
import { rejectMatchProposal } from '@/lib/cases/review-match';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/cases/{caseId}/matches/{matchId}/rejection – send a proposal back (checker)
  POST: apiRoute({
    summary: 'Reject a proposed match decision (four eyes: checker)',
    description:
      'A different officer than the maker rejects the proposal with a comment (required): the match returns to Unreviewed. The maker rejecting → 403 FOUR_EYES_REQUIRED; ' +
      'a match that is not PendingApproval → 409 INVALID_STATUS_TRANSITION.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: matchParams,
    body: rejectProposalInput,
    response: matchEnvelope,
    errors: ['FOUR_EYES_REQUIRED', 'INVALID_STATUS_TRANSITION', 'CONFLICT'],
    handler: ({ auth, actor, requestId, params, body }) =>
      rejectMatchProposal({ tenantId: auth.tenantId, caseId: params.caseId, matchId: params.matchId, comment: body.comment, actor, requestId }),
  }),
});
