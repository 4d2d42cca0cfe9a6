/**
 * The rules' questions about history, answered in as few round trips as possible. The rules of one
 * evaluation run together (engine.ts); every window, open-match count and newest-link question they
 * ask before the event loop turns is gathered and sent as ONE statement (one scalar subquery per
 * question, each still an index range scan as in facts.ts), and the answers are handed back. A rule
 * that asks again after its first answer (RapidInOut's outgoing window) joins the next batch. Same
 * SQL, same answers as asking one by one: fewer statements per ingest. The batch runs as a named
 * prepared statement: its text depends only on the tenant's rules, a small set per connection.
 */
import { prepared, type SqlQueryable } from '@/lib/db/sql';
import type { WindowQuery, WindowResult } from './templates';

type Question = { sql: (p: (v: unknown) => string) => string; resolve: (value: unknown) => void; reject: (error: unknown) => void };

export interface FactBatch {
  window(entityId: string, until: Date, q: WindowQuery): Promise<WindowResult>;
  openMatchCount(entityId: string): Promise<number>;
  newestLinkAt(entityId: string): Promise<Date | null>;
}

export function factBatch(db: SqlQueryable, tenantId: string): FactBatch {
  let pending: Question[] = [];
  const memo = new Map<string, Promise<unknown>>();

  const flush = async () => {
    const batch = pending;
    pending = [];
    const params: unknown[] = [tenantId];
    const p = (v: unknown) => `$${params.push(v)}`;
    const columns = batch.map((q, i) => `(${q.sql(p)}) AS f${i}`);
    try {
      const row = (await db.query<Record<string, unknown>>(prepared(`SELECT ${columns.join(', ')}`), params)).rows[0] ?? {};
      batch.forEach((q, i) => q.resolve(row[`f${i}`]));
    } catch (error) {
      batch.forEach((q) => q.reject(error));
    }
  };

  const ask = <T>(key: string, sql: Question['sql'], parse: (raw: unknown) => T): Promise<T> => {
    let hit = memo.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = new Promise<unknown>((resolve, reject) => {
        if (!pending.length) setImmediate(() => void flush());
        pending.push({ sql, resolve, reject });
      }).then(parse);
      memo.set(key, hit);
    }
    return hit;
  };

  return {
    window(entityId, until, q) {
      const key = JSON.stringify(['w', entityId, until.getTime(), q.since.getTime(), q.direction, q.currencyCode, q.minAmount, q.belowAmount]);
      return ask(
        key,
        (p) => {
          const e = p(entityId);
          const since = p(q.since);
          const to = p(until);
          const extra = [
            q.currencyCode ? ` AND "currencyCode" = ${p(q.currencyCode)}` : '',
            q.minAmount ? ` AND amount >= ${p(q.minAmount)}::numeric` : '',
            q.belowAmount ? ` AND amount < ${p(q.belowAmount)}::numeric` : '',
          ].join('');
          const side = (column: string) =>
            `SELECT id, amount, "transactionDate" FROM "Transaction"
              WHERE "tenantId" = $1::uuid AND "${column}" = ${e}::uuid AND "transactionDate" > ${since}::timestamptz AND "transactionDate" <= ${to}::timestamptz${extra}`;
          const columns = q.direction === 'Credit' ? ['targetEntityId'] : q.direction === 'Debit' ? ['sourceEntityId'] : ['targetEntityId', 'sourceEntityId'];
          return `SELECT json_build_object('n', count(*), 'total', coalesce(sum(w.amount), 0)::text,
                    'ids', (array_agg(w.id::text ORDER BY w."transactionDate" DESC, w.id DESC))[1:50])
                    FROM (${columns.map(side).join(' UNION ')}) w`;
        },
        (raw) => {
          const r = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { n: number; total: string; ids: string[] | null };
          return { count: Number(r.n), sum: r.total, ids: r.ids ?? [] };
        },
      );
    },
    openMatchCount(entityId) {
      // Open = still listed and not decided FalsePositive (lib/cases/open-matches.ts).
      return ask(
        JSON.stringify(['m', entityId]),
        (p) =>
          `SELECT count(*)::int FROM "Match" m WHERE m."tenantId" = $1::uuid AND m."entityId" = ${p(entityId)}::uuid
              AND m."deprecatedAt" IS NULL AND m.status <> 'FalsePositive' AND m.source IN ('Custom', 'ListSourceA', 'ListSourceB')`,
        (raw) => Number(raw ?? 0),
      );
    },
    newestLinkAt(entityId) {
      return ask(
        JSON.stringify(['l', entityId]),
        (p) => {
          const e = p(entityId);
          return `SELECT greatest(
              (SELECT max("createdAt") FROM "BankAccount" WHERE "tenantId" = $1::uuid AND "entityId" = ${e}::uuid),
              (SELECT max("createdAt") FROM "Relationship" WHERE "tenantId" = $1::uuid AND ("sourceEntityId" = ${e}::uuid OR "targetEntityId" = ${e}::uuid)))`;
        },
        (raw) => (raw ? new Date(raw as string | Date) : null),
      );
    },
  };
}
