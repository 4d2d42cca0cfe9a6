import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { closeDatabase, useDatabase } from '@/lib/db/client';
import { clearApiKeyCache } from '@/lib/tenancy/api-keys';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { adminQuery, withDatabase } from './global-setup';

export interface TestDatabase {
  url: string;
  /** Connects as the owner (bypasses nothing but RLS-exempt only via platform scope): for assertions and fixtures. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * A fresh database cloned from the migrated template, with the app's Prisma client pointed at it.
 * Invariant: every test file gets its own database, so files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const templateUrl = inject('templateDatabaseUrl');
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `crm_t_${crypto.randomBytes(6).toString('hex')}`;
  const adminUrl = withDatabase(templateUrl, 'postgres');
  await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = withDatabase(templateUrl, name);
  process.env.DATABASE_URL = url;
  await useDatabase(url);
  clearApiKeyCache();
  resetRateLimits();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // The file's database is dropped WITH (FORCE) at the end: a connection the server ends then must
  // not become an uncaught exception of the test process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    url,
    pool,
    drop: async () => {
      await closeDatabase();
      await pool.end();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Registers beforeAll/afterAll hooks for a file-scoped test database. */
export function useTestDatabase(): { current: () => TestDatabase } {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  return {
    current: () => {
      if (!db) throw new Error('test database not ready');
      return db;
    },
  };
}
