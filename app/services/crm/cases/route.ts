import { apiRoute, apiRoutes } from '@/lib/http/route';
import { caseList, listCasesQuery } from '@/lib/cases/schemas';
import { listCases } from '@/lib/cases/read-cases';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/cases – the case queue (screening and transaction monitoring)
  GET: apiRoute({
    summary: 'List cases',
    description:
      'Cases of the tenant, oldest opened first by default (`sort`). Filters: `status` (or `open`), `entityId`, `source` (ListSourceA | ListSourceB | Custom), `kind`, ' +
      '`assignee` (`me`, `unassigned` or a user id), `age` (since the case opened or reopened). Each case carries its entity and `matchSummaries`; ' +
      '`matches` and `transactionAlerts` are empty here: read them with GET /cases/{caseId}. ' +
      'A relationship manager’s session is refused (403): screening matches must not reach client-facing staff (tipping-off).',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    query: listCasesQuery,
    response: caseList,
    handler: ({ auth, query }) => listCases({ tenantId: auth.tenantId, query, userId: auth.user?.id ?? null }),
  }),
});
