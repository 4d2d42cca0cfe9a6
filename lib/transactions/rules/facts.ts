/**
 * The rules' view of an entity's history in PostgreSQL. Every window is one statement over the
 * covering range indexes of prisma/sql/indexes/transactions.sql (tenant, entity, transactionDate →
 * amount, currencyCode, id): an index-only scan of the window's rows, never the entity's whole
 * history. Results are memoized per evaluation (several rules often ask the same window).
 */
import type { SqlQueryable } from '@/lib/db/sql';
import type { Direction, WindowQuery, WindowResult } from './templates';

export async function queryWindow(db: SqlQueryable, tenantId: string, entityId: string, until: Date, q: WindowQuery): Promise<WindowResult> {
  const params: unknown[] = [tenantId, entityId, q.since, until];
  const p = (v: unknown) => `$${params.push(v)}`;
  const filters: string[] = [];
  if (q.currencyCode) filters.push(`"currencyCode" = ${p(q.currencyCode)}`);
  if (q.minAmount) filters.push(`amount >= ${p(q.minAmount)}::numeric`);
  if (q.belowAmount) filters.push(`amount < ${p(q.belowAmount)}::numeric`);
  const extra = filters.map((f) => ` AND ${f}`).join('');
  const side = (column: string) =>
    `SELECT id, amount, "transactionDate" FROM "Transaction"
      WHERE "tenantId" = $1::uuid AND "${column}" = $2::uuid AND "transactionDate" > $3 AND "transactionDate" <= $4${extra}`;
  const parts = directionColumns(q.direction).map(side);
  const rows = await db.query<{ n: number; total: string; ids: string[] | null }>(
    `SELECT count(*)::int AS n, coalesce(sum(w.amount), 0)::text AS total,
            (array_agg(w.id::text ORDER BY w."transactionDate" DESC, w.id DESC))[1:50] AS ids
       FROM (${parts.join(' UNION ')}) w`,
    params,
  );
  const row = rows.rows[0];
  return { count: row?.n ?? 0, sum: row?.total ?? '0', ids: row?.ids ?? [] };
}

function directionColumns(direction: Direction | undefined): string[] {
  if (direction === 'Credit') return ['targetEntityId'];
  if (direction === 'Debit') return ['sourceEntityId'];
  return ['targetEntityId', 'sourceEntityId'];
}

export function memoizedWindow(run: (q: WindowQuery) => Promise<WindowResult>): (q: WindowQuery) => Promise<WindowResult> {
  const cache = new Map<string, Promise<WindowResult>>();
  return (q) => {
    const key = JSON.stringify([q.since.getTime(), q.direction, q.currencyCode, q.minAmount, q.belowAmount]);
    let hit = cache.get(key);
    if (!hit) {
      hit = run(q);
      cache.set(key, hit);
    }
    return hit;
  };
}

/** When the entity's newest bank account or relationship was added (null when it has none). */
export async function newestLinkAt(db: SqlQueryable, tenantId: string, entityId: string): Promise<Date | null> {
  const rows = await db.query<{ at: Date | null }>(
    `SELECT greatest(
        (SELECT max("createdAt") FROM "BankAccount" WHERE "tenantId" = $1::uuid AND "entityId" = $2::uuid),
        (SELECT max("createdAt") FROM "Relationship" WHERE "tenantId" = $1::uuid AND ("sourceEntityId" = $2::uuid OR "targetEntityId" = $2::uuid))) AS at`,
    [tenantId, entityId],
  );
  return rows.rows[0]?.at ?? null;
}
