import { AppError } from '@/lib/core/errors';
import { formatTimestamp } from '@/lib/core/format';
import { prepared, sqlOf } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { ENTITY_ATTACHMENTS_SQL } from '@/lib/privacy/entity-data';
import { encodeHistoryCursor, MAX_HISTORY_PAGE, type EntityHistoryCursor } from './schemas';

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
 *
 * With a cursor (`$4` the createdAt and `$5` the id of the last event already shown), each branch
 * starts below it in the same (createdAt DESC, id DESC) order: `createdAt <= $4` is a range on the
 * index, the tie on the same millisecond is settled by id, so every branch still reads at most
 * `limit` rows and a page never repeats or skips an event.
 */
function entityAuditSql(withCursor: boolean, withoutScreening: boolean): string {
  const below = withCursor ? `AND l."createdAt" <= $4::timestamptz AND (l."createdAt" < $4::timestamptz OR l.id < $5::uuid)` : '';
  // Each branch leaves them out itself, so every branch still reads at most `limit` rows it may show.
  const shown = withoutScreening
    ? `AND t."targetType" NOT IN (${SCREENING_TARGET_TYPES.map((type) => `'${type}'`).join(', ')}) AND l.action NOT IN (${SCREENING_ENTITY_ACTIONS.map((a) => `'${a}'`).join(', ')})`
    : '';
  return `
  WITH targets AS (${ENTITY_AUDIT_TARGETS_SQL})
  SELECT a.id, a."createdAt", a.action, a."actorType", a."actorId", a."targetType", a."targetId", a.before, a.after, a."requestId"
  FROM targets t
  CROSS JOIN LATERAL (
    SELECT l.* FROM "AuditLog" l
    WHERE l."tenantId" = $1 AND l."targetType" = t."targetType" AND l."targetId" = t."targetId"
    ${below} ${shown}
    ORDER BY l."createdAt" DESC, l.id DESC
    LIMIT $3
  ) a
  ORDER BY a."createdAt" DESC, a.id DESC
  LIMIT $3`;
}

/**
 * What a relationship manager's history leaves out (tipping-off: they open no screening or
 * monitoring case, match or alert, in the app or the API): the records of screening and transaction
 * monitoring, and the on-demand screening's own entry on the entity (its summary counts matches).
 */
const SCREENING_TARGET_TYPES = ['Case', 'Match', 'TransactionAlert'] as const;
const SCREENING_ENTITY_ACTIONS = ['entity.screen'] as const;

const ENTITY_AUDIT_SQL = entityAuditSql(false, false);
const ENTITY_AUDIT_BEFORE_SQL = entityAuditSql(true, false);
const ENTITY_AUDIT_WITHOUT_SCREENING_SQL = entityAuditSql(false, true);
const ENTITY_AUDIT_BEFORE_WITHOUT_SCREENING_SQL = entityAuditSql(true, true);

async function entityAuditRows(
  tx: Tx,
  tenantId: string,
  entityId: string,
  limit: number,
  before: EntityHistoryCursor | undefined,
  withoutScreening: boolean,
): Promise<AuditRow[]> {
  const sql = withoutScreening
    ? before
      ? ENTITY_AUDIT_BEFORE_WITHOUT_SCREENING_SQL
      : ENTITY_AUDIT_WITHOUT_SCREENING_SQL
    : before
      ? ENTITY_AUDIT_BEFORE_SQL
      : ENTITY_AUDIT_SQL;
  const params = before ? [tenantId, entityId, limit, before.createdAt, before.id] : [tenantId, entityId, limit];
  return (await sqlOf(tx).query<AuditRow>(prepared(sql), params)).rows;
}

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
  return withTenant(tenantId, async (tx) => withActorNames(tx, tenantId, await entityAuditRows(tx, tenantId, entityId, clampLimit(limit), undefined, false)));
}

/** One page of an entity's history and where the next one starts (null when none is older). */
export interface EntityHistoryPage {
  data: AuditEventView[];
  nextCursor: string | null;
}

/**
 * One page of the profile's history, newest first: `size` events older than `before` (the newest
 * when absent), and `nextCursor` to ask for the page after it, null when this page reaches the
 * entity's first event. One row more than the page is read to know whether another page exists.
 * An entity this tenant does not have (another tenant's included) is NOT_FOUND. Without
 * `includeScreening` (a relationship manager's history) it has no screening or monitoring records.
 */
export async function listEntityHistory({
  tenantId,
  entityId,
  size = 50,
  before,
  includeScreening,
}: {
  tenantId: string;
  entityId: string;
  size?: number;
  before?: EntityHistoryCursor;
  /** False for a relationship manager (SCREENING_TARGET_TYPES: tipping-off). */
  includeScreening: boolean;
}): Promise<EntityHistoryPage> {
  const pageSize = Math.min(clampLimit(size), MAX_HISTORY_PAGE);
  return withTenant(tenantId, async (tx) => {
    const entity = await tx.entity.findFirst({ where: { tenantId, id: entityId }, select: { id: true } });
    if (!entity) throw AppError.notFound();
    const rows = await entityAuditRows(tx, tenantId, entityId, pageSize + 1, before, !includeScreening);
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    return {
      data: await withActorNames(tx, tenantId, page),
      nextCursor: rows.length > pageSize && last ? encodeHistoryCursor({ createdAt: last.createdAt, id: last.id }) : null,
    };
  });
}

export { ENTITY_AUDIT_SQL };
