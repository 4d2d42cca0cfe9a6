import { apiRoute, apiRoutes } from '@/lib/http/route';
import { webhookHealthResponse } from '@/lib/webhooks/schemas';
import { getWebhookServiceHealth } from '@/lib/webhooks/health';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/crm/webhook/health – whether the webhook service is running (also at /crm/webhook/health)
  GET: apiRoute({
    summary: 'Whether the webhook service (job worker and database) is running',
    description: 'No authentication.',
    auth: 'none',
    response: webhookHealthResponse,
    handler: () => getWebhookServiceHealth(),
  }),
});
