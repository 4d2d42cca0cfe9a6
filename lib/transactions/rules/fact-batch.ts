/**
 * The rules' questions about history, answered in as few round trips as possible. The rules of one
 * evaluation run together (engine.ts); every window, open-match count and newest-link question they
 * ask before the event loop turns is gathered and sent as ONE statement (one scalar subquery per
 * question, each still an index range scan as in facts.ts), and the answers are handed back. A rule
 * that asks again after its first answer (RapidInOut's outgoing window) joins the next batch. Same
 * SQL, same answers as asking one by one: fewer statements per ingest. The batch runs as a named
 * prepared statement: its text depends only on the tenant's rules, a small set per connection.
 *
 * `held`: the first batch waits for `sendWith`, which sends it in the same statement as another one
 * (the ingest's INSERT): its subqueries share that statement's snapshot and so do not see the row
 * it inserts, and each window's answer has the new row added here exactly as the window's SQL would
 * count it (its side and direction, currency, amount bounds and dates; the sum in exact decimals;
 * the newest-first ids in the same order). Later batches go on their own, after it, and see the row.
 */
import { prepared, type SqlQueryable } from '@/lib/db/sql';
import { add, cmp, toFixedString } from '../money';
import type { WindowQuery, WindowResult } from './templates';

/** The row inserted by the statement a held batch rides with, as the windows would see it. */
export interface AddedTransaction {
  id: string;
  amount: string;
  currencyCode: string;
  transactionDate: Date;
  sourceEntityId: string | null;
  targetEntityId: string | null;
}

type RawWindow = { n: number; total: string; ids: string[] | null; tied: string[] | null };

type Question = {
  sql: (p: (v: unknown) => string) => string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** The answer with the added row counted (window questions only). */
  withRow?: (raw: unknown, row: AddedTransaction) => unknown;
};

export interface FactBatch {
  window(entityId: string, until: Date, q: WindowQuery): Promise<WindowResult>;
  openMatchCount(entityId: string): Promise<number>;
  newestLinkAt(entityId: string): Promise<Date | null>;
  /**
   * Held batches only: sends the questions asked so far as columns `f0…` of `statement(columns)`,
   * whose text starts the parameters at `params` (`$1` is the tenant id). Answers the statement's
   * first row without those columns, or null when it has none (its questions then stay unanswered).
   * Later questions are batched as usual.
   */
  sendWith<R extends object>(statement: (columns: string) => string, params: unknown[], added: (row: R) => AddedTransaction): Promise<R | null>;
}

export function factBatch(db: SqlQueryable, tenantId: string, { held = false }: { held?: boolean } = {}): FactBatch {
  let pending: Question[] = [];
  let holding = held;
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

  const ask = <T>(key: string, sql: Question['sql'], parse: (raw: unknown) => T, withRow?: Question['withRow']): Promise<T> => {
    let hit = memo.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = new Promise<unknown>((resolve, reject) => {
        if (!pending.length && !holding) setImmediate(() => void flush());
        pending.push({ sql, resolve, reject, withRow });
      }).then(parse);
      memo.set(key, hit);
    }
    return hit;
  };

  const parseWindow = (raw: unknown): RawWindow => (typeof raw === 'string' ? JSON.parse(raw) : raw) as RawWindow;

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
          // `tied`: the ids at the window's upper bound, where an added row's place depends on its id.
          return `SELECT json_build_object('n', count(*), 'total', coalesce(sum(w.amount), 0)::text,
                    'ids', (array_agg(w.id::text ORDER BY w."transactionDate" DESC, w.id DESC))[1:50],
                    'tied', array_agg(w.id::text) FILTER (WHERE w."transactionDate" >= ${to}::timestamptz))
                    FROM (${columns.map(side).join(' UNION ')}) w`;
        },
        (raw) => {
          const r = parseWindow(raw);
          return { count: Number(r.n), sum: r.total, ids: r.ids ?? [] };
        },
        (raw, row) => {
          const r = parseWindow(raw);
          const onSide = (q.direction !== 'Debit' && row.targetEntityId === entityId) || (q.direction !== 'Credit' && row.sourceEntityId === entityId);
          const counted =
            onSide &&
            row.transactionDate.getTime() > q.since.getTime() &&
            row.transactionDate.getTime() <= until.getTime() &&
            (!q.currencyCode || row.currencyCode === q.currencyCode) &&
            (!q.minAmount || cmp(row.amount, q.minAmount) >= 0) &&
            (!q.belowAmount || cmp(row.amount, q.belowAmount) < 0);
          if (!counted) return r;
          // Newest first, ties by id descending (uuid order is the order of their lowercase text).
          const ids = [...(r.ids ?? [])];
          const at = row.transactionDate.getTime() === until.getTime() ? (r.tied ?? []).filter((t) => t > row.id).length : 0;
          ids.splice(at, 0, row.id);
          return { n: Number(r.n) + 1, total: toFixedString(add(r.total, row.amount)), ids: ids.slice(0, 50), tied: r.tied } satisfies RawWindow;
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
    async sendWith(statement, params, added) {
      const batch = pending;
      pending = [];
      holding = false;
      const p = (v: unknown) => `$${params.push(v)}`;
      const columns = batch.map((q, i) => `, (${q.sql(p)}) AS f${i}`).join('');
      let row: Record<string, unknown> | undefined;
      try {
        row = (await db.query<Record<string, unknown>>(prepared(statement(columns)), params)).rows[0];
      } catch (error) {
        batch.forEach((q) => q.reject(error));
        throw error;
      }
      if (!row) return null;
      const rest: Record<string, unknown> = { ...row };
      batch.forEach((_, i) => delete rest[`f${i}`]);
      const inserted = added(rest as never);
      batch.forEach((q, i) => {
        try {
          const raw = row[`f${i}`];
          q.resolve(q.withRow ? q.withRow(raw, inserted) : raw);
        } catch (error) {
          q.reject(error);
        }
      });
      return rest as never;
    },
  };
}
