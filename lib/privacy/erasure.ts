import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { formatTimestamp } from '@/lib/core/format';
import { log } from '@/lib/core/logger';
import { withPlatform, withTenant, type Tx } from '@/lib/db/tenant-tx';
import { sqlOf } from '@/lib/db/sql';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { getAttachmentStorage } from '@/lib/attachments/storage';
import type { RetentionState } from './schemas';

/**
 * Erasure requests (Saudi PDPL) against AML record keeping: a request is recorded at once and
 * honoured when the law allows, RETENTION_YEARS (default 10) after the business relationship
 * ended (Entity.relationshipEndedAt: set by a trigger when a client becomes Deactivated or
 * Deceased; for a prospect or a screening entity, with which there is no relationship to keep
 * records of, the day erasure is requested). The `privacy:erase-due` job (daily) then erases the
 * personal data: the entity's identities, documents and files, addresses, bank accounts,
 * activities, tags and e-mails are deleted; the Entity row stays as a tombstone without any
 * personal field (id, tenant, role, type, status, the tenant's own crmId, dates); and the
 * `before`/`after` values of every audit entry about those records are replaced by pseudonyms
 * (HMAC with a key thrown away after the run: equal values keep equal pseudonyms within one
 * erasure, so the trail still shows that a field changed, but no value can be recovered or
 * guessed), while who did what, to which record id and when stays (crm_pseudonymise_audit).
 */

export function retentionYears(): number {
  const years = Number(process.env.RETENTION_YEARS ?? 10);
  if (!Number.isFinite(years) || years < 0) throw new Error('RETENTION_YEARS must be a non-negative number');
  return years;
}

function addYears(date: Date, years: number): Date {
  const out = new Date(date);
  const whole = Math.floor(years);
  out.setUTCFullYear(out.getUTCFullYear() + whole);
  return new Date(out.getTime() + (years - whole) * 365.25 * 86_400_000);
}

interface EntityRetentionRow {
  id: string;
  role: string;
  relationshipEndedAt: Date | null;
  erasedAt: Date | null;
}

interface ErasureRequestRow {
  id: string;
  status: 'Pending' | 'Completed' | 'Cancelled';
  note: string | null;
  requestedAt: Date;
  requestedBy: string | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
}

const requestJson = (r: ErasureRequestRow) => ({
  id: r.id,
  status: r.status,
  note: r.note,
  requestedAt: formatTimestamp(r.requestedAt),
  requestedBy: r.requestedBy,
  completedAt: formatTimestamp(r.completedAt),
  cancelledAt: formatTimestamp(r.cancelledAt),
});

async function loadState(tx: Tx, tenantId: string, entityId: string, now = new Date()): Promise<RetentionState> {
  const entity = await tx.entity.findFirst({ where: { id: entityId, tenantId }, select: { id: true, role: true, relationshipEndedAt: true, erasedAt: true } });
  if (!entity) throw AppError.notFound();
  // The pending request if there is one, else the latest.
  const requests = await tx.erasureRequest.findMany({ where: { tenantId, entityId }, orderBy: { requestedAt: 'desc' } });
  const request = requests.find((r) => r.status === 'Pending') ?? requests[0] ?? null;
  return stateOf(entity, request, now);
}

function stateOf(entity: EntityRetentionRow, request: ErasureRequestRow | null, now: Date): RetentionState {
  const years = retentionYears();
  const retainUntil = entity.relationshipEndedAt ? addYears(entity.relationshipEndedAt, years) : null;
  const state = entity.erasedAt ? 'Erased' : !retainUntil ? 'InRelationship' : retainUntil <= now && request?.status === 'Pending' ? 'ErasureDue' : 'Retained';
  return {
    state,
    retentionYears: years,
    relationshipEndedAt: formatTimestamp(entity.relationshipEndedAt),
    retainUntil: formatTimestamp(retainUntil),
    erasedAt: formatTimestamp(entity.erasedAt),
    erasureRequest: request ? requestJson(request) : null,
  };
}

/** The profile's retention panel and GET /entities/{id}/privacy. */
export async function getRetentionState({ tenantId, entityId }: { tenantId: string; entityId: string }): Promise<RetentionState> {
  return withTenant(tenantId, (tx) => loadState(tx, tenantId, entityId));
}

/**
 * Records an erasure request (one pending at a time: a second is CONFLICT). A prospect or screening
 * entity's retention starts now if it had not started; a client's starts when it is deactivated.
 */
