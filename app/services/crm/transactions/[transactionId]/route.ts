import { apiRoute, apiRoutes } from '@/lib/http/route';
import { transactionEnvelope, transactionParams } from '@/lib/transactions/schemas';
import { getTransaction } from '@/lib/transactions/read-transactions';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/transactions/{transactionId} – view a transaction with its alerts
  GET: apiRoute({
    summary: 'View transaction',
    description: 'The Transaction with its wallets, bank accounts, triggered alerts and STR report. Another tenant’s id is 404.',
    auth: ['apiKey', 'session'],
    params: transactionParams,
    response: transactionEnvelope,
    handler: ({ auth, params }) => getTransaction({ tenantId: auth.tenantId, transactionId: params.transactionId }),
  }),
});
