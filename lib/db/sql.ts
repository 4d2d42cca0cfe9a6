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
  let tail: Promise<unknown> = Promise.resolve();
  return {
    query: (sql, params = []) => {
      const name = preparedStatementName({ sql });
      const run = tail.then(() => client.query(name ? { name, text: sql, values: params } : { text: sql, values: params }));
      tail = run.catch(() => {});
      return run.then(({ rows }) => ({ rows }));
    },
  };
}

/**
 * Runs `work` on one pooled connection in a transaction scoped to the tenant (row-level security),
 * the tenant id bound as a parameter. Plain SQL without the ORM: the webhook delivery hot path,
 * where the ORM's per-query overhead is what limits throughput on a small machine.
 */
export async function withTenantConnection<T>(tenantId: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('app.tenant_id', $1::uuid::text, true)", [tenantId]);
    const result = await work(client);
    const mark = idempotencyMarkStatement(tenantId);
    if (mark) await client.query(mark.sql, mark.values);
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
