import { z } from 'zod';
import { testEventIntervalMs } from './config';
import { eventTypeSchema } from './events';

export const webhookStatusSchema = z.enum(['Active', 'Paused', 'Disabled']);
export type WebhookStatusValue = z.infer<typeof webhookStatusSchema>;

export const webhookStatusResponse = z
  .object({ status: webhookStatusSchema.meta({ description: 'Disabled until a webhook is registered.' }) })
  .meta({ id: 'WebhookStatus' });

export const webhookTestRequest = z.object({}).meta({ id: 'WebhookTestRequest', description: 'No fields; any JSON object is accepted.' });

export const webhookTestResponse = z
  .object({ id: z.uuid().meta({ description: 'Id of the queued IntegrationTestUpdate event (also its webhook-id).' }) })
  .meta({ id: 'WebhookTestAccepted' });

export const webhookHealthResponse = z.object({ status: z.enum(['ok', 'degraded']), worker: z.string(), database: z.string() }).meta({ id: 'WebhookHealth' });

/** POST /crm/webhook/test: one call per WEBHOOK_TEST_INTERVAL_MS (10 s) per tenant. */
export const testEventRateLimit = {
  name: 'webhook-test',
  perTenant: () => ({ perSecond: 1000 / Math.max(testEventIntervalMs(), 1), burst: 1 }),
};

export const registerWebhookInput = z.object({
  tenantId: z.uuid(),
  url: z.string().trim().min(1).max(2000),
  secret: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(500)
    .refine((s) => !s.startsWith('whsec_') || Buffer.from(s.slice(6), 'base64').length >= 8, 'whsec_ secrets must hold at least 8 base64 bytes'),
  eventTypes: z.array(eventTypeSchema).max(50).default([]),
});
export type RegisterWebhookInput = z.input<typeof registerWebhookInput>;

export const updateEventTypesInput = z.object({ tenantId: z.uuid(), eventTypes: z.array(eventTypeSchema).max(50) });

// ---- The webhook administration screen (officer sessions, admin role) ----
export const registerWebhookBody = registerWebhookInput.omit({ tenantId: true }).meta({ id: 'RegisterWebhook' });
export const updateEventTypesBody = updateEventTypesInput.omit({ tenantId: true }).meta({ id: 'UpdateWebhookEventTypes' });

export const handshakeOutcomeSchema = z
  .object({
    ok: z.boolean(),
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    status: webhookStatusSchema,
    consecutiveHandshakeFailures: z.number().int(),
  })
  .meta({ id: 'HandshakeOutcome' });

export const endpointSummarySchema = z
  .object({
    status: webhookStatusSchema,
    url: z.string(),
    secret: z.string().meta({ description: 'Masked: only the last four characters are ever shown.' }),
    eventTypes: z.array(z.string()),
    handshake: handshakeOutcomeSchema.nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const eventTypesResponse = z.object({ eventTypes: z.array(z.string()) }).meta({ id: 'WebhookEventTypes' });
export const disableResponse = z
  .object({ status: webhookStatusSchema, skipped: z.number().int().meta({ description: 'Queued events dropped.' }) })
  .meta({ id: 'WebhookDisabled' });
export const replayResponse = z.object({ status: webhookStatusSchema, replaying: z.number().int() }).meta({ id: 'WebhookReplay' });
