import { apiRoute, apiRoutes } from '@/lib/http/route';
import { alertEnvelope, alertParams } from '@/lib/transactions/schemas';
import { getAlert } from '@/lib/transactions/read-transactions';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/alerts/{alertId} – view a transaction alert
  GET: apiRoute({
    summary: 'View transaction alert',
    description: 'The alert with the rule version that raised it, its transactions and notes. Another tenant’s id is 404.',
    auth: ['apiKey', 'session'],
    params: alertParams,
    response: alertEnvelope,
    handler: ({ auth, params }) => getAlert({ tenantId: auth.tenantId, alertId: params.alertId }),
  }),
});
