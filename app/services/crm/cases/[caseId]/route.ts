import { apiRoute, apiRoutes } from '@/lib/http/route';
import { caseParams, caseSchema } from '@/lib/cases/schemas';
import { getCase } from '@/lib/cases/read-cases';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/cases/{caseId} – a case with its matches (or transaction alerts)
  GET: apiRoute({
    summary: 'View case (unwrapped)',
    description:
      'The Case unwrapped, with every match (open first; deprecated ones last) and its review trail, the entity, and the maker, checker and assignee. Another tenant’s case is 404. ' +
      'A relationship manager’s session is refused (403): screening matches must not reach client-facing staff (tipping-off).',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: caseParams,
    response: caseSchema,
    handler: ({ auth, params }) => getCase({ tenantId: auth.tenantId, caseId: params.caseId }),
  }),
});
