import type { TaskList } from 'graphile-worker';
import { dispatchOutboxEvent } from './dispatch-outbox-event';
import { webhookTasks } from '@/lib/webhooks/tasks';

/**
 * Every background task, by identifier. Domains add theirs here.
 * - `outbox.dispatch`: one per OutboxEvent row (enqueued by the row's insert trigger).
 * - `webhooks.*`: webhook retries, periodic handshakes, replay and crash recovery (lib/webhooks/tasks.ts).
 */
export const taskList: TaskList = {
  'outbox.dispatch': async (payload, helpers) => {
    const { eventId, tenantId } = payload as { eventId: string; tenantId: string };
    await dispatchOutboxEvent({ eventId, tenantId, logger: helpers.logger });
  },
  ...webhookTasks,
};
