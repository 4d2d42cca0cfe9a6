import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { formatTimestamp } from '@/lib/core/format';
import { log } from '@/lib/core/logger';
import { withPlatform, withTenant, type Tx } from '@/lib/db/tenant-tx';
import { sqlOf } from '@/lib/db/sql';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { getAttachmentStorage } from '@/lib/attachments/storage';
import type { RetentionState } from './schemas';
import {
  AUDIT_TRAIL_KEYS,
  ATTACHMENT_UNREFERENCED_SQL,
  ENTITY_ATTACHMENTS_SQL,
  ENTITY_TABLES,
  ERASED_ATTACHMENTS_SQL,
  type ColumnErasure,
} from './entity-data';

/**
 * Erasure requests (Saudi PDPL) against AML record keeping: a request is recorded at once and
 * honoured when the law allows, RETENTION_YEARS (default 10) after the business relationship
 * ended (Entity.relationshipEndedAt: set by a trigger when a client becomes Deactivated or
 * Deceased; for a prospect or a screening entity, with which there is no relationship to keep
 * records of, the day erasure is requested). The `privacy:erase-due` job (daily) then erases the
 * personal data, each entity in one transaction, as entity-data.ts declares table by table: the
 * identities, documents and files, addresses, bank accounts, activities, tags, e-mails, KYC answer
 * files, agreement signatures, relationship files (of relationships where the entity is the related
 * person) and monitoring name keys are deleted; the records the AML audit trail needs stay with
 * their personal values pseudonymised (KYC free-text answers and additional information, answered
 * countries in score breakdowns, review comments, relationship decision reasons, invitation
 * e-mails and the notes on the entity's relationships, wallet vIBANs, the IBANs of each side of the
 * entity's transactions that is the entity or an outside counterparty, transfer reasons, case
 * notes and decision comments, STR facts, match comments and matched identity numbers); ids,
 * amounts, dates, states and decisions stay. The Entity row stays as a tombstone without any
 * personal field (id, tenant, role, type, status, the tenant's own crmId, dates), and the
 * `before`/`after` values of every audit entry about those records are pseudonymised the same way
 * (crm_pseudonymise_audit), and so are the outbox events and webhook deliveries that carried them.
 * Pseudonyms are an HMAC under a key thrown away after the run: equal
 * values keep equal pseudonyms within one erasure, so the trail still shows that a field changed or
 * that two transactions went to the same IBAN, but no value can be recovered or guessed.
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
    if (pending) throw new AppError('CONFLICT', undefined, 'erasureAlreadyPending');
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

/** Pseudonym of one value: HMAC-SHA-256 under the run's key, 16 hex digits. */
function pseudonym(value: unknown, key: Buffer): string {
  return `erased:${crypto.createHmac('sha256', key).update(String(value)).digest('hex').slice(0, 16)}`;
}

/**
 * A JSON document with its values pseudonymised, except the primitive values (and arrays of them)
 * under `kept` keys: ids, codes, states, amounts and dates stay; an object under a kept key is
 * still walked (a kept key never shelters personal values nested below it).
 */
export function pseudonymiseExcept(value: unknown, key: Buffer, kept: ReadonlySet<string>, keep = false): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => pseudonymiseExcept(v, key, kept, keep));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, pseudonymiseExcept(v, key, kept, kept.has(k))]));
  }
  return keep ? value : pseudonym(value, key);
}

/** A JSON document with only the values under `keys` (at any depth) pseudonymised. */
export function pseudonymiseKeys(value: unknown, key: Buffer, keys: ReadonlySet<string>): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => pseudonymiseKeys(v, key, keys));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, keys.has(k) ? pseudonymiseExcept(v, key, new Set()) : pseudonymiseKeys(v, key, keys)]),
  );
}

const AUDIT_KEPT = new Set(AUDIT_TRAIL_KEYS);

function erasedValue(rule: ColumnErasure, value: unknown, key: Buffer): unknown {
  if ('clear' in rule) return null;
  if ('pseudonymise' in rule) return pseudonym(value, key);
  if ('pseudonymiseKeys' in rule) return pseudonymiseKeys(value, key, new Set(rule.pseudonymiseKeys));
  return pseudonymiseExcept(value, key, new Set(rule.pseudonymiseExcept));
}

const isJsonRule = (rule: ColumnErasure) => 'pseudonymiseKeys' in rule || 'pseudonymiseExcept' in rule;

/**
 * Erases one entity's personal data in the caller's tenant transaction (ENTITY_TABLES says what
 * happens to each table); answers the storage keys of the files to delete after commit. Either all
 * of it commits or none: the caller's transaction rolls back on any error.
 */
