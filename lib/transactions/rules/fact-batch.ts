/**
 * The rules' questions about history, answered in as few round trips as possible. The rules of one
 * evaluation run together (engine.ts); every window, open-match count and newest-link question they
 * ask before the event loop turns is gathered and sent as ONE statement (one scalar subquery per
 * question, each still an index range scan as in facts.ts), and the answers are handed back. A rule
 * that asks again after its first answer (RapidInOut's outgoing window) joins the next batch. Same
 * SQL, same answers as asking one by one: fewer statements per ingest. The batch runs as a named
 * prepared statement: its text depends only on the tenant's rules, a small set per connection.
 *
 * `added`: the questions are asked before the transaction they judge is inserted (the ingest sends
 * its first batch right behind its opening statement, and the INSERT only once the rules have
 * decided). Each window's answer then has that row added here exactly as the window's SQL would
 * count it once inserted (its side and direction, currency, amount bounds and dates; the sum in
 * exact decimals; the newest-first ids in the same order), from the row's description, which the
 * caller settles once it knows the sides' entities (or rejects, when nothing is inserted).
 */
import { prepared, type SqlQueryable } from '@/lib/db/sql';
import { add, cmp, toFixedString } from '../money';
import type { WindowQuery, WindowResult } from './templates';

/** The row about to be inserted, as the windows will see it. */
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
   * No question is sent after this: one asked later (or asked and not yet sent) is refused. The
   * ingest closes its batch before its own statements follow on the connection, so that a guess's
   * late question never runs after them, or after the connection went back to the pool.
   */
  close(): void;
}

export function factBatch(db: SqlQueryable, tenantId: string, { added }: { added?: Promise<AddedTransaction> } = {}): FactBatch {
  let pending: Question[] = [];
  let closed = false;
  const memo = new Map<string, Promise<unknown>>();
  const refused = () => new Error('fact batch closed: the question was asked after the rules had decided');

  const flush = async () => {
    const batch = pending;
    pending = [];
    if (closed) {
      batch.forEach((q) => q.reject(refused()));
      return;
    }
    const params: unknown[] = [tenantId];
    const p = (v: unknown) => `$${params.push(v)}`;
    const columns = batch.map((q, i) => `(${q.sql(p)}) AS f${i}`);
    try {
      const row = (await db.query<Record<string, unknown>>(prepared(`SELECT ${columns.join(', ')}`), params)).rows[0] ?? {};
      const inserted = added && batch.some((q) => q.withRow) ? await added : undefined;
      batch.forEach((q, i) => {
        try {
          const raw = row[`f${i}`];
          q.resolve(inserted && q.withRow ? q.withRow(raw, inserted) : raw);
        } catch (error) {
          q.reject(error);
        }
      });
    } catch (error) {
      batch.forEach((q) => q.reject(error));
    }
  };

  const ask = <T>(key: string, sql: Question['sql'], parse: (raw: unknown) => T, withRow?: Question['withRow']): Promise<T> => {
    let hit = memo.get(key) as Promise<T> | undefined;
    if (!hit && closed) return Promise.reject(refused());
    if (!hit) {
      hit = new Promise<unknown>((resolve, reject) => {
        if (!pending.length) setImmediate(() => void flush());
        pending.push({ sql, resolve, reject, withRow });
      }).then(parse);
      memo.set(key, hit);
    }
    return hit;
  };

  const parseWindow = (raw: unknown): RawWindow => (typeof raw === 'string' ? JSON.parse(raw) : raw) as RawWindow;

  return {
    close() {
      closed = true;
    },
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
  };
}
