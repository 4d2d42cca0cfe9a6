import { formatTimestamp } from '@/lib/core/format';
import { prepared, sqlOf } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { ENTITY_ATTACHMENTS_SQL } from '@/lib/privacy/entity-data';

export interface AuditEventView {
  id: string;
  createdAt: string;
  action: string;
  actor: { type: string; id: string | null; displayName: string | null };
  /** The record the event names: the entity itself, or one of its records (`Kyc`, `BankAccount`, `Relationship`, …). */
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

interface AuditRow {
  id: string;
  createdAt: Date;
  action: string;
  actorType: string;
  actorId: string | null;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

const clampLimit = (limit: number) => Math.min(Math.max(Math.trunc(limit) || 1, 1), 200);

/** The rows with the acting officer's display name where the actor is a user of this tenant. */
async function withActorNames(tx: Tx, tenantId: string, rows: AuditRow[]): Promise<AuditEventView[]> {
  const userIds = [...new Set(rows.filter((row) => row.actorType === 'user' && row.actorId).map((row) => row.actorId!))].filter((id) =>
    /^[0-9a-f-]{36}$/i.test(id),
  );
  const users = userIds.length ? await tx.user.findMany({ where: { id: { in: userIds }, tenantId }, select: { id: true, displayName: true } }) : [];
  const names = new Map(users.map((user) => [user.id, user.displayName]));
  return rows.map((row) => ({
    id: row.id,
    createdAt: formatTimestamp(row.createdAt),
    action: row.action,
    actor: { type: row.actorType, id: row.actorId, displayName: row.actorId ? (names.get(row.actorId) ?? null) : null },
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.requestId,
  }));
}

/**
 * The newest audit events of one record, with the acting officer's display name. Uses the
 * (tenantId, targetType, targetId, createdAt) index, so the cost does not grow with the size of the
 * audit table.
 */
export async function listAuditEvents({
  tenantId,
  targetType,
  targetId,
  limit = 50,
}: {
  tenantId: string;
  targetType: string;
  targetId: string;
  limit?: number;
}): Promise<AuditEventView[]> {
  return withTenant(tenantId, async (tx) => {
    const rows = await tx.auditLog.findMany({
      where: { tenantId, targetType, targetId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: clampLimit(limit),
    });
    return withActorNames(tx, tenantId, rows);
  });
}

/**
 * Every record an audit row may name that belongs to one entity, as (targetType, targetId): the
 * entity itself, its KYC record, its relationships in both directions (the related party's own
 * decision is audited on the relationship) and the notes filed on them, its screening and
 * transaction-monitoring cases, its watchlist matches, its transaction alerts, identities, bank
 * accounts, addresses, erasure requests and the files its records point at. `$1` is the tenant,
 * `$2` the entity (both compared with uuid columns only, so typed by them). Each branch reads a (tenantId, …) index of its table.
 *
 * Transactions are left out on purpose: an entity may have hundreds of thousands, and their
 * `transaction.create` rows would crowd the client's history out; the alerts they raised are in.
 */
const ENTITY_AUDIT_TARGETS_SQL = `
  SELECT 'Entity' AS "targetType", e.id::text AS "targetId" FROM "Entity" e WHERE e."tenantId" = $1 AND e.id = $2
  UNION SELECT 'Kyc', k.id::text FROM "Kyc" k WHERE k."tenantId" = $1 AND k."entityId" = $2
  UNION SELECT 'Relationship', r.id::text FROM "Relationship" r
    WHERE r."tenantId" = $1 AND (r."sourceEntityId" = $2 OR r."targetEntityId" = $2)
  UNION SELECT 'Note', n."noteId"::text FROM "RelationshipNote" n
    WHERE n."tenantId" = $1 AND n."relationshipId" IN (
      SELECT r.id FROM "Relationship" r WHERE r."tenantId" = $1 AND (r."sourceEntityId" = $2 OR r."targetEntityId" = $2))
  UNION SELECT 'Case', c.id::text FROM "Case" c WHERE c."tenantId" = $1 AND c."entityId" = $2
  UNION SELECT 'Match', m.id::text FROM "Match" m WHERE m."tenantId" = $1 AND m."entityId" = $2
  UNION SELECT 'TransactionAlert', a.id::text FROM "TransactionAlert" a
    WHERE a."tenantId" = $1 AND a."caseId" IN (SELECT c.id FROM "Case" c WHERE c."tenantId" = $1 AND c."entityId" = $2)
  UNION SELECT 'Identity', i.id::text FROM "Identity" i WHERE i."tenantId" = $1 AND i."entityId" = $2
  UNION SELECT 'BankAccount', b.id::text FROM "BankAccount" b WHERE b."tenantId" = $1 AND b."entityId" = $2
  UNION SELECT 'Address', d.id::text FROM "Address" d WHERE d."tenantId" = $1 AND d."entityId" = $2
  UNION SELECT 'ErasureRequest', e.id::text FROM "ErasureRequest" e WHERE e."tenantId" = $1 AND e."entityId" = $2
  UNION SELECT 'Attachment', f.id::text FROM (${ENTITY_ATTACHMENTS_SQL}) f WHERE f.id IS NOT NULL`;

/**
 * For each of the entity's records, its newest `limit` rows through the (tenantId, targetType,
 * targetId, createdAt) index; the union of those, newest first, cut to `limit`. The work is bounded
 * by the entity's own records and events, never by the size of the tenant's log.
 */
const ENTITY_AUDIT_SQL = `
  WITH targets AS (${ENTITY_AUDIT_TARGETS_SQL})
  SELECT a.id, a."createdAt", a.action, a."actorType", a."actorId", a."targetType", a."targetId", a.before, a.after, a."requestId"
  FROM targets t
  CROSS JOIN LATERAL (
    SELECT l.* FROM "AuditLog" l
    WHERE l."tenantId" = $1 AND l."targetType" = t."targetType" AND l."targetId" = t."targetId"
    ORDER BY l."createdAt" DESC, l.id DESC
    LIMIT $3
  ) a
  ORDER BY a."createdAt" DESC, a.id DESC
  LIMIT $3`;

/**
 * The profile's history: the newest audit events about one entity, whatever record they name (the
 * entity, its KYC, relationships, cases, matches, alerts, identities, bank accounts, addresses,
 * erasure requests, files), with the acting officer's display name. Another entity's or another
 * tenant's events never appear (every branch is filtered by tenant and entity, under row-level
 * security besides).
 */
export async function listEntityAuditEvents({
  tenantId,
  entityId,
  limit = 50,
}: {
  tenantId: string;
  entityId: string;
  limit?: number;
}): Promise<AuditEventView[]> {
  return withTenant(tenantId, async (tx) => {
    const rows = (await sqlOf(tx).query<AuditRow>(prepared(ENTITY_AUDIT_SQL), [tenantId, entityId, clampLimit(limit)])).rows;
    return withActorNames(tx, tenantId, rows);
  });
}

export { ENTITY_AUDIT_SQL };
