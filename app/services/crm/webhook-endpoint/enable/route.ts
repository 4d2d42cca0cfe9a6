import { apiRoute, apiRoutes } from '@/lib/http/route';
import { endpointSummarySchema } from '@/lib/webhooks/schemas';
import { enableWebhookEndpoint } from '@/lib/webhooks/endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/webhook-endpoint/enable – Disabled → Active, with a handshake at once (webhook administration)
  POST: apiRoute({
    summary: 'Enable the webhook (Disabled → Active) and send a handshake',
    auth: 'session',
    roles: ['admin'],
    response: endpointSummarySchema,
    errors: ['NOT_FOUND'],
    handler: ({ auth, actor, requestId }) => enableWebhookEndpoint({ tenantId: auth.tenantId, actor, requestId }),
  }),
});
