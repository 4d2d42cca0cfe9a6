/**
 * GET /cases, GET /cases/{caseId} and GET /entities/{entityId}/matches. Another tenant's ids are
 * NOT_FOUND (tenant filter in every query, row-level security behind it).
 */
import { AppError } from '@/lib/core/errors';
import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { formatTimestamp } from '@/lib/core/format';
import { sqlOf } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { loadEntities } from '@/lib/entities/load-entities';
import type { EntityOut } from '@/lib/entities/schemas';
import { loadReviews, MATCH_COLUMNS, MATCH_ORDER, matchUserIds, toStoredMatch, type MatchRow, type ReviewRow } from './match-json';
import type { CaseListOut, CaseOut, ListCasesQuery, MatchListOut, StoredMatchOut } from './schemas';
import { assigneeMe, loadUsers, type UserOut } from './users';
import { loadMonitoringParts } from '@/lib/transactions/monitoring-case';

interface CaseRow {
  id: string;
  kind: CaseOut['kind'];
  entityId: string;
  source: string | null;
  status: CaseOut['status'];
  disposition: CaseOut['disposition'];
  assigneeUserId: string | null;
  makerUserId: string | null;
  checkerUserId: string | null;
  matchedAt: Date | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  summaries: { status: StoredMatchOut['status']; count: number }[] | null;
  openAlerts: number | null;
}

const CASE_COLUMNS = `c.id, c.kind, c."entityId", c.source, c.status, c.disposition, c."assigneeUserId", c."makerUserId", c."checkerUserId",
  c."matchedAt", c."archivedAt", c."createdAt", c."updatedAt",
  (SELECT json_agg(json_build_object('status', s.status, 'count', s.n) ORDER BY s.status)
     FROM (SELECT m.status, count(*)::int AS n FROM "Match" m
            WHERE m."tenantId" = c."tenantId" AND m."caseId" = c.id AND m."deprecatedAt" IS NULL GROUP BY m.status) s) AS summaries,
  CASE WHEN c.kind = 'TransactionMonitoring' THEN
    (SELECT count(*)::int FROM "TransactionAlert" a WHERE a."tenantId" = c."tenantId" AND a."caseId" = c.id AND a.status = 'Open') END AS "openAlerts"`;

const AGE_RANGES: Record<NonNullable<ListCasesQuery['age']>, [number | null, number | null]> = {
  today: [null, 1],
  week: [1, 7],
  month: [7, 30],
  older: [30, null],
};

export async function listCases({ tenantId, query, userId }: { tenantId: string; query: ListCasesQuery; userId?: string | null }): Promise<CaseListOut> {
  const { rows, total, entities } = await withTenant(tenantId, async (tx) => {
    const params: unknown[] = [tenantId];
    const p = (v: unknown) => `$${params.push(v)}`;
    const where = [`c."tenantId" = $1::uuid`, `c."archivedAt" IS NULL`];
    if (query.status === 'open') where.push(`c.status <> 'Closed'`);
    else if (query.status) where.push(`c.status = ${p(query.status)}::"CaseStatus"`);
    if (query.entityId) where.push(`c."entityId" = ${p(query.entityId)}::uuid`);
    if (query.source) where.push(`c.source = ${p(query.source)}`);
    if (query.kind) where.push(`c.kind = ${p(query.kind)}::"CaseKind"`);
    if (query.assignee === 'unassigned') where.push(`c."assigneeUserId" IS NULL`);
    else if (query.assignee === 'me') where.push(`c."assigneeUserId" = ${p(assigneeMe(userId))}::uuid`);
    else if (query.assignee) where.push(`c."assigneeUserId" = ${p(query.assignee)}::uuid`);
    if (query.age) {
      const [min, max] = AGE_RANGES[query.age];
      const opened = `coalesce(c."reopenedAt", c."createdAt")`;
      if (min !== null) where.push(`${opened} <= now() - make_interval(days => ${p(min)}::int)`);
      if (max !== null) where.push(`${opened} > now() - make_interval(days => ${p(max)}::int)`);
    }
    const order = query.sort === 'newest' ? 'DESC' : 'ASC';
    const { skip, take } = pageOf(query);
    const db = sqlOf(tx);
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Case" c WHERE ${where.join(' AND ')}`, params);
    const page = await db.query<CaseRow>(
      `SELECT ${CASE_COLUMNS} FROM "Case" c WHERE ${where.join(' AND ')}
        ORDER BY coalesce(c."reopenedAt", c."createdAt") ${order}, c.id ${order} OFFSET ${p(skip)} LIMIT ${p(take)}`,
      params,
    );
    const docs = await loadEntities(tx, tenantId, [...new Set(page.rows.map((r) => r.entityId))]);
    return { rows: page.rows, total: count.rows[0]?.n ?? 0, entities: new Map(docs.map((d) => [d.id, d])) };
  });
  const users = await loadUsers(rows.flatMap((r) => [r.makerUserId, r.checkerUserId, r.assigneeUserId]).filter((id): id is string => !!id));
  return { meta: buildMeta(query, total), data: rows.map((r) => toCase(r, entities.get(r.entityId)!, users, [])) };
}

