import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { errorResponses, jsonContent } from '@/lib/api/openapi';
import { envelopeSchema, EVENT_TYPES, eventDataSchemas, handshakeSchema } from './events';
import { webhookStatusResponse, webhookTestRequest, webhookTestResponse } from './schemas';

const tenantOnlyHeaders = z.object({
  'x-tenant': z.string().meta({ description: 'Tenant slug.' }),
  'x-api-key': z.string().optional().meta({ description: 'Optional; when sent it must be a valid key of this tenant (401/403).' }),
});

const signatureHeaders = z.object({
  'webhook-id': z.string().meta({ description: 'Event id (the payload `id`); the same on every try and replay.' }),
  'webhook-timestamp': z.string().meta({ description: 'Unix seconds of this try. Reject values more than 5 minutes off.' }),
  'webhook-signature': z.string().meta({
    description:
      '`v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks). The key is the shared secret\'s UTF-8 bytes, or the base64-decoded part of a `whsec_...` secret.',
  }),
  'x-signature': z.string().meta({ description: 'Same value as webhook-signature (the header named by the specification).' }),
  'x-webhook-event': z.string().meta({ description: 'Event type, `handshake` for handshakes.' }),
});

const receiverAnswer = { 200: { description: 'Processed (any 2xx counts). Answer within 5 seconds; 3xx, 4xx, 5xx, timeouts and resets are retried (5 tries in all).' } };

export function registerWebhooksOpenApi(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/crm/webhook/test',
    summary: 'Send a test event (IntegrationTestUpdate) to the registered webhook',
    description:
      'Also served at `/crm/webhook/test` outside the `/services/crm` prefix. Needs only `x-tenant` (a given `x-api-key` is checked). ' +
      'Queues the event and answers 202 with its id; it is delivered, signed and retried like any event. One call per 10 s per tenant (429 with Retry-After). ' +
      '409 WEBHOOK_DISABLED while the webhook is Disabled (or was never registered).',
    security: [{ tenant: [] }],
    request: { headers: tenantOnlyHeaders, body: { content: { 'application/json': { schema: webhookTestRequest } } } },
    responses: { 202: jsonContent(webhookTestResponse, 'Accepted: the event is queued'), ...errorResponses('VALIDATION_ERROR', 'WEBHOOK_DISABLED') },
  });
  registry.registerPath({
    method: 'get',
    path: '/crm/webhook/status',
    summary: "The tenant's webhook status: Active, Paused or Disabled",
    description:
      'Also served at `/crm/webhook/status`. Active: events are sent. Paused (after 3 consecutive failed handshakes, or a delivery that failed all 5 tries): events are queued and sent again only by a replay after a successful handshake. Disabled (initial, or set by an administrator): nothing is sent or queued.',
    responses: { 200: jsonContent(webhookStatusResponse) },
  });
  registry.registerPath({
    method: 'get',
    path: '/crm/webhook/health',
    summary: 'Whether the webhook service (job worker and database) is running',
    description: 'No authentication. Also served at `/crm/webhook/health`.',
    security: [],
    responses: { 200: jsonContent(z.object({ status: z.enum(['ok', 'degraded']), worker: z.string(), database: z.string() }).meta({ id: 'WebhookHealth' })) },
  });

  registry.registerWebhook({
    method: 'post',
    path: 'handshake',
    summary: 'handshake: sent at registration, on enable, and every WEBHOOK_HANDSHAKE_INTERVAL_MS',
    description:
      'Verify the signature, then answer 200 with the `challenge` as the whole (text) body or as `{"challenge": "..."}`. 3 consecutive failures pause the webhook; a success makes a Paused webhook Active (queued events still wait for a replay).',
    request: { headers: signatureHeaders, body: { content: { 'application/json': { schema: handshakeSchema } } } },
    responses: { 200: { description: 'The challenge, echoed', content: { 'text/plain': { schema: z.string() }, 'application/json': { schema: z.object({ challenge: z.string() }) } } } },
  });
  for (const type of EVENT_TYPES) {
    registry.registerWebhook({
      method: 'post',
      path: type,
      summary: `${type}: ${eventDataSchemas[type].meta()?.description ?? ''}`,
      description:
        'Envelope `{id, type, tenant, createdAt, data}`. Delivered at least once: deduplicate on `id`. Verify `webhook-signature` before trusting the body.',
      request: { headers: signatureHeaders, body: { content: { 'application/json': { schema: envelopeSchema(type) } } } },
      responses: receiverAnswer,
    });
  }
}
