/**
 * The worker side of bulk onboarding: each run of `bulk.process` handles one chunk of a job's Pending
 * items in one transaction: it creates the clients, screens the monitored ones, marks the items
 * Succeeded or Failed, updates the job's counters and enqueues the next chunk. A worker killed
 * mid-chunk loses that transaction as a whole: the items are still Pending with the same entity ids,
 * and the next run (after a restart, or once maintain.ts has released the dead worker's lock) creates
 * them exactly once. `BulkJobUpdate` is emitted when the job starts and when it ends.
 */
import { log } from '@/lib/core/logger';
import { sqlOf, withTenantConnection } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { emitEvent } from '@/lib/jobs/outbox';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { recordScreening } from '@/lib/cases/record-screening';
import { toScreeningInput } from '@/lib/monitoring/entity-inputs';
import { replaceMonitoredKeys } from '@/lib/monitoring/monitored-keys';
import { screenInputs } from '@/lib/monitoring/screen-entities';
import { insertClients, type ClientToCreate } from './insert-clients';
import { countTenantEntities, lockTenantQuota } from './quota';
import type { BulkClientItem, BulkJobStatus } from './schemas';

/** Items per chunk (one transaction each). */
export function bulkChunkSize(): number {
  return Math.max(1, Number(process.env.BULK_CHUNK_SIZE ?? 100));
}

interface JobRow {
  id: string;
  status: BulkJobStatus;
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  tagIds: string[];
}

export type ChunkOutcome = 'more' | 'done' | 'missing';

