import { AppError } from '@/lib/core/errors';
import { withPlatform, withTenant, type Tx } from '@/lib/db/tenant-tx';
import { sqlOf } from '@/lib/db/sql';

export interface UploadBudget {
  maxCount: number;
  maxBytes: number;
}

/** The installation's default daily budget per tenant (ATTACHMENT_DAILY_MAX_COUNT, ATTACHMENT_DAILY_MAX_BYTES). */
export function defaultUploadBudget(): UploadBudget {
  const maxCount = Number(process.env.ATTACHMENT_DAILY_MAX_COUNT ?? 10_000);
  const maxBytes = Number(process.env.ATTACHMENT_DAILY_MAX_BYTES ?? 20 * 1024 ** 3);
  if (!Number.isSafeInteger(maxCount) || maxCount < 0 || !Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new Error('ATTACHMENT_DAILY_MAX_COUNT and ATTACHMENT_DAILY_MAX_BYTES must be non-negative integers');
  }
  return { maxCount, maxBytes };
}

/** A tenant's budget: its own (Tenant.uploadDailyMaxCount / uploadDailyMaxBytes) where set, else the default. */
async function budgetOf(tx: Tx, tenantId: string): Promise<UploadBudget> {
  const fallback = defaultUploadBudget();
  const rows = await sqlOf(tx).query<{ count: number | null; bytes: string | null }>(
    `SELECT "uploadDailyMaxCount" AS count, "uploadDailyMaxBytes"::text AS bytes FROM "Tenant" WHERE id = $1::uuid`,
    [tenantId],
  );
  const row = rows.rows[0];
  return { maxCount: row?.count ?? fallback.maxCount, maxBytes: row?.bytes != null ? Number(row.bytes) : fallback.maxBytes };
}

/** Seconds until the budget renews (the next UTC midnight). */
export function secondsUntilBudgetRenews(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Takes one upload of `bytes` from the tenant's budget for today (UTC), inside the transaction that
 * stores the attachment row: the counter row is updated only while the result stays within the
 * budget, so parallel uploads cannot overrun it, and a rolled-back upload gives its share back.
 * Over budget → UPLOAD_BUDGET_EXCEEDED (429 with Retry-After until midnight UTC).
 */
export async function takeUploadBudget(tx: Tx, { tenantId, bytes }: { tenantId: string; bytes: number }): Promise<void> {
  const budget = await budgetOf(tx, tenantId);
  if (budget.maxCount < 1 || bytes > budget.maxBytes) throw new AppError('UPLOAD_BUDGET_EXCEEDED');
  const taken = await sqlOf(tx).query(
    `INSERT INTO "AttachmentDailyUsage" AS u ("tenantId", "day", "count", "bytes")
     VALUES ($1::uuid, (now() AT TIME ZONE 'UTC')::date, 1, $2::bigint)
     ON CONFLICT ("tenantId", "day") DO UPDATE SET "count" = u."count" + 1, "bytes" = u."bytes" + $2::bigint
       WHERE u."count" + 1 <= $3 AND u."bytes" + $2::bigint <= $4::bigint
     RETURNING u."count"`,
    [tenantId, bytes, budget.maxCount, budget.maxBytes],
  );
  if (taken.rows.length === 0) throw new AppError('UPLOAD_BUDGET_EXCEEDED');
}

/** Today's use and the budget of a tenant (the CLI shows it). */
export async function getUploadBudgetUse({ tenantId }: { tenantId: string }) {
  return withTenant(tenantId, async (tx) => {
    const budget = await budgetOf(tx, tenantId);
    const rows = await sqlOf(tx).query<{ count: number; bytes: string }>(
      `SELECT "count", "bytes"::text AS bytes FROM "AttachmentDailyUsage" WHERE "tenantId" = $1::uuid AND "day" = (now() AT TIME ZONE 'UTC')::date`,
      [tenantId],
    );
    const used = rows.rows[0];
    return { ...budget, usedCount: used?.count ?? 0, usedBytes: used ? Number(used.bytes) : 0 };
  });
}

/** Sets (or, with null, removes) a tenant's own daily budget. */
export async function setUploadBudget({ tenantId, maxCount, maxBytes }: { tenantId: string; maxCount: number | null; maxBytes: number | null }) {
  for (const [name, value] of [
    ['count', maxCount],
    ['bytes', maxBytes],
  ] as const) {
    if (value !== null && (!Number.isSafeInteger(value) || value < 0)) throw AppError.validation(`${name}: a non-negative integer`);
  }
  await withPlatform((tx) =>
    tx.tenant.update({ where: { id: tenantId }, data: { uploadDailyMaxCount: maxCount, uploadDailyMaxBytes: maxBytes === null ? null : BigInt(maxBytes) } }),
  );
  return getUploadBudgetUse({ tenantId });
}
