import { apiRoute, apiRoutes } from '@/lib/http/route';
import { replayResponse } from '@/lib/webhooks/schemas';
import { replayQueuedDeliveries } from '@/lib/webhooks/replay';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/webhook-endpoint/replay – send the queued events again (webhook administration)
  POST: apiRoute({
    summary: 'Replay the queued events (Active webhooks only)',
    description: 'Events queued while Paused, and those that used up their tries, are sent again in event order. 409 CONFLICT unless the webhook is Active.',
    auth: 'session',
    roles: ['admin'],
    response: replayResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: ({ auth, actor, requestId }) => replayQueuedDeliveries({ tenantId: auth.tenantId, actor, requestId }),
  }),
});
