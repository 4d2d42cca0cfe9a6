/**
 * Crash recovery of bulk jobs. graphile-worker 0.18 releases the lock of a job whose worker died only
 * after 4 hours. A `bulk.process` run is one chunk in one transaction (bounded by the transaction
 * timeout), so a lock older than BULK_STALE_LOCK_MS means its worker died: this sweep releases it, and
 * enqueues a chunk for any unfinished job that has no job in the queue. It runs every
 * BULK_SWEEP_INTERVAL_MS while unfinished bulk jobs exist (started by each bulk request), and once a
 * minute from the crontab as a safety net. The job ledger makes a re-run create nothing twice.
 */
import type { JobHelpers } from 'graphile-worker';
import { withPlatform, type Tx } from '@/lib/db/tenant-tx';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

export function bulkStaleLockMs(): number {
  return Number(process.env.BULK_STALE_LOCK_MS ?? 120_000);
}

export function bulkSweepIntervalMs(): number {
  return Number(process.env.BULK_SWEEP_INTERVAL_MS ?? 15_000);
}

/** Import screenings run longer (many transactions); their locks are released after this. */
export function monitoringStaleLockMs(): number {
  return Number(process.env.MONITORING_STALE_LOCK_MS ?? 1_800_000);
}

/** Starts the sweep chain if it is not scheduled (one job key; an earlier run time is kept). */
export async function scheduleBulkMaintenance(tx: Tx): Promise<void> {
  await enqueueJob(tx, 'bulk.maintain', {}, { jobKey: 'bulk.maintain', jobKeyMode: 'preserve_run_at', runAt: new Date(Date.now() + bulkSweepIntervalMs()) });
}

type Helpers = Pick<JobHelpers, 'withPgClient' | 'addJob' | 'job' | 'logger'>;

export async function runBulkMaintenance(
  helpers: Helpers,
  { reschedule }: { reschedule: boolean },
): Promise<{ released: number; requeued: number; unfinished: number }> {
  const released = await releaseStaleLocks(helpers);
  const unfinished = await withPlatform((tx) =>
    tx.bulkJob.findMany({ where: { status: { in: ['Queued', 'Running'] } }, select: { id: true, tenantId: true }, take: 1000 }),
  );
  let requeued = 0;
  if (unfinished.length) {
    const keys = unfinished.map((j) => `bulk:${j.id}`);
    const { rows } = await helpers.withPgClient((client) =>
      client.query<{ key: string }>(`SELECT key FROM graphile_worker._private_jobs WHERE key = ANY($1::text[])`, [keys]),
    );
    const queued = new Set(rows.map((r) => r.key));
    for (const job of unfinished) {
      if (queued.has(`bulk:${job.id}`)) continue;
      await helpers.addJob('bulk.process', { tenantId: job.tenantId, jobId: job.id }, { jobKey: `bulk:${job.id}` });
      requeued++;
    }
    if (reschedule) {
      await helpers.addJob('bulk.maintain', {}, { jobKey: 'bulk.maintain', runAt: new Date(Date.now() + bulkSweepIntervalMs()) });
    }
  }
  if (released + requeued > 0) helpers.logger.info(`bulk: released ${released} stale job locks, enqueued ${requeued} unfinished jobs`);
  return { released, requeued, unfinished: unfinished.length };
}

async function releaseStaleLocks(helpers: Helpers): Promise<number> {
  // The worker connects as the schema owner, so it may touch graphile-worker's private table
  // (version-pinned: graphile-worker 0.18.0), and only for these tasks.
  const result = await helpers.withPgClient((client) =>
    client.query(
      `UPDATE graphile_worker._private_jobs AS jobs
          SET locked_at = NULL, locked_by = NULL
         FROM graphile_worker._private_tasks AS tasks
        WHERE tasks.id = jobs.task_id
          AND jobs.id <> $3::bigint
          AND ((tasks.identifier IN ('bulk.process', 'bulk.maintain') AND jobs.locked_at < now() - make_interval(secs => $1::double precision / 1000))
            OR (tasks.identifier = 'monitoring.import' AND jobs.locked_at < now() - make_interval(secs => $2::double precision / 1000)))
        RETURNING jobs.id`,
      [bulkStaleLockMs(), monitoringStaleLockMs(), helpers.job.id],
    ),
  );
  return result.rowCount ?? 0;
}
