import type { TaskList } from 'graphile-worker';
import { dispatchOutboxEvent } from './dispatch-outbox-event';

/**
 * Every background task, by identifier. Domains add theirs here.
 * - `outbox.dispatch`: one per OutboxEvent row (enqueued by the row's insert trigger).
 */
export const taskList: TaskList = {
  'outbox.dispatch': async (payload, helpers) => {
    const { eventId } = payload as { eventId: string };
    await dispatchOutboxEvent({ eventId, logger: helpers.logger });
  },
};
