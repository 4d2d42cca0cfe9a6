import { apiRoute, apiRoutes } from '@/lib/http/route';
import { caseEnvelope, caseParams } from '@/lib/cases/schemas';
import { getCase } from '@/lib/cases/read-cases';
import { decideDispositionInput } from '@/lib/transactions/schemas';
import { decideDisposition } from '@/lib/transactions/monitoring-case';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/cases/{caseId}/disposition-decision – the checker approves or rejects the proposal
  POST: apiRoute({
    summary: 'Approve or reject case disposition (checker)',
    description:
      'Only a different officer than the maker (403 FOUR_EYES_REQUIRED otherwise). Approve: the case is Closed with the disposition, its alerts Closed with `isCorrect`, its transactions Cleared | Escalated | Reported; ' +
      'Reported creates the StrReport draft (GET /cases/{caseId}/str-report/xml). Reject (a comment is required): back to InReview. Not PendingApproval → 409 INVALID_STATUS_TRANSITION.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: caseParams,
    body: decideDispositionInput,
    response: caseEnvelope,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_STATUS_TRANSITION', 'FOUR_EYES_REQUIRED'],
    handler: async ({ auth, actor, requestId, params, body }) => {
      await decideDisposition({ tenantId: auth.tenantId, caseId: params.caseId, ...body, actor, requestId });
      return { data: await getCase({ tenantId: auth.tenantId, caseId: params.caseId }) };
    },
  }),
});
