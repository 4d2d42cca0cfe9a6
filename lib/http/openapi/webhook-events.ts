import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { envelopeSchema, EVENT_TYPES, eventDataSchemas, handshakeSchema } from '@/lib/webhooks/events';

// The requests the service sends to a tenant's webhook receiver (OpenAPI 3.1 `webhooks`).

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

const receiverAnswer = {
  200: { description: 'Processed (any 2xx counts). Answer within 5 seconds; 3xx, 4xx, 5xx, timeouts and resets are retried (5 tries in all).' },
};

/** Documents the handshake and every event type the service delivers. */
export function registerWebhookEvents(registry: OpenAPIRegistry): void {
  registry.registerWebhook({
    method: 'post',
    path: 'handshake',
    summary: 'handshake: sent at registration, on enable, and every WEBHOOK_HANDSHAKE_INTERVAL_MS',
    description:
      'Verify the signature, then answer 200 with the `challenge` as the whole (text) body or as `{"challenge": "..."}`. 3 consecutive failures pause the webhook; a success makes a Paused webhook Active (queued events still wait for a replay).',
    request: { headers: signatureHeaders, body: { content: { 'application/json': { schema: handshakeSchema } } } },
    responses: {
      200: {
        description: 'The challenge, echoed',
        content: { 'text/plain': { schema: z.string() }, 'application/json': { schema: z.object({ challenge: z.string() }) } },
      },
    },
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
