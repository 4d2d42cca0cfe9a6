import type { JobHelpers } from 'graphile-worker';
import { withPlatform, withTenant } from '@/lib/db/tenant-tx';
import { staleLockMs, sweepIntervalMs } from './config';
import { enqueueWebhookJob } from './jobs-queue';

// graphile-worker 0.18 releases the lock of a job whose worker died only after 4 hours. Webhook
// jobs are short by construction (every request is bounded by WEBHOOK_TIMEOUT_MS), so this job,
// run every WEBHOOK_SWEEP_INTERVAL_MS, releases locks older than WEBHOOK_STALE_LOCK_MS on them, and
// re-enqueues deliveries whose job went missing. Together with the delivery lease this makes
// delivery crash-safe in bounded time: a killed worker's tries are sent again by a live one.

/** Tasks whose locks may be released: all bounded by the request timeout. */
const RECOVERABLE_TASKS = ['outbox.dispatch', 'webhooks.deliver', 'webhooks.replay', 'webhooks.handshake', 'webhooks.maintain'];

/** Starts the maintenance chain if it is not running (idempotent: one job key). */
export async function scheduleMaintenance({ tenantId }: { tenantId: string }): Promise<void> {
  await withTenant(tenantId, (tx) => enqueueWebhookJob(tx, 'webhooks.maintain', {}, { jobKey: 'webhooks.maintain', jobKeyMode: 'preserve_run_at' }));
}

export async function runMaintenance(helpers: Pick<JobHelpers, 'withPgClient' | 'addJob' | 'job' | 'logger'>): Promise<void> {
  await helpers.addJob('webhooks.maintain', {}, { jobKey: 'webhooks.maintain', runAt: new Date(Date.now() + sweepIntervalMs()) });
  const released = await releaseStaleLocks(helpers);
  const requeued = await requeueOrphanedDeliveries();
  if (released + requeued > 0) helpers.logger.info(`webhooks: released ${released} stale job locks, re-enqueued ${requeued} deliveries`);
}

async function releaseStaleLocks(helpers: Pick<JobHelpers, 'withPgClient' | 'job'>): Promise<number> {
  // The worker connects as the schema owner, so it may touch graphile-worker's private table
  // (version-pinned: graphile-worker 0.18.0). Only these tasks' jobs are released.
  const result = await helpers.withPgClient((client) =>
    client.query(
      `UPDATE graphile_worker._private_jobs AS jobs
          SET locked_at = NULL, locked_by = NULL
         FROM graphile_worker._private_tasks AS tasks
        WHERE tasks.id = jobs.task_id
          AND tasks.identifier = ANY($1::text[])
          AND jobs.locked_at < now() - make_interval(secs => $2::double precision / 1000)
          AND jobs.id <> $3::bigint
        RETURNING jobs.id`,
      [RECOVERABLE_TASKS, staleLockMs(), helpers.job.id],
    ),
  );
  return result.rowCount ?? 0;
}

/** Deliveries that should be moving but have no live job (e.g. the job failed for good): enqueue one. */
async function requeueOrphanedDeliveries(): Promise<number> {
  const cutoff = new Date(Date.now() - staleLockMs());
  const endpoints = await withPlatform((tx) => tx.webhookEndpoint.findMany({ where: { status: 'Active' }, select: { tenantId: true, id: true } }));
  let count = 0;
  for (const { tenantId, id } of endpoints) {
    count += await withTenant(tenantId, async (tx) => {
      const stuck = await tx.webhookDelivery.findMany({
        where: {
          tenantId,
          endpointId: id,
          OR: [
            { state: { in: ['queued', 'failed'] }, nextAttemptAt: { lt: cutoff } },
            { state: 'sending', leaseUntil: { lt: cutoff } },
          ],
          eventType: { not: 'handshake' },
        },
        select: { id: true },
        take: 500,
      });
      for (const d of stuck) {
        await enqueueWebhookJob(tx, 'webhooks.deliver', { tenantId, deliveryId: d.id }, { jobKey: `webhooks.deliver:${d.id}`, jobKeyMode: 'preserve_run_at' });
      }
      return stuck.length;
    });
  }
  return count;
}