export async function getCase({ tenantId, caseId }: { tenantId: string; caseId: string }): Promise<CaseOut> {
  const loaded = await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const found = await db.query<CaseRow>(`SELECT ${CASE_COLUMNS} FROM "Case" c WHERE c."tenantId" = $1::uuid AND c.id = $2::uuid`, [tenantId, caseId]);
    const row = found.rows[0];
    if (!row) throw AppError.notFound();
    const matches = await db.query<MatchRow>(
      `SELECT ${MATCH_COLUMNS} FROM "Match" m JOIN "WatchlistEntry" w ON w.id = m."watchlistEntryId"
        WHERE m."tenantId" = $1::uuid AND m."caseId" = $2::uuid ORDER BY ${MATCH_ORDER}`,
      [tenantId, caseId],
    );
    const reviews = await loadReviews(
      tx,
      tenantId,
      matches.rows.map((m) => m.id),
    );
    const [entity] = await loadEntities(tx, tenantId, [row.entityId]);
    return { row, matches: matches.rows, reviews, entity: entity! };
  });
  const { row, matches, reviews, entity } = loaded;
  const users = await loadUsers([row.makerUserId, row.checkerUserId, row.assigneeUserId, ...matchUserIds(matches, reviews)].filter((id): id is string => !!id));
  const out = toCase(
    row,
    entity,
    users,
    matches.map((m) => toStoredMatch(m, users, reviews.get(m.id))),
  );
  return row.kind === 'TransactionMonitoring' ? { ...out, ...(await loadMonitoringParts({ tenantId, caseId })) } : out;
}

export async function listEntityMatches({
  tenantId,
  entityId,
  query,
}: {
  tenantId: string;
  entityId: string;
  query: PageQuery & { status?: StoredMatchOut['status']; includeDeprecated: 'true' | 'false' };
}): Promise<MatchListOut> {
  const { rows, total } = await withTenant(tenantId, async (tx) => {
    const exists = await tx.entity.findFirst({ where: { tenantId, id: entityId }, select: { id: true } });
    if (!exists) throw AppError.notFound();
    return readMatches(tx, tenantId, entityId, query);
  });
  const users = await loadUsers(matchUserIds(rows, new Map()));
  return { meta: buildMeta(query, total), data: rows.map((r) => toStoredMatch(r, users)) };
}

async function readMatches(tx: Tx, tenantId: string, entityId: string, query: PageQuery & { status?: string; includeDeprecated: 'true' | 'false' }) {
  const params: unknown[] = [tenantId, entityId];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = [`m."tenantId" = $1::uuid`, `m."entityId" = $2::uuid`];
  if (query.status) where.push(`m.status = ${p(query.status)}::"MatchStatus"`);
  if (query.includeDeprecated === 'false') where.push(`m."deprecatedAt" IS NULL`);
  const { skip, take } = pageOf(query);
  const db = sqlOf(tx);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Match" m WHERE ${where.join(' AND ')}`, params);
  const page = await db.query<MatchRow>(
    `SELECT ${MATCH_COLUMNS} FROM "Match" m JOIN "WatchlistEntry" w ON w.id = m."watchlistEntryId"
      WHERE ${where.join(' AND ')} ORDER BY ${MATCH_ORDER} OFFSET ${p(skip)} LIMIT ${p(take)}`,
    params,
  );
  return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
}

function toCase(row: CaseRow, entity: EntityOut, users: Map<string, UserOut>, matches: StoredMatchOut[]): CaseOut {
  const user = (id: string | null) => (id ? (users.get(id) ?? null) : null);
  const openCount = (row.summaries ?? []).reduce((n, s) => n + s.count, 0);
  // What keeps the case open, as one indicator per kind: its open matches, or its open transaction alerts.
  const indicator = row.kind === 'Screening' ? { count: openCount, category: 'WatchlistMatch' } : { count: row.openAlerts ?? 0, category: 'TransactionAlert' };
  return {
    id: row.id,
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
    archivedAt: formatTimestamp(row.archivedAt),
    matchedAt: formatTimestamp(row.matchedAt),
    kind: row.kind,
    source: row.source,
    status: row.status,
    disposition: row.disposition,
    makerUserId: row.makerUserId,
    checkerUserId: row.checkerUserId,
    assigneeUserId: row.assigneeUserId,
    entityId: row.entityId,
    customGroupId: null,
    originWatchlistId: row.source,
    indicatorSummaries: indicator.count > 0 ? [{ ...indicator, isNetwork: false }] : [],
    makerUser: user(row.makerUserId),
    checkerUser: user(row.checkerUserId),
    assignee: user(row.assigneeUserId),
    entity,
    customGroup: null,
    originWatchlist: row.source ? { source: row.source as 'ListSourceA' | 'ListSourceB' | 'Custom' } : null,
    matchSummaries: row.summaries ?? [],
    matches,
    relationshipCases: [],
    transactionAlerts: [],
    proposedDisposition: null,
    decisions: [],
    notes: [],
    strReport: null,
  };
}

export type { ReviewRow };
