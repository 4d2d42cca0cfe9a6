import { apiRoute, apiRoutes } from '@/lib/http/route';
import { disableResponse } from '@/lib/webhooks/schemas';
import { disableWebhookEndpoint } from '@/lib/webhooks/endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/webhook-endpoint/disable – stop sending and queuing events (webhook administration)
  POST: apiRoute({
    summary: 'Disable the webhook (nothing is sent or queued)',
    auth: 'session',
    roles: ['admin'],
    response: disableResponse,
    errors: ['NOT_FOUND'],
    handler: ({ auth, actor, requestId }) => disableWebhookEndpoint({ tenantId: auth.tenantId, actor, requestId }),
  }),
});
