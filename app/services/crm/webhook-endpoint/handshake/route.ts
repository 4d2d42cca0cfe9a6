import { apiRoute, apiRoutes } from '@/lib/http/route';
import { handshakeOutcomeSchema } from '@/lib/webhooks/schemas';
import { sendHandshakeNow } from '@/lib/webhooks/handshake';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/webhook-endpoint/handshake – send a handshake now (webhook administration)
  POST: apiRoute({
    summary: 'Send a handshake now',
    description: 'Applies the state machine like a periodic handshake. 409 WEBHOOK_DISABLED while Disabled.',
    auth: 'session',
    roles: ['admin'],
    response: handshakeOutcomeSchema,
    errors: ['WEBHOOK_DISABLED'],
    handler: ({ auth, actor }) => sendHandshakeNow({ tenantId: auth.tenantId, actor }),
  }),
});
