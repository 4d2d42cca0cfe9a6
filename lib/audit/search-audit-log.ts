import { AppError } from '@/lib/core/errors';
import { formatDate, formatTimestamp } from '@/lib/core/format';
import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { csvCell } from '@/lib/core/csv';
import { withPlatform, withTenant, type Tx } from '@/lib/db/tenant-tx';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit, type Actor } from './write-audit';
import type { AuditEventOut, AuditFilters } from './schemas';

/** At most this many rows in one CSV export: narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/**
 * The WHERE of a tenant audit search. Days are read in the tenant's time zone (Tenant.timeZone):
 * `from=2026-11-01` starts at midnight in Riyadh, not in UTC, as the officer reading the log means.
 */
async function whereOf(tx: Tx, tenantId: string, filters: AuditFilters): Promise<Prisma.AuditLogWhereInput> {
  const where: Prisma.AuditLogWhereInput = { tenantId };
  if (filters.actorId) where.actorId = filters.actorId;
  if (filters.actorType) where.actorType = filters.actorType;
  if (filters.targetType) where.targetType = filters.targetType;
  if (filters.targetId) where.targetId = filters.targetId;
  if (filters.action) where.action = filters.action.endsWith('*') ? { startsWith: filters.action.slice(0, -1) } : filters.action;
  if (filters.from || filters.to) {
    const [bounds] = await tx.$queryRaw<{ start: Date | null; end: Date | null }[]>`
      SELECT (${filters.from ?? null}::date::timestamp AT TIME ZONE t."timeZone") AS "start",
             ((${filters.to ?? null}::date + 1)::timestamp AT TIME ZONE t."timeZone") AS "end"
      FROM "Tenant" t WHERE t."id" = ${tenantId}::uuid`;
    if (!bounds) throw AppError.notFound();
    where.createdAt = { ...(bounds.start ? { gte: bounds.start } : {}), ...(bounds.end ? { lt: bounds.end } : {}) };
  }
  return where;
}

/**
 * The names of the acting users: the tenant's own users, and the platform administrators (users of
 * no tenant) who acted in it. Those are not rows of the tenant, so they are read with platform scope,
 * only by the ids the tenant's own audit rows name and only when they belong to no tenant.
 */
async function actorNames(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, { displayName: string; platformAdmin: boolean }>> {
  const uuids = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (!uuids.length) return new Map();
  const own = await tx.user.findMany({ where: { id: { in: uuids }, tenantId }, select: { id: true, displayName: true } });
  const names = new Map(own.map((u) => [u.id, { displayName: u.displayName, platformAdmin: false }]));
  const others = uuids.filter((id) => !names.has(id));
  if (others.length) {
    const platform = await withPlatform((ptx) => ptx.user.findMany({ where: { id: { in: others }, tenantId: null }, select: { id: true, displayName: true } }));
    for (const u of platform) names.set(u.id, { displayName: u.displayName, platformAdmin: true });
  }
  return names;
}

async function eventsOf(tx: Tx, tenantId: string, rows: Prisma.AuditLogGetPayload<object>[]): Promise<AuditEventOut[]> {
  const names = await actorNames(
    tx,
    tenantId,
    rows.filter((r) => r.actorType === 'user' && r.actorId).map((r) => r.actorId!),
  );
  return rows.map((row) => {
    const named = row.actorType === 'user' && row.actorId ? names.get(row.actorId) : undefined;
    return {
      id: row.id,
      createdAt: formatTimestamp(row.createdAt),
      action: row.action,
      actor: { type: row.actorType, id: row.actorId, displayName: named?.displayName ?? null, platformAdmin: named?.platformAdmin ?? false },
      targetType: row.targetType,
      targetId: row.targetId,
      before: (row.before ?? null) as AuditEventOut['before'],
      after: (row.after ?? null) as AuditEventOut['after'],
      requestId: row.requestId,
    };
  });
}

/** The tenant's audit log, newest first, filtered and paged (the (tenantId, createdAt) index serves the order). */
export async function searchAuditLog({ tenantId, page, filters }: { tenantId: string; page: PageQuery; filters: AuditFilters }) {
  return withTenant(tenantId, async (tx) => {
    const where = await whereOf(tx, tenantId, filters);
    const [rows, total] = await Promise.all([
      tx.auditLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageOf(page) }),
      tx.auditLog.count({ where }),
    ]);
    return { meta: buildMeta(page, total), data: await eventsOf(tx, tenantId, rows) };
  });
}

