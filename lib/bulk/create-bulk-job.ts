/**
 * POST /entities/client/bulk: validates every item, reserves quota and records the job with one
 * ledger row per item (Pending, or Failed with the reasons), then enqueues the job's first chunk, all
 * in one transaction. The clients are created by the worker (process-bulk-job.ts).
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { sqlOf } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { assertEntityTags, NOT_AN_ENTITY_TAG } from '@/lib/entities/create-entity';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { scheduleBulkMaintenance } from './maintain';
import { countReservedItems, countTenantEntities, lockTenantQuota, quotaAnswer } from './quota';
import type { BulkCreateClientsInput, BulkCreateClientsResponse } from './schemas';
import { validateItems, type ItemCheck } from './validate-items';

export async function createBulkJob({
  tenantId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  input: BulkCreateClientsInput;
  actor: Actor;
  requestId?: string;
}): Promise<BulkCreateClientsResponse> {
  let checks = validateItems(input.clients);
  const batchTags = [...new Set(input.tagIds ?? [])];
  return withTenant(tenantId, async (tx) => {
    const quota = await lockTenantQuota(tx, tenantId);
    await assertEntityTags(tx, tenantId, input.tagIds ?? []);
    checks = await checkReferences(tx, tenantId, checks);

    // Room left under the hard threshold: valid items beyond it are refused, in request order.
    const held = (await countTenantEntities(tx, tenantId)) + (await countReservedItems(tx, tenantId));
    let room = Math.max(quota.hard - held, 0);
    let refused = 0;
    checks = checks.map((check) => {
      if (!check.ok) return check;
      if (room > 0) {
        room--;
        return check;
      }
      refused++;
      return fail(
        check,
        `(item): HARD_THRESHOLD_REACHED: the tenant's entity quota (${quota.hard.toLocaleString('en')}) is used up; this client was not created`,
      );
    });
    const accepted = checks.filter((c) => c.ok).length;
    const failed = checks.length - accepted;

    const jobId = randomUUID();
    await tx.bulkJob.create({
      data: {
        id: jobId,
        tenantId,
        status: 'Queued',
        total: checks.length,
        processed: failed,
        failed,
        tagIds: batchTags,
        actorType: actor.type,
        actorId: actor.id ?? null,
        requestId: requestId ?? null,
      },
    });
    await insertItems(tx, tenantId, jobId, checks);
    await enqueueJob(tx, 'bulk.process', { tenantId, jobId }, { jobKey: `bulk:${jobId}` });
    await scheduleBulkMaintenance(tx);
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'bulk.create',
      targetType: 'BulkJob',
      targetId: jobId,
      after: { total: checks.length, accepted, failed, tagIds: batchTags },
      requestId,
    });
    return { quota: quotaAnswer(quota, held + accepted, refused), jobId };
  });
}

function fail(check: ItemCheck, error: string): ItemCheck {
  return { index: check.index, crmId: check.crmId, ok: false, errors: [error] };
}

/** crmIds already used or pending in another job, and tagIds / documentIds that are not this tenant's. */
async function checkReferences(tx: Tx, tenantId: string, checks: ItemCheck[]): Promise<ItemCheck[]> {
  const valid = checks.filter((c): c is Extract<ItemCheck, { ok: true }> => c.ok);
  const crmIds = valid.flatMap((c) => (c.value.crmId ? [c.value.crmId] : []));
  const tagIds = [...new Set(valid.flatMap((c) => c.value.tagIds ?? []))];
  const documentIds = [...new Set(valid.flatMap((c) => (c.value.identities ?? []).flatMap((i) => i.documentIds ?? [])))];
  const db = sqlOf(tx);
  const used = new Set(
    crmIds.length
      ? (
          await db.query<{ crmId: string }>(`SELECT "crmId" FROM "Entity" WHERE "tenantId" = $1::uuid AND "crmId" = ANY($2::text[])`, [tenantId, crmIds])
        ).rows.map((r) => r.crmId)
      : [],
  );
  const pending = new Map<string, string>();
  if (crmIds.length) {
    const { rows } = await db.query<{ crmId: string; jobId: string }>(
      `SELECT "crmId", "jobId" FROM "BulkJobItem" WHERE "tenantId" = $1::uuid AND status = 'Pending' AND "crmId" = ANY($2::text[])`,
      [tenantId, crmIds],
    );
    for (const r of rows) pending.set(r.crmId, r.jobId);
  }
  const tags = new Map(
    tagIds.length ? (await tx.tag.findMany({ where: { tenantId, id: { in: tagIds } }, select: { id: true, scope: true } })).map((t) => [t.id, t.scope]) : [],
  );
  const documents = new Set(
    documentIds.length ? (await tx.attachment.findMany({ where: { tenantId, id: { in: documentIds } }, select: { id: true } })).map((a) => a.id) : [],
  );
  return checks.map((check) => {
    if (!check.ok) return check;
    const errors: string[] = [];
    const crmId = check.value.crmId;
    if (crmId && used.has(crmId)) errors.push('crmId: DUPLICATE_CRM_ID: a client with this crmId already exists');
    else if (crmId && pending.has(crmId)) errors.push(`crmId: DUPLICATE_CRM_ID: pending in bulk job ${pending.get(crmId)}`);
    (check.value.tagIds ?? []).forEach((id, i) => {
      if (!tags.has(id)) errors.push(`tagIds.${i}: NOT_FOUND: no such tag`);
      else if (tags.get(id) !== 'Entity') errors.push(`tagIds.${i}: VALIDATION_ERROR: ${NOT_AN_ENTITY_TAG}`);
    });
    (check.value.identities ?? []).forEach((identity, i) =>
      (identity.documentIds ?? []).forEach((id, j) => documents.has(id) || errors.push(`identities.${i}.documentIds.${j}: NOT_FOUND: no such attachment`)),
    );
    return errors.length ? { index: check.index, crmId: check.crmId, ok: false, errors } : check;
  });
}

async function insertItems(tx: Tx, tenantId: string, jobId: string, checks: ItemCheck[]): Promise<void> {
  const rows = checks.map((c) => ({
    index: c.index,
    crmId: c.crmId,
    input: c.ok ? c.value : null,
    status: c.ok ? 'Pending' : 'Failed',
    entityId: c.ok ? randomUUID() : null,
    validationErrors: c.ok ? [] : c.errors,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await sqlOf(tx).query(
      `INSERT INTO "BulkJobItem" ("tenantId", "jobId", index, "crmId", input, status, "entityId", "validationErrors", "processedAt")
       SELECT $1::uuid, $2::uuid, x.index, x."crmId", x.input, x.status::"BulkJobItemStatus", x."entityId", x."validationErrors",
              CASE WHEN x.status = 'Failed' THEN now() END
         FROM jsonb_to_recordset($3::jsonb) AS x(index int, "crmId" text, input jsonb, status text, "entityId" uuid, "validationErrors" text[])`,
      [tenantId, jobId, JSON.stringify(rows.slice(i, i + 500))],
    );
  }
}
