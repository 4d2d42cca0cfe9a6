import crypto from 'node:crypto';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { APP_ROLE, databasePoolSize, databaseUrl } from './config';

export type Db = PrismaClient;
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

interface DbHandles {
  pool: pg.Pool;
  prisma: PrismaClient;
}

const globalForDb = globalThis as unknown as { crmDb?: DbHandles };

/**
 * Raw SQL that starts with PREPARED_MARK (see `prepared` in sql.ts) runs as a named prepared
 * statement: parsed once per pooled connection. PostgreSQL plans it again at each of its first five
 * executions and then keeps its generic plan, unless a custom plan keeps looking cheaper (a
 * one-element array argument can: see refreshEntityScreeningSql's `prepared`), in which case it
 * plans every call; `plan_cache_mode = force_generic_plan` settles that. Everything else stays
 * unnamed. Only hot paths with a bounded set of statement texts use it (transaction ingest), since
 * each name is kept by the connection for its lifetime.
 */
export const PREPARED_MARK = '/* crm:prepared */ ';
const statementNames = new Map<string, string>();
export function preparedStatementName(query: { sql: string }): string | undefined {
  if (!query.sql.startsWith(PREPARED_MARK)) return undefined;
  // Hashing a statement's text at every call was a visible share of an ingest's CPU: names are kept
  // per text (a bounded set of hot statements; the map starts over if it ever grows past 1,000).
  let name = statementNames.get(query.sql);
  if (!name) {
    if (statementNames.size >= 1000) statementNames.clear();
    name = `crm_${crypto.createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
    statementNames.set(query.sql, name);
  }
  return name;
}

/**
 * One pool and one Prisma client per process (kept on globalThis so Next's dev reloads
 * don't open new pools). Every connection switches to the application role, which is
 * subject to row-level security, before its first query.
 */
function createHandles(url = databaseUrl()): DbHandles {
  const pool = new pg.Pool({
    connectionString: url,
    max: databasePoolSize(),
    idleTimeoutMillis: 30_000,
    // Awaited before the pool hands the connection out: a failed SET ROLE fails the caller's
    // query (the connection is closed) instead of leaving it on a role that bypasses RLS.
    onConnect: (client) => client.query(`SET ROLE ${APP_ROLE}`),
  });
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { statementNameGenerator: preparedStatementName as (q: { sql: string }) => string }) });
  return { pool, prisma };
}

function handles(): DbHandles {
  globalForDb.crmDb ??= createHandles();
  return globalForDb.crmDb;
}

export function getPrisma(): PrismaClient {
  return handles().prisma;
}

export function getPool(): pg.Pool {
  return handles().pool;
}

/** Points this process at another database (tests create one database per file). */
export async function useDatabase(url: string): Promise<void> {
  await closeDatabase();
  globalForDb.crmDb = createHandles(url);
}

export async function closeDatabase(): Promise<void> {
  const current = globalForDb.crmDb;
  globalForDb.crmDb = undefined;
  if (current) {
    await current.prisma.$disconnect().catch(() => {});
    await current.pool.end().catch(() => {});
  }
}