export async function requestErasure({
  tenantId,
  entityId,
  note,
  actor,
  requestId,
}: {
  tenantId: string;
  entityId: string;
  note?: string;
  actor: Actor;
  requestId?: string;
}): Promise<RetentionState> {
  return withTenant(tenantId, async (tx) => {
    const entity = await tx.entity.findFirst({ where: { id: entityId, tenantId }, select: { role: true, relationshipEndedAt: true, erasedAt: true } });
    if (!entity) throw AppError.notFound();
    if (entity.erasedAt) throw new AppError('CONFLICT');
    const pending = await tx.erasureRequest.findFirst({ where: { tenantId, entityId, status: 'Pending' }, select: { id: true } });
    if (pending) throw new AppError('CONFLICT');
    const request = await tx.erasureRequest.create({
      data: { tenantId, entityId, note: note || null, requestedBy: actor.id ? `${actor.type}:${actor.id}` : actor.type },
    });
    if (entity.role !== 'Client' && !entity.relationshipEndedAt) {
      await tx.entity.update({ where: { id: entityId }, data: { relationshipEndedAt: request.requestedAt } });
    }
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'erasure.request',
      targetType: 'ErasureRequest',
      targetId: request.id,
      after: { entityId, note: note || null },
      requestId,
    });
    return loadState(tx, tenantId, entityId);
  });
}

/** Withdraws the pending request (the data subject withdrew it, or it was recorded in error). */
export async function cancelErasure({ tenantId, entityId, actor, requestId }: { tenantId: string; entityId: string; actor: Actor; requestId?: string }) {
  return withTenant(tenantId, async (tx) => {
    const pending = await tx.erasureRequest.findFirst({ where: { tenantId, entityId, status: 'Pending' }, select: { id: true } });
    if (!pending) {
      await loadState(tx, tenantId, entityId); // NOT_FOUND for another tenant's entity
      throw new AppError('CONFLICT');
    }
    await tx.erasureRequest.update({ where: { id: pending.id }, data: { status: 'Cancelled', cancelledAt: new Date() } });
    await writeAudit(tx, { tenantId, actor, action: 'erasure.cancel', targetType: 'ErasureRequest', targetId: pending.id, after: { entityId }, requestId });
    return loadState(tx, tenantId, entityId);
  });
}

/** Personal columns of Entity, cleared on erasure. */
const ENTITY_PERSONAL_FIELDS = {
  nameEn: null,
  nameAr: null,
  email: null,
  countryCode: null,
  phoneNumber: null,
  dob: null,
  dobHijri: null,
  dateOfIncorporation: null,
  dateOfIncorporationHijri: null,
  netIncome: null,
  netAssets: null,
  nationalityCode: null,
  gender: null,
  category: null,
  accountOpenDate: null,
  searchText: '',
  emailVerified: false,
  phoneNumberVerified: false,
} as const;

/** Keys whose values are record ids, states or times, not personal data: kept as they are in pseudonymised audit entries. */
const KEPT_AUDIT_KEYS = new Set([
  'id',
  'entityId',
  'identityId',
  'attachmentId',
  'bankAccountId',
  'addressId',
  'requestId',
  'role',
  'type',
  'status',
  'classification',
  'verificationStatus',
  'source',
  'primary',
  'isPrimary',
  'createdAt',
  'updatedAt',
  'reviewedAt',
  'relationshipEndedAt',
  'erasedAt',
]);

function pseudonymise(value: unknown, key: Buffer, keep = false): unknown {
  if (keep || value === null || value === undefined || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => pseudonymise(v, key));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, pseudonymise(v, key, KEPT_AUDIT_KEYS.has(k))]));
  }
  return `erased:${crypto.createHmac('sha256', key).update(String(value)).digest('hex').slice(0, 16)}`;
}

