import type pg from 'pg';
import { getPool, PREPARED_MARK, preparedStatementName, type Tx } from './client';
import { idempotencyMarkStatement } from './idempotency-scope';

/** Anything that runs `query(sql, params)`: the shape raw-SQL code (screening, webhook delivery) is written against. */
export interface SqlQueryable {
  query<R = any>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** Marks raw SQL to run as a named prepared statement through sqlOf(tx) (client.ts). For hot paths whose statement texts are a small fixed set. */
export const prepared = (sql: string) => PREPARED_MARK + sql;

/** Raw SQL inside a withTenant/withPlatform transaction: same connection, same row-level-security scope. */
export function sqlOf(tx: Tx): SqlQueryable {
  return { query: async (sql, params = []) => ({ rows: await tx.$queryRawUnsafe<any[]>(sql, ...params) }) };
}

/**
 * Raw SQL on a connection of withTenantConnection, the same shape as sqlOf(tx): a `prepared()` text runs
 * as a named prepared statement under the same name Prisma's adapter gives it on that connection.
 */
export function sqlOfClient(client: pg.PoolClient): SqlQueryable {
  // One statement at a time on the connection (callers may start several at once, as over Prisma).
  // A pipelined connection (withTenantConnection's `pipeline`) takes each statement at once, in call
  // order: pg writes it behind the ones still running, and they run in that order.
  let tail: Promise<unknown> = Promise.resolve();
  return {
    query: (sql, params = []) => {
      const name = preparedStatementName({ sql });
      const config = name ? { name, text: sql, values: params } : { text: sql, values: params };
      if ((client as pg.PoolClient & { pipeline?: boolean }).pipeline) {
        const sent = client.query(config);
        tail = sent.catch(() => {});
        return sent.then(({ rows }) => ({ rows }));
      }
      const run = tail.then(() => client.query(config));
      tail = run.catch(() => {});
      return run.then(({ rows }) => ({ rows }));
    },
  };
}

/**
 * Runs `work` on one pooled connection in a transaction scoped to the tenant (row-level security),
 * the tenant id bound as a parameter. Plain SQL without the ORM: the webhook delivery hot path,
 * where the ORM's per-query overhead is what limits throughput on a small machine.
 *
 * `pipeline`: BEGIN and the tenant scope are written without waiting for their answers, so they
 * reach PostgreSQL with `work`'s first statement in one round trip (pg's pipeline mode: each
 * statement keeps its own Sync and runs in order; should the scope fail, the transaction is aborted
 * and every later statement fails, so nothing runs unscoped inside it); the idempotency mark and
 * COMMIT likewise go together. Only for `work` that awaits each statement (no cursors, no `rows`).
 *
 * `selfScoped`: no scope statement; `work`'s first statement scopes the transaction to the same
 * tenant itself (an SQL function that sets `app.tenant_id`, as crm_transaction_ingest_open does), one
 * statement fewer. Until it has, row-level security shows no tenant's rows and refuses every write.
 */
export async function withTenantConnection<T>(
  tenantId: string,
  work: (client: pg.PoolClient) => Promise<T>,
  { pipeline = false, selfScoped = false }: { pipeline?: boolean; selfScoped?: boolean } = {},
): Promise<T> {
  const client = await getPool().connect();
  const piped = client as pg.PoolClient & { pipeline: boolean };
  let ready: Promise<unknown> = Promise.resolve();
  try {
    if (pipeline) {
      piped.pipeline = true;
      // One write for BEGIN, the scope and work's first statement (submitted within this turn of the event loop).
      const stream = (client as pg.PoolClient & { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
      stream?.cork?.();
      setImmediate(() => stream?.uncork?.());
      ready = Promise.all([client.query('BEGIN'), selfScoped ? undefined : client.query(tenantScope(tenantId))]);
      ready.catch(() => {});
    } else {
      await client.query('BEGIN');
      if (!selfScoped) await client.query(tenantScope(tenantId));
    }
    let result: T;
    try {
      result = await work(client);
    } catch (error) {
      await ready; // a failed BEGIN or scope is the cause of whatever work met after it
      throw error;
    }
    await ready;
    // The idempotency mark inside the transaction, then COMMIT (written together when pipelined).
    const mark = idempotencyMarkStatement(tenantId);
    const marked = mark ? client.query(mark.sql, mark.values) : undefined;
    const commit = client.query('COMMIT');
    if (marked) await Promise.all([marked, commit]);
    else await commit;
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // Every statement sent has been answered (the last one awaited answers after all before it).
    piped.pipeline = false;
    client.release();
  }
}

/** withTenantConnection with `pipeline` (and `selfScoped` when asked; see there). */
export function withPipelinedTenantConnection<T>(
  tenantId: string,
  work: (client: pg.PoolClient) => Promise<T>,
  { selfScoped = false }: { selfScoped?: boolean } = {},
): Promise<T> {
  return withTenantConnection(tenantId, work, { pipeline: true, selfScoped });
}

/** The tenant scope as a named statement: parsed and planned once per connection, not at every transaction. */
const tenantScope = (tenantId: string) => ({ name: 'crm_tenant_scope', text: "SELECT set_config('app.tenant_id', $1::uuid::text, true)", values: [tenantId] });

/**
 * Runs read-only `work` on one pooled connection (crm_app) in platform scope, outside an ORM
 * transaction, for long platform-wide reads: the reverse lookup of a watchlist import reads every
 * monitored name key of the changed names and outlived the interactive-transaction timeout (30 s)
 * on a loaded host.
 */
export async function withPlatformReadConnection<T>(work: (db: SqlQueryable) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SELECT set_config('app.scope', 'platform', true)`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * One statement whose SQL function scopes itself to the tenant it receives as `$1` (the entity read
 * functions set `app.tenant_id` for their own statement: one round trip, no transaction). `values`
 * are `$2…`. A `name` makes it a prepared statement, planned once per connection.
 */
export async function queryAsTenant<R>(tenantId: string, statement: { name?: string; text: string; values?: unknown[] }): Promise<R[]> {
  const { rows } = await getPool().query<R & pg.QueryResultRow>({
    name: statement.name,
    text: statement.text,
    values: [tenantId, ...(statement.values ?? [])],
  });
  return rows;
}
