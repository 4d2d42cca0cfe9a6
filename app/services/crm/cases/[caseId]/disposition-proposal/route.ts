import { apiRoute, apiRoutes } from '@/lib/http/route';
import { caseEnvelope, caseParams } from '@/lib/cases/schemas';
import { getCase } from '@/lib/cases/read-cases';
import { proposeDispositionInput } from '@/lib/transactions/schemas';
import { proposeDisposition } from '@/lib/transactions/monitoring-case';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/cases/{caseId}/disposition-proposal – the maker proposes a disposition
  POST: apiRoute({
    summary: 'Propose case disposition (maker)',
    description:
      'Transaction-monitoring cases: FalsePositive | TruePositive | Reported with a comment; the case becomes PendingApproval and its alerted transactions UnderReview. ' +
      'A closed case, or one already PendingApproval, is 409 INVALID_STATUS_TRANSITION; a screening case is 409 CONFLICT (its matches are reviewed one by one).',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: caseParams,
    body: proposeDispositionInput,
    response: caseEnvelope,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_STATUS_TRANSITION'],
    handler: async ({ auth, actor, requestId, params, body }) => {
      await proposeDisposition({ tenantId: auth.tenantId, caseId: params.caseId, ...body, actor, requestId });
      return { data: await getCase({ tenantId: auth.tenantId, caseId: params.caseId }) };
    },
  }),
});
