import { apiRoute, apiRoutes } from '@/lib/http/route';
import { alertList, listAlertsQuery } from '@/lib/transactions/schemas';
import { listAlerts } from '@/lib/transactions/read-transactions';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/alerts – list transaction alerts, newest first
  GET: apiRoute({
    summary: 'List transaction alerts',
    description:
      'Filters: `status` (Open | Closed), `severity`, `ruleId`, `entityId`, `caseId`, `assignee` (`me`, `unassigned` or a user id), `from`/`to` (createdAt). Newest first.',
    auth: ['apiKey', 'session'],
    query: listAlertsQuery,
    response: alertList,
    handler: ({ auth, query }) => listAlerts({ tenantId: auth.tenantId, query, userId: auth.user?.id }),
  }),
});
