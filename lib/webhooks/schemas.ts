import { z } from 'zod';
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