export async function eraseEntity(tx: Tx, { tenantId, entityId, requestIdOfErasure }: { tenantId: string; entityId: string; requestIdOfErasure: string }) {
  const sql = sqlOf(tx);
  const params = [tenantId, entityId];
  const key = crypto.randomBytes(32);
  const attachments = (
    await sql.query<{ id: string; storageKey: string }>(
      `SELECT a.id, a."storageKey" FROM "Attachment" a WHERE a."tenantId" = $1 AND a.id IN (${ERASED_ATTACHMENTS_SQL})`,
      params,
    )
  ).rows;
  const allAttachments = (await sql.query<{ id: string }>(`SELECT id FROM (${ENTITY_ATTACHMENTS_SQL}) x WHERE id IS NOT NULL`, params)).rows;

  // The audit targets: every record of the entity, read before any is deleted.
  const targets = new Map<string, { type: string; id: string }>();
  const addTarget = (type: string, id: string) => targets.set(`${type}:${id}`, { type, id });
  for (const d of ENTITY_TABLES) {
    const ids = await sql.query<{ id: string | null }>(`SELECT to_jsonb(t)->>'id' AS id FROM "${d.table}" t WHERE t."tenantId" = $1 AND ${d.rows}`, params);
    for (const { id } of ids.rows) if (id) addTarget(d.table, id);
  }
  for (const a of allAttachments) addTarget('Attachment', a.id);

  // Personal columns of the rows that stay: cleared or pseudonymised.
  let pseudonymised = 0;
  for (const d of ENTITY_TABLES) {
    if (d.erase !== 'keep' && d.table !== 'Transaction') continue;
    for (const [column, rule] of Object.entries(d.personal ?? {})) {
      if (d.table === 'Transaction' && column !== 'internalTransferReason') continue; // the sides: below
      const where = `t."tenantId" = $1 AND ${d.eraseRows ?? d.rows} AND t."${column}" IS NOT NULL`;
      if ('clear' in rule) {
        pseudonymised += await tx.$executeRawUnsafe(`UPDATE "${d.table}" t SET "${column}" = NULL WHERE ${where}`, ...params);
        continue;
      }
      const rows = (
        await sql.query<{ ctid: string; value: unknown }>(`SELECT t.ctid::text AS ctid, t."${column}" AS value FROM "${d.table}" t WHERE ${where}`, params)
      ).rows;
      for (const row of rows) {
        const value = erasedValue(rule, row.value, key);
        await sql.query(`UPDATE "${d.table}" SET "${column}" = $3${isJsonRule(rule) ? '::jsonb' : ''} WHERE "tenantId" = $1 AND ctid = $2::tid`, [
          tenantId,
          row.ctid,
          isJsonRule(rule) ? JSON.stringify(value) : value,
        ]);
      }
      pseudonymised += rows.length;
    }
  }

  // Transactions: the IBANs and virtual IBANs of each side that is the entity or an outside
  // counterparty; a side that is another entity of the tenant keeps its own.
  const transactions = ENTITY_TABLES.find((d) => d.table === 'Transaction')!;
  const sideKeys = new Set(['iban', 'vIban']);
  const txRows = (
    await sql.query<{ id: string; source: unknown; target: unknown; sourceEntityId: string | null; targetEntityId: string | null }>(
      `SELECT t.id, t.source, t.target, t."sourceEntityId", t."targetEntityId" FROM "Transaction" t WHERE t."tenantId" = $1 AND ${transactions.rows}`,
      params,
    )
  ).rows;
  for (const row of txRows) {
    const side = (json: unknown, owner: string | null) => (owner === null || owner === entityId ? pseudonymiseKeys(json, key, sideKeys) : json);
    await sql.query(`UPDATE "Transaction" SET source = $3::jsonb, target = $4::jsonb WHERE "tenantId" = $1 AND id = $2`, [
      tenantId,
      row.id,
      JSON.stringify(side(row.source, row.sourceEntityId)),
      JSON.stringify(side(row.target, row.targetEntityId)),
    ]);
  }
  pseudonymised += txRows.length;

  // Notes attached only to the entity's relationships.
  const notes = (
    await sql.query<{ id: string; title: string; description: string }>(
      `SELECT n.id, n.title, n.description FROM "Note" n WHERE n."tenantId" = $1
         AND EXISTS (SELECT 1 FROM "RelationshipNote" rn JOIN "Relationship" r ON r.id = rn."relationshipId" WHERE rn."noteId" = n.id AND $2 IN (r."sourceEntityId", r."targetEntityId"))
         AND NOT EXISTS (SELECT 1 FROM "RelationshipNote" rn JOIN "Relationship" r ON r.id = rn."relationshipId" WHERE rn."noteId" = n.id AND $2 NOT IN (r."sourceEntityId", r."targetEntityId"))`,
      params,
    )
  ).rows;
  for (const note of notes) {
    await sql.query(`UPDATE "Note" SET title = $3, description = $4 WHERE "tenantId" = $1 AND id = $2`, [
      tenantId,
      note.id,
      pseudonym(note.title, key),
      pseudonym(note.description, key),
    ]);
    addTarget('Note', note.id);
  }

  // Copies in the outbox and the webhook deliveries: the event payloads that name the entity (or
  // one of its records) keep their ids, types, states, amounts and dates; the rest is pseudonymised,
  // in the stored payload, the delivery body and every try's request body alike.
  const targetIds = [...new Set([...targets.values()].map((t) => t.id))];
  const events = (
    await sql.query<{ id: string; payload: unknown }>(
      `SELECT e.id, e.payload FROM "OutboxEvent" e WHERE e."tenantId" = $1
         AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS x(id) WHERE strpos(e.payload::text, x.id) > 0)`,
      [tenantId, targetIds],
    )
  ).rows;
  for (const event of events) {
    await sql.query(`UPDATE "OutboxEvent" SET payload = $3::jsonb WHERE "tenantId" = $1 AND id = $2::uuid`, [
      tenantId,
      event.id,
      JSON.stringify(pseudonymiseExcept(event.payload, key, AUDIT_KEPT)),
    ]);
  }
  const rewriteBody = (body: string) => {
    try {
      return JSON.stringify(pseudonymiseExcept(JSON.parse(body), key, AUDIT_KEPT));
    } catch {
      return pseudonym(body, key);
    }
  };
  if (events.length) {
    const eventIds = events.map((e) => e.id);
    const deliveries = (
      await sql.query<{ id: string; body: string }>(`SELECT id, body FROM "WebhookDelivery" WHERE "tenantId" = $1 AND "eventId" = ANY($2::uuid[])`, [
        tenantId,
        eventIds,
      ])
    ).rows;
    for (const d of deliveries)
      await sql.query(`UPDATE "WebhookDelivery" SET body = $3 WHERE "tenantId" = $1 AND id = $2::uuid`, [tenantId, d.id, rewriteBody(d.body)]);
    const tries = (
      await sql.query<{ id: string; requestBody: string }>(
        `SELECT a.id, a."requestBody" FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId" WHERE a."tenantId" = $1 AND d."eventId" = ANY($2::uuid[])`,
        [tenantId, eventIds],
      )
    ).rows;
    for (const a of tries)
      await sql.query(`UPDATE "WebhookAttempt" SET "requestBody" = $3 WHERE "tenantId" = $1 AND id = $2::uuid`, [tenantId, a.id, rewriteBody(a.requestBody)]);
  }
  pseudonymised += events.length;

  // The rows that go, children before parents.
  let deleted = 0;
  for (const d of [...ENTITY_TABLES].reverse()) {
    if (d.erase !== 'delete') continue;
    deleted += await tx.$executeRawUnsafe(`DELETE FROM "${d.table}" t WHERE t."tenantId" = $1 AND ${d.eraseRows ?? d.rows}`, ...params);
  }
  let deletedKeys: string[] = [];
  if (attachments.length) {
    // An attachment still referenced by another record stays.
    const removed = await sql.query<{ storageKey: string }>(
      `DELETE FROM "Attachment" a WHERE a."tenantId" = $1 AND a.id = ANY($2::uuid[]) AND ${ATTACHMENT_UNREFERENCED_SQL} RETURNING a."storageKey"`,
      [tenantId, attachments.map((a) => a.id)],
    );
    deletedKeys = removed.rows.map((r) => r.storageKey);
  }
  const erasedAt = new Date();
  await tx.entity.update({
    where: { id: entityId },
    data: { ...ENTITY_PERSONAL_FIELDS, ongoingMonitoring: false, erasedAt },
  });
  await sql.query(`UPDATE "Entity" SET "rawData" = NULL WHERE id = $1 AND "tenantId" = $2`, [entityId, tenantId]);

  // The audit trail: personal values become pseudonyms; who, what, which record and when stay.
  const list = [...targets.values()];
  const entries = (
    await sql.query<{ id: string; before: unknown; after: unknown }>(
      `SELECT id, "before", "after" FROM "AuditLog" WHERE "tenantId" = $1 AND ("targetType", "targetId") IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
      [tenantId, list.map((t) => t.type), list.map((t) => t.id)],
    )
  ).rows;
  for (const entry of entries) {
    await sql.query(`SELECT crm_pseudonymise_audit($1::uuid, $2::uuid, $3::jsonb, $4::jsonb)`, [
      tenantId,
      entry.id,
      entry.before == null ? null : JSON.stringify(pseudonymiseExcept(entry.before, key, AUDIT_KEPT)),
      entry.after == null ? null : JSON.stringify(pseudonymiseExcept(entry.after, key, AUDIT_KEPT)),
    ]);
  }
  await tx.erasureRequest.update({ where: { id: requestIdOfErasure }, data: { status: 'Completed', completedAt: erasedAt } });
  await writeAudit(tx, {
    tenantId,
    actor: { type: 'system' },
    action: 'entity.erase',
    targetType: 'Entity',
    targetId: entityId,
    after: {
      erasureRequestId: requestIdOfErasure,
      recordsDeleted: deleted,
      valuesPseudonymised: pseudonymised + notes.length,
      filesDeleted: deletedKeys.length,
      auditEntriesPseudonymised: entries.length,
    },
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
