import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Logger, runMigrations as runWorkerMigrations } from 'graphile-worker';
import { APP_ROLE } from './config';

const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? 'prisma/migrations');
// Any constant works; it only has to be the same for every process of this service.
const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * The baseline replaced the eight migrations of 2026-11-22 (squashed, same schema). A database
 * migrated before the squash holds their names: the baseline is recorded as applied there.
 */
export const SQUASHED_MIGRATIONS = {
  baseline: '20261124143130_baseline',
  replaced: [
    '20261122000100_platform',
    '20261122000200_records',
    '20261122000300_webhooks',
    '20261122000600_screening',
    '20261122000700_entity_counts',
    '20261122000800_entity_documents',
    '20261122000900_email_notifications',
    '20261122001000_entity_response_bodies',
  ],
} as const;

/**
 * Applies the committed SQL migrations in order, recording them in Prisma's own
 * `_prisma_migrations` table (same checksum), so `prisma migrate status|deploy` agree with it.
 * A session advisory lock makes concurrent start-ups safe: the second process waits, then
 * finds nothing left to do.
 */
export async function applyMigrations(
  databaseUrl: string,
  log: (line: string) => void = () => {},
  { migrationsDir = MIGRATIONS_DIR }: { migrationsDir?: string } = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await createMigrationTable(client);
    const done = await client.query<{ migration_name: string; finished_at: Date | null }>(
      'SELECT migration_name, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const finished = new Set(done.rows.filter((r) => r.finished_at).map((r) => r.migration_name));
    const failed = done.rows.find((r) => !r.finished_at);
    if (failed) throw new Error(`migration ${failed.migration_name} failed earlier; resolve it before starting`);

    const migrations = listMigrations(migrationsDir);
    if (await recordSquashedBaseline(client, migrationsDir, migrations, finished)) {
      log(
        `recorded migration ${SQUASHED_MIGRATIONS.baseline} as applied: this database has the ${SQUASHED_MIGRATIONS.replaced.length} migrations it squashed (same schema)`,
      );
    }

    for (const name of migrations) {
      if (finished.has(name)) continue;
      const sql = readMigration(migrationsDir, name);
      const checksum = checksumOf(sql);
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [crypto.randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
      log(`applied migration ${name}`);
    }
    await installJobQueueSchema(client, databaseUrl);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}

/** Prisma's migration history table, as Prisma creates it. */
export async function createMigrationTable(client: pg.ClientBase): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
}

/** The migration folders of `dir` (each with a migration.sql), in the order they apply. */
export function listMigrations(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort();
}

const readMigration = (dir: string, name: string) => fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
const checksumOf = (sql: string) => crypto.createHash('sha256').update(sql).digest('hex');

/**
 * On a database migrated before the squash (all eight replaced migrations, no baseline), records
 * the baseline as applied without running it and adds it to `finished`; true when it did.
 */
async function recordSquashedBaseline(client: pg.Client, dir: string, migrations: string[], finished: Set<string>): Promise<boolean> {
  const { baseline, replaced } = SQUASHED_MIGRATIONS;
  const present = replaced.filter((name) => finished.has(name));
  if (!migrations.includes(baseline) || finished.has(baseline) || present.length === 0) return false;
  if (present.length !== replaced.length) {
    throw new Error(
      `this database has ${present.length} of the ${replaced.length} migrations squashed into ${baseline}; migrate it with the commit before the squash first`,
    );
  }
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, applied_steps_count)
     VALUES ($1, $2, now(), $3, $4, 0)`,
    [crypto.randomUUID(), checksumOf(readMigration(dir, baseline)), baseline, `recorded, not run: replaces ${replaced.join(', ')}`],
  );
  finished.add(baseline);
  return true;
}

/** graphile-worker keeps its own schema; the app role may only call add_job through our trigger. */
async function installJobQueueSchema(client: pg.Client, databaseUrl: string): Promise<void> {
  await runWorkerMigrations({ connectionString: databaseUrl, logger: silentLogger() });
  await client.query(`GRANT USAGE ON SCHEMA graphile_worker TO ${APP_ROLE}`);
  // /health counts waiting jobs; the view runs with its owner's rights on the private tables.
  await client.query(`GRANT SELECT ON graphile_worker.jobs TO ${APP_ROLE}`);
}

function silentLogger(): Logger {
  // Keep start-up output to our own lines.
  return new Logger(() => () => {});
}
