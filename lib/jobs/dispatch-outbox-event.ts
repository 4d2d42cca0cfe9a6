import type { Logger } from 'graphile-worker';

/**
 * Hands one committed outbox event to its consumers. The webhook system subscribes here;
 * until a consumer exists the event only stays recorded in the outbox.
 */
export async function dispatchOutboxEvent({ eventId, logger }: { eventId: string; logger: Logger }): Promise<void> {
  logger.debug(`outbox event ${eventId} has no consumer yet`);
}
