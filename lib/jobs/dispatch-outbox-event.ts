import type { Logger } from 'graphile-worker';
import { dispatchEventToWebhook } from '@/lib/webhooks/dispatch';

/**
 * Hands one committed outbox event to its consumers: today the tenant's webhook (Active: deliver
 * now; Paused: queue for replay; Disabled or none: nothing). Idempotent, so a re-run after a
 * crash never sends a second event id for the same change.
 */
export async function dispatchOutboxEvent({ eventId, tenantId, logger }: { eventId: string; tenantId: string; logger: Logger }): Promise<void> {
  logger.debug(`dispatching outbox event ${eventId}`);
  await dispatchEventToWebhook({ tenantId, eventId });
}
