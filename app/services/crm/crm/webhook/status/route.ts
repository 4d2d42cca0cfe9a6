import { apiRoute, apiRoutes } from '@/lib/http/route';
import { webhookStatusResponse } from '@/lib/webhooks/schemas';
import { getWebhookStatus } from '@/lib/webhooks/endpoints';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/crm/webhook/status – the tenant's webhook status (also at /crm/webhook/status)
  GET: apiRoute({
    summary: "The tenant's webhook status: Active, Paused or Disabled",
    description:
      'Active: events are sent. Paused (after 3 consecutive failed handshakes, or a delivery that failed all 5 tries): events are queued and sent again only by a replay after a successful handshake. Disabled (initial, or set by an administrator): nothing is sent or queued.',
    auth: ['apiKey', 'session'],
    response: webhookStatusResponse,
    handler: ({ auth }) => getWebhookStatus({ tenantId: auth.tenantId }),
  }),
});
