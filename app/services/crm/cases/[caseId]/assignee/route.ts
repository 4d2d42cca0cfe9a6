import { apiRoute, apiRoutes } from '@/lib/http/route';
import { assignCaseInput, caseParams, caseSchema } from '@/lib/cases/schemas';
import { assignCase } from '@/lib/cases/review-match';
import { getCase } from '@/lib/cases/read-cases';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PUT /services/crm/cases/{caseId}/assignee – assign the case to an officer (officer app)
  PUT: apiRoute({
    summary: 'Assign case',
    description:
      '`assigneeUserId`: an officer or administrator of the tenant (400 otherwise), or null to unassign. A closed case is 409 CONFLICT. Audited. Answers the case.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: caseParams,
    body: assignCaseInput,
    response: caseSchema,
    handler: async ({ auth, actor, requestId, params, body }) => {
      await assignCase({ tenantId: auth.tenantId, caseId: params.caseId, assigneeUserId: body.assigneeUserId, actor, requestId });
      return getCase({ tenantId: auth.tenantId, caseId: params.caseId });
    },
  }),
});
