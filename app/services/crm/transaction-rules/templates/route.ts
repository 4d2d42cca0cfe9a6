import { apiRoute, apiRoutes } from '@/lib/http/route';
import { templateList } from '@/lib/transactions/schemas';
import { listTemplates } from '@/lib/transactions/rules/manage-rules';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/transaction-rules/templates – the rule templates and their parameters
  GET: apiRoute({
    summary: 'List transaction rule templates',
    description: 'Each template with its parameters and their types (decimal amounts are strings).',
    auth: ['apiKey', 'session'],
    response: templateList,
    handler: async () => listTemplates(),
  }),
});
