import type { TaskList } from 'graphile-worker';
import { dispatchOutboxEvent } from './dispatch-outbox-event';
import { webhookTasks } from '@/lib/webhooks/tasks';
import { sendEmailNotification } from '@/lib/notifications/send-email-notification';
import { expireIdempotencyKeys } from '@/lib/platform/idempotency-keys';
import { expireInvitations } from '@/lib/relationships/expire-invitations';
import { bulkTasks } from '@/lib/bulk/tasks';
import { monitoringTasks } from '@/lib/monitoring/tasks';
import { purgeSignInThrottle } from '@/lib/tenancy/sign-in-throttle';
import { eraseDueEntities } from '@/lib/privacy/erasure';

/**
 * Every background task, by identifier. Domains add theirs here.
 * - `outbox.dispatch`: one per OutboxEvent row (enqueued by the row's insert trigger).
 * - `webhooks.*`: webhook retries, periodic handshakes, replay and crash recovery (lib/webhooks/tasks.ts).
 * - `notifications.email`: one per EmailNotification row (enqueued by the row's insert trigger).
 * - `idempotency:expire`: hourly (CRONTAB below), forgets Idempotency-Keys older than 24 hours.
 * - `relationships:expire`: every minute, marks pending relationships whose confirmation link expired `Expired`.
 * - `bulk.*`: bulk onboarding chunks and their crash recovery (lib/bulk/tasks.ts; `bulk:sweep` every minute).
 * - `monitoring.import`: a watchlist import screened against the monitored entities (lib/monitoring/tasks.ts).
 * - `signin:purge-throttle`: hourly, forgets sign-in failure windows that are over.
 * - `privacy:erase-due`: daily, carries out the erasure requests whose AML retention period is over (lib/privacy/erasure.ts).
 */
export const taskList: TaskList = {
  'outbox.dispatch': async (payload, helpers) => {
    const { eventId, tenantId } = payload as { eventId: string; tenantId: string };
    await dispatchOutboxEvent({ eventId, tenantId, logger: helpers.logger });
  },
  'notifications.email': async (payload, helpers) => {
    const { notificationId, tenantId } = payload as { notificationId: string; tenantId: string };
    await sendEmailNotification({ notificationId, tenantId, attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
  },
  'idempotency:expire': async (_payload, helpers) => {
    const removed = await expireIdempotencyKeys();
    if (removed) helpers.logger.info(`expired ${removed} idempotency keys`);
  },
  'relationships:expire': async (_payload, helpers) => {
    const expired = await expireInvitations();
    if (expired) helpers.logger.info(`expired ${expired} relationship invitations`);
  },
  'signin:purge-throttle': async (_payload, helpers) => {
    const removed = await purgeSignInThrottle();
    if (removed) helpers.logger.info(`forgot ${removed} sign-in throttle windows`);
  },
  'privacy:erase-due': async (_payload, helpers) => {
    const { erased } = await eraseDueEntities();
    if (erased) helpers.logger.info(`erased the personal data of ${erased} entities (retention period over, erasure requested)`);
  },
  ...webhookTasks,
  ...bulkTasks,
  ...monitoringTasks,
};

/** Scheduled tasks (graphile-worker crontab: minute hour day month weekday task). */
export const CRONTAB = [
  '0 * * * * idempotency:expire',
  '* * * * * relationships:expire',
  '* * * * * bulk:sweep',
  '7 * * * * signin:purge-throttle',
  '17 2 * * * privacy:erase-due',
].join('\n');