/** Erases one entity's personal data in the caller's tenant transaction; answers the storage keys to delete after commit. */
async function eraseEntity(tx: Tx, { tenantId, entityId, requestIdOfErasure }: { tenantId: string; entityId: string; requestIdOfErasure: string }) {
  const sql = sqlOf(tx);
  const attachments = (
    await sql.query<{ id: string; storageKey: string }>(
      `SELECT a.id, a."storageKey" FROM "Attachment" a WHERE a."tenantId" = $1 AND a.id IN (
         SELECT d."attachmentId" FROM "IdentityDocument" d JOIN "Identity" i ON i.id = d."identityId" WHERE i."entityId" = $2
         UNION SELECT i."selfieId" FROM "Identity" i WHERE i."entityId" = $2
         UNION SELECT b."attachmentId" FROM "BankAccount" b WHERE b."entityId" = $2
         UNION SELECT ad."attachmentId" FROM "Address" ad WHERE ad."entityId" = $2)`,
      [tenantId, entityId],
    )
  ).rows;
  const ids = async (table: string) =>
    (await sql.query<{ id: string }>(`SELECT id FROM "${table}" WHERE "tenantId" = $1 AND "entityId" = $2`, [tenantId, entityId])).rows.map((r) => r.id);
  const targets = [
    { type: 'Entity', id: entityId },
    ...(await ids('Identity')).map((id) => ({ type: 'Identity', id })),
    ...(await ids('Address')).map((id) => ({ type: 'Address', id })),
    ...(await ids('BankAccount')).map((id) => ({ type: 'BankAccount', id })),
    ...(await ids('ErasureRequest')).map((id) => ({ type: 'ErasureRequest', id })),
    ...attachments.map((a) => ({ type: 'Attachment', id: a.id })),
  ];

  // The records themselves.
  await sql.query(`DELETE FROM "Identity" WHERE "tenantId" = $1 AND "entityId" = $2`, [tenantId, entityId]);
  for (const table of ['Address', 'BankAccount', 'Activity', 'EntityTag', 'OrganizationStatus', 'EmailNotification']) {
    await sql.query(`DELETE FROM "${table}" WHERE "tenantId" = $1 AND "entityId" = $2`, [tenantId, entityId]);
  }
  let deletedKeys: string[] = [];
  if (attachments.length) {
    // An attachment still referenced by another entity's record stays.
    const deleted = await sql.query<{ storageKey: string }>(
      `DELETE FROM "Attachment" a WHERE a."tenantId" = $1 AND a.id = ANY($2::uuid[])
         AND NOT EXISTS (SELECT 1 FROM "IdentityDocument" d WHERE d."attachmentId" = a.id)
         AND NOT EXISTS (SELECT 1 FROM "Identity" i WHERE i."selfieId" = a.id)
         AND NOT EXISTS (SELECT 1 FROM "BankAccount" b WHERE b."attachmentId" = a.id)
         AND NOT EXISTS (SELECT 1 FROM "Address" ad WHERE ad."attachmentId" = a.id)
       RETURNING a."storageKey"`,
      [tenantId, attachments.map((a) => a.id)],
    );
    deletedKeys = deleted.rows.map((r) => r.storageKey);
  }
  const erasedAt = new Date();
  await tx.entity.update({
    where: { id: entityId },
    data: { ...ENTITY_PERSONAL_FIELDS, erasedAt },
  });
  await sql.query(`UPDATE "Entity" SET "rawData" = NULL WHERE id = $1 AND "tenantId" = $2`, [entityId, tenantId]);

  // The audit trail: personal values become pseudonyms; who, what, which record and when stay.
  const key = crypto.randomBytes(32);
  const entries = (
    await sql.query<{ id: string; before: unknown; after: unknown }>(
      `SELECT id, "before", "after" FROM "AuditLog" WHERE "tenantId" = $1 AND ("targetType", "targetId") IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
      [tenantId, targets.map((t) => t.type), targets.map((t) => t.id)],
    )
  ).rows;
  for (const entry of entries) {
    await sql.query(`SELECT crm_pseudonymise_audit($1::uuid, $2::uuid, $3::jsonb, $4::jsonb)`, [
      tenantId,
      entry.id,
      entry.before == null ? null : JSON.stringify(pseudonymise(entry.before, key)),
      entry.after == null ? null : JSON.stringify(pseudonymise(entry.after, key)),
    ]);
  }
  await tx.erasureRequest.update({ where: { id: requestIdOfErasure }, data: { status: 'Completed', completedAt: erasedAt } });
  await writeAudit(tx, {
    tenantId,
    actor: { type: 'system' },
    action: 'entity.erase',
    targetType: 'Entity',
    targetId: entityId,
    after: { erasureRequestId: requestIdOfErasure, recordsDeleted: targets.length - 1, auditEntriesPseudonymised: entries.length },
  });
  return { storageKeys: deletedKeys, skipped: false };
}

/**
 * The daily job: every pending request whose entity's retention period is over is carried out,
 * each entity in its own transaction. Answers what it erased.
 */
export async function eraseDueEntities({ now = new Date() }: { now?: Date } = {}): Promise<{ erased: number; entityIds: string[] }> {
  const years = retentionYears();
  const due = await withPlatform(async (tx) =>
    sqlOf(tx).query<{ tenantId: string; entityId: string; requestId: string; endedAt: Date }>(
      `SELECT r."tenantId", r."entityId", r.id AS "requestId", e."relationshipEndedAt" AS "endedAt"
       FROM "ErasureRequest" r JOIN "Entity" e ON e.id = r."entityId" AND e."tenantId" = r."tenantId"
       WHERE r.status = 'Pending' AND e."erasedAt" IS NULL AND e."relationshipEndedAt" IS NOT NULL
       ORDER BY r."requestedAt" LIMIT 1000`,
    ),
  );
  const erased: string[] = [];
  for (const row of due.rows) {
    if (addYears(new Date(row.endedAt), years) > now) continue;
    const { storageKeys, skipped } = await withTenant(row.tenantId, async (tx) => {
      // Re-checked inside the transaction: the relationship may have resumed since.
      const entity = await tx.entity.findFirst({ where: { id: row.entityId, tenantId: row.tenantId }, select: { relationshipEndedAt: true, erasedAt: true } });
      const request = await tx.erasureRequest.findFirst({ where: { id: row.requestId, status: 'Pending' }, select: { id: true } });
      if (!entity?.relationshipEndedAt || entity.erasedAt || !request || addYears(entity.relationshipEndedAt, years) > now)
        return { storageKeys: [] as string[], skipped: true };
      return eraseEntity(tx, { tenantId: row.tenantId, entityId: row.entityId, requestIdOfErasure: row.requestId });
    });
    const storage = getAttachmentStorage();
    for (const key of storageKeys)
      await storage.delete(key).catch((error: unknown) => log('warn', 'erased attachment file not removed', { key, error: String(error) }));
    if (!skipped) erased.push(row.entityId);
  }
  return { erased: erased.length, entityIds: erased };
}