/**
 * The users an audit search can name as actors: the tenant's users, and the platform administrators
 * who have acted in this tenant (marked `platformAdmin`), by name.
 */
export async function listAuditActors({ tenantId }: { tenantId: string }) {
  // Platform administrators are few: take them all, then keep those this tenant's log names.
  const admins = await withPlatform((tx) => tx.user.findMany({ where: { tenantId: null }, select: { id: true, displayName: true, email: true } }));
  const { users, acted } = await withTenant(tenantId, async (tx) => ({
    users: await tx.user.findMany({ where: { tenantId }, select: { id: true, displayName: true, email: true } }),
    acted: admins.length
      ? new Set(
          (
            await tx.$queryRaw<{ id: string }[]>`
              SELECT u.id FROM unnest(${admins.map((a) => a.id)}::text[]) AS u(id)
              WHERE EXISTS (SELECT 1 FROM "AuditLog" a WHERE a."tenantId" = ${tenantId}::uuid AND a."actorType" = 'user' AND a."actorId" = u.id)`
          ).map((r) => r.id),
        )
      : new Set<string>(),
  }));
  const data = [...users.map((u) => ({ ...u, platformAdmin: false })), ...admins.filter((a) => acted.has(a.id)).map((u) => ({ ...u, platformAdmin: true }))];
  data.sort((a, b) => (a.displayName ?? '').localeCompare(b.displayName ?? '') || a.email.localeCompare(b.email));
  return { data };
}

const COLUMNS: [string, (e: AuditEventOut) => string | null][] = [
  ['createdAtUtc', (e) => e.createdAt],
  ['action', (e) => e.action],
  ['actorType', (e) => e.actor.type],
  ['actorId', (e) => e.actor.id],
  ['actorName', (e) => e.actor.displayName],
  ['actorPlatformAdmin', (e) => (e.actor.type === 'user' && e.actor.displayName !== null ? String(e.actor.platformAdmin) : null)],
  ['targetType', (e) => e.targetType],
  ['targetId', (e) => e.targetId],
  ['before', (e) => (e.before === null ? null : JSON.stringify(e.before))],
  ['after', (e) => (e.after === null ? null : JSON.stringify(e.after))],
  ['requestId', (e) => e.requestId],
  ['id', (e) => e.id],
];

/**
 * The filtered audit log as CSV (newest first, at most AUDIT_EXPORT_MAX_ROWS rows, UTF-8 with a
 * byte-order mark, formula-safe cells). The export is itself audited (`audit.export`, with the
 * filters and the row count) in the same transaction that read the rows.
 */
export async function exportAuditLogCsv({
  tenantId,
  filters,
  actor,
  requestId,
}: {
  tenantId: string;
  filters: AuditFilters;
  actor: Actor;
  requestId?: string;
}): Promise<{ name: string; bytes: Uint8Array; rowCount: number }> {
  return withTenant(tenantId, async (tx) => {
    const where = await whereOf(tx, tenantId, filters);
    const rows = await tx.auditLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: AUDIT_EXPORT_MAX_ROWS });
    const total = rows.length < AUDIT_EXPORT_MAX_ROWS ? rows.length : await tx.auditLog.count({ where });
    const events = await eventsOf(tx, tenantId, rows);
    const lines = [COLUMNS.map(([name]) => name).join(',')];
    for (const event of events) lines.push(COLUMNS.map(([, read]) => csvCell(read(event))).join(','));
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'audit.export',
      targetType: 'AuditLog',
      after: { filters, rowCount: events.length, totalCount: total, format: 'csv' },
      requestId,
    });
    return { name: `audit-log-${formatDate(new Date())}.csv`, bytes: new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`), rowCount: events.length };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
