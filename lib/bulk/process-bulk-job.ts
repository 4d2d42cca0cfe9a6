/**
 * The worker side of bulk onboarding: each run of `bulk.process` handles one chunk of a job's Pending
 * items in one transaction: it creates the clients, screens the monitored ones, marks the items
 * Succeeded or Failed, updates the job's counters and enqueues the next chunk. A worker killed
 * mid-chunk loses that transaction as a whole: the items are still Pending with the same entity ids,
 * and the next run (after a restart, or once maintain.ts has released the dead worker's lock) creates
 * them exactly once. `BulkJobUpdate` is emitted when the job starts and when it ends.
 */
import { log } from '@/lib/core/logger';
import { withDeferredEntityDocuments } from '@/lib/db/entity-documents';
import { sqlOf, withTenantConnection } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { emitEvent } from '@/lib/jobs/outbox';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { recordScreening, type EntityScreening } from '@/lib/cases/record-screening';
import { replaceMonitoredKeys } from '@/lib/monitoring/monitored-keys';
import { screenInputs } from '@/lib/monitoring/screen-entities';
import { insertClients, screeningInputOf, type ClientToCreate } from './insert-clients';
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
  const searchStarted = performance.now();
  const pre = await prescreenNextChunk(tenantId, jobId);
  const searchMs = Math.round(performance.now() - searchStarted);
  const writeStarted = performance.now();
  const outcome = await writeChunk(tenantId, jobId, pre, enqueueNext);
  // where a chunk's time goes (the forward search before the transaction, then the writes): bench:bulk sums these
  log('info', 'bulk chunk', { tenantId, jobId, size: pre.size, searchMs, writeMs: Math.round(performance.now() - writeStarted), outcome });
  return outcome;
}

async function writeChunk(
  tenantId: string,
  jobId: string,
  pre: { size: number; screenings: Map<string, EntityScreening> },
  enqueueNext: boolean,
): Promise<ChunkOutcome> {
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
      [tenantId, jobId, pre.size],
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
    // The clients' stored documents (the entity read model) are built once, after their entities,
    // identities, verifications and screening outcome are written: each of those statements would
    // rebuild the documents of the whole chunk again.
    const created = await withDeferredEntityDocuments(tx, async () => {
      const created = await insertClients(tx, { tenantId, jobId, clients, batchTagIds: job.tagIds, screenedAt: now });
      // Ongoing monitoring: screened at creation. The forward search ran before this transaction
      // (prescreenNextChunk); an item it did not cover (another run moved the queue) is searched here.
      const monitored = created.flatMap((c) => {
        const input = screeningInputOf(c);
        return input ? [{ entityId: c.entityId, ongoingMonitoring: true, input }] : [];
      });
      if (monitored.length) {
        const missing = monitored.filter((m) => !pre.screenings.has(m.entityId));
        const late = missing.length ? await screenInputs(db, tenantId, missing) : [];
        const screenings = [...monitored.flatMap((m) => pre.screenings.get(m.entityId) ?? []), ...late];
        await recordScreening(tx, { tenantId, screenings: screenings.filter((s) => s.matches.length > 0), screenedAt: now });
        await replaceMonitoredKeys(tx, tenantId, monitored);
      }
      return created;
    });
    const createdIds = new Set(created.map((c) => c.entityId));

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
    if (job.processed >= job.total) {
      await finishJob(tx, tenantId, job);
      return 'done';
    }
    if (enqueueNext) await enqueueJob(tx, 'bulk.process', { tenantId, jobId }, { jobKey: `bulk:${jobId}` });
    return 'more';
  });
}

/** Seconds of forward search a chunk may spend before its transaction (BULK_SCREEN_BUDGET_MS). */
export function bulkScreenBudgetMs(): number {
  return Math.max(1, Number(process.env.BULK_SCREEN_BUDGET_MS ?? 10_000));
}

/** Clients searched per set-based screening statement group (BULK_SCREEN_BATCH). */
export function bulkScreenBatch(): number {
  return Math.max(1, Number(process.env.BULK_SCREEN_BATCH ?? 50));
}

/**
 * The forward search of the next pending items, outside the chunk's transaction: it reads only the
 * watchlists, it is the slowest step, and inside the transaction it made a chunk outlive the
 * interactive-transaction timeout on a loaded machine, so the job retried forever. It runs on a plain
 * pooled connection in the tenant's scope and is set-based: BULK_SCREEN_BATCH clients at a time are
 * searched together (screenInputs → screenMany: a few statements for all of them instead of several
 * per client). It stops when BULK_SCREEN_BUDGET_MS is spent: the chunk is then the items searched so
 * far (at least one batch), which keeps every run short.
 */
async function prescreenNextChunk(tenantId: string, jobId: string): Promise<{ size: number; screenings: Map<string, EntityScreening> }> {
  return withTenantConnection(tenantId, async (client) => {
    const { rows } = await client.query<{ index: number; entityId: string; input: BulkClientItem }>(
      `SELECT index, "entityId", input FROM "BulkJobItem"
        WHERE "tenantId" = $1::uuid AND "jobId" = $2::uuid AND status = 'Pending'
        ORDER BY index LIMIT $3`,
      [tenantId, jobId, bulkChunkSize()],
    );
    const screenings = new Map<string, EntityScreening>();
    const started = performance.now();
    const batch = bulkScreenBatch();
    let size = 0;
    while (size < rows.length) {
      if (size > 0 && performance.now() - started > bulkScreenBudgetMs()) break;
      const items = rows.slice(size, size + batch);
      size += items.length;
      const inputs = items.flatMap((item) => {
        let input = null;
        try {
          input = item.input ? screeningInputOf({ entityId: item.entityId, index: item.index, input: item.input }) : null;
        } catch {
          input = null; // a bad date pair is reported by the insert; nothing to search
        }
        return input ? [{ entityId: item.entityId, input }] : [];
      });
      for (const screening of await screenInputs(client, tenantId, inputs)) screenings.set(screening.entityId, screening);
    }
    return { size: Math.max(size, 1), screenings };
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