/** Processes the next chunk of a job; 'more' when Pending items remain (the next chunk is already enqueued). */
export async function processBulkChunk({
  tenantId,
  jobId,
  enqueueNext = true,
}: {
  tenantId: string;
  jobId: string;
  enqueueNext?: boolean;
}): Promise<ChunkOutcome> {
  return withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    // The job row lock serializes runs of one job: a second run waits, then sees the chunk done.
    const { rows: jobs } = await db.query<JobRow>(
      `SELECT id, status, total, processed, succeeded, failed, "tagIds" FROM "BulkJob" WHERE "tenantId" = $1::uuid AND id = $2::uuid FOR UPDATE`,
      [tenantId, jobId],
    );
    const job = jobs[0];
    if (!job) return 'missing';
    if (job.status !== 'Queued' && job.status !== 'Running') return 'done';
    if (job.status === 'Queued') {
      await tx.bulkJob.update({ where: { id: jobId }, data: { status: 'Running', startedAt: new Date() } });
      job.status = 'Running';
      await emitJobUpdate(tx, tenantId, job);
    }

    const { rows: items } = await db.query<{ index: number; entityId: string; input: BulkClientItem }>(
      `SELECT index, "entityId", input FROM "BulkJobItem"
        WHERE "tenantId" = $1::uuid AND "jobId" = $2::uuid AND status = 'Pending'
        ORDER BY index LIMIT $3 FOR UPDATE`,
      [tenantId, jobId, bulkChunkSize()],
    );
    if (!items.length) {
      await finishJob(tx, tenantId, job);
      return 'done';
    }

    // The hard threshold is checked again at creation: single creates may have used the room since.
    const quota = await lockTenantQuota(tx, tenantId);
    const room = Math.max(quota.hard - (await countTenantEntities(tx, tenantId)), 0);
    const allowed = items.slice(0, room);
    const overQuota = items.slice(room);

    const now = new Date();
    const clients: ClientToCreate[] = allowed.map((i) => ({ entityId: i.entityId, index: i.index, input: i.input }));
    const created = await insertClients(tx, { tenantId, jobId, clients, batchTagIds: job.tagIds, screenedAt: now });
    const createdIds = new Set(created.map((c) => c.entityId));

    // Ongoing monitoring: screened at creation, in this transaction.
    const monitored = created.flatMap((c) => {
      const input = c.input.ongoingMonitoring
        ? toScreeningInput({
            type: c.type,
            nameEn: c.nameEn,
            nameAr: c.nameAr,
            dob: c.dob,
            dobHijri: c.dobHijri,
            gender: c.input.gender,
            nationalityCode: c.input.nationalityCode,
            identities: c.input.identities,
          })
        : null;
      return input ? [{ entityId: c.entityId, ongoingMonitoring: true, input }] : [];
    });
    if (monitored.length) {
      // The forward search reads only the watchlists (not the clients created above), so it runs on a
      // plain pooled connection in the tenant's scope: the ORM's per-query cost over the dozens of
      // candidate lookups of each client made the search itself 6–7 times slower inside this transaction.
      const screenings = await withTenantConnection(tenantId, (client) => screenInputs(client, tenantId, monitored));
      await recordScreening(tx, { tenantId, screenings: screenings.filter((s) => s.matches.length > 0), screenedAt: now });
      await replaceMonitoredKeys(tx, tenantId, monitored);
    }

    const outcomes = [
      ...allowed.map((i) =>
        createdIds.has(i.entityId)
          ? { index: i.index, status: 'Succeeded', errors: [] as string[] }
          : { index: i.index, status: 'Failed', errors: ['crmId: DUPLICATE_CRM_ID: a client with this crmId was created meanwhile'] },
      ),
      ...overQuota.map((i) => ({
        index: i.index,
        status: 'Failed',
        errors: [`(item): HARD_THRESHOLD_REACHED: the tenant's entity quota (${quota.hard.toLocaleString('en')}) is used up; this client was not created`],
      })),
    ];
    await db.query(
      `UPDATE "BulkJobItem" t
          SET status = x.status::"BulkJobItemStatus", "validationErrors" = x.errors, input = NULL, "processedAt" = now(),
              "entityId" = CASE WHEN x.status = 'Succeeded' THEN t."entityId" END
         FROM jsonb_to_recordset($3::jsonb) AS x(index int, status text, errors text[])
        WHERE t."tenantId" = $1::uuid AND t."jobId" = $2::uuid AND t.index = x.index`,
      [tenantId, jobId, JSON.stringify(outcomes)],
    );
    const succeeded = outcomes.filter((o) => o.status === 'Succeeded').length;
    job.processed += outcomes.length;
    job.succeeded += succeeded;
    job.failed += outcomes.length - succeeded;
    await tx.bulkJob.update({ where: { id: jobId }, data: { processed: job.processed, succeeded: job.succeeded, failed: job.failed } });
    if (items.length < bulkChunkSize() || job.processed >= job.total) {
      await finishJob(tx, tenantId, job);
      return 'done';
    }
    if (enqueueNext) await enqueueJob(tx, 'bulk.process', { tenantId, jobId }, { jobKey: `bulk:${jobId}` });
    return 'more';
  });
}

async function finishJob(tx: Tx, tenantId: string, job: JobRow): Promise<void> {
  const status: BulkJobStatus = job.failed === 0 ? 'Completed' : job.succeeded > 0 ? 'CompletedWithErrors' : 'Failed';
  await tx.bulkJob.update({ where: { id: job.id }, data: { status, completedAt: new Date() } });
  await emitJobUpdate(tx, tenantId, { ...job, status });
  log('info', 'bulk job finished', { tenantId, jobId: job.id, status, total: job.total, succeeded: job.succeeded, failed: job.failed });
}

async function emitJobUpdate(tx: Tx, tenantId: string, job: JobRow): Promise<void> {
  await emitEvent(tx, {
    tenantId,
    type: 'BulkJobUpdate',
    data: { jobId: job.id, status: job.status, total: job.total, processed: job.processed, succeeded: job.succeeded, failed: job.failed },
  });
}

/** Runs a job to its end in this process (tests, the CLI and the benchmark's inline mode). */
export async function runBulkJob({ tenantId, jobId }: { tenantId: string; jobId: string }): Promise<void> {
  while ((await processBulkChunk({ tenantId, jobId, enqueueNext: false })) === 'more');
}
