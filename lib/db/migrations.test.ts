import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '@/scripts/testing/global-setup';
import { applyMigrations, SQUASHED_MIGRATIONS } from './migrate';
import { startEmbeddedPostgres } from './embedded';
import { freePort } from '@/bench/lib/server';

const run = promisify(execFile);
const MIGRATIONS = fs
  .readdirSync('prisma/migrations')
  .filter((name) => /^\d+_/.test(name))
  .sort();

/** db:migrate as a new user runs it: no DATABASE_URL, the embedded server's folder and port. */
function migrateEmbedded(env: { EMBEDDED_PG_DIR: string; EMBEDDED_PG_PORT: string }) {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], { env: { ...rest, ...env }, timeout: 90_000 });
}

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = withDatabase(inject('templateDatabaseUrl'), 'postgres');
  const name = `crm_mig_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE "${name}"`);
  return { url: withDatabase(admin, name), drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

function prisma(args: string[], url: string) {
  return run(process.execPath, ['node_modules/prisma/build/index.js', ...args], {
    env: { ...process.env, DATABASE_URL: url },
    timeout: 90_000,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
}

describe('migrations without a native engine', () => {
  it('prisma migrate deploy applies every migration and the schema has no drift', async () => {
    const db = await freshDatabase();
    try {
      const deploy = await prisma(['migrate', 'deploy'], db.url);
      expect(deploy.code, deploy.stderr).toBe(0);
      const diff = await prisma(['migrate', 'diff', '--from-config-datasource', '--to-schema', 'prisma/schema', '--exit-code'], db.url);
      expect(diff.code, `drift between prisma/schema and the migrations:\n${diff.stdout}${diff.stderr}`).toBe(0);
    } finally {
      await db.drop();
    }
  }, 180_000);

  it('the start-up migrator records migrations the way Prisma does (status is up to date)', async () => {
    const db = await freshDatabase();
    try {
      await applyMigrations(db.url);
      const status = await prisma(['migrate', 'status'], db.url);
      expect(status.code, status.stdout + status.stderr).toBe(0);
      expect(status.stdout).toMatch(/up to date/i);
    } finally {
      await db.drop();
    }
  }, 120_000);

  it('is idempotent and safe when two processes start together', async () => {
    const db = await freshDatabase();
    try {
      const [a, b] = await Promise.all([applyMigrations(db.url), applyMigrations(db.url)]);
      // One of them applied everything, the other found nothing left to do.
      expect(Math.min(a.length, b.length)).toBe(0);
      expect(Math.max(a.length, b.length)).toBeGreaterThan(0);
      expect(await applyMigrations(db.url)).toEqual([]);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const rows = await client.query('SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1');
      await client.end();
      expect(rows.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    } finally {
      await db.drop();
    }
  }, 120_000);

  it('a database migrated before the squash gets the baseline recorded as applied, not run', async () => {
    const db = await freshDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    // Such a database has the schema of the eight (= the baseline's) and none of the later migrations.
    const baselineOnly = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-baseline-'));
    fs.cpSync(path.join('prisma/migrations', SQUASHED_MIGRATIONS.baseline), path.join(baselineOnly, SQUASHED_MIGRATIONS.baseline), { recursive: true });
    try {
      await applyMigrations(db.url, () => {}, { migrationsDir: baselineOnly });
      // The history such a database has: the eight replaced migrations and no baseline.
      await client.query('DELETE FROM "_prisma_migrations"');
      for (const name of SQUASHED_MIGRATIONS.replaced) {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, 'old', now(), $2, 1)`,
          [crypto.randomUUID(), name],
        );
      }
      // The baseline is recorded, not run; the migrations after it run as usual.
      const later = MIGRATIONS.filter((name) => name > SQUASHED_MIGRATIONS.baseline);
      const lines: string[] = [];
      expect(await applyMigrations(db.url, (line) => lines.push(line))).toEqual(later);
      expect(lines).toEqual([
        `recorded migration ${SQUASHED_MIGRATIONS.baseline} as applied: this database has the 8 migrations it squashed (same schema)`,
        ...later.map((name) => `applied migration ${name}`),
      ]);
      const recorded = await client.query('SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1', [SQUASHED_MIGRATIONS.baseline]);
      const baselineSql = fs.readFileSync(path.join('prisma/migrations', SQUASHED_MIGRATIONS.baseline, 'migration.sql'));
      expect(recorded.rows).toEqual([{ checksum: crypto.createHash('sha256').update(baselineSql).digest('hex') }]);
      expect(await applyMigrations(db.url, (line) => lines.push(line))).toEqual([]);
      expect(lines).toHaveLength(1 + later.length);
      const status = await prisma(['migrate', 'status'], db.url);
      expect(status.stdout, status.stderr).toMatch(/up to date/i);

      // A history with only some of them is not a state any commit produced: refuse, do not guess.
      await client.query('DELETE FROM "_prisma_migrations" WHERE migration_name = ANY($1)', [[SQUASHED_MIGRATIONS.baseline, SQUASHED_MIGRATIONS.replaced[7]]]);
      await expect(applyMigrations(db.url)).rejects.toThrow(/has 7 of the 8 migrations squashed/);
    } finally {
      fs.rmSync(baselineOnly, { recursive: true, force: true });
      await client.end();
      await db.drop();
    }
  }, 120_000);

  it('npm run db:migrate applies them without starting the service, then reports nothing left', async () => {
    const db = await freshDatabase();
    const migrate = () =>
      run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], { env: { ...process.env, DATABASE_URL: db.url }, timeout: 90_000 });
    try {
      const first = JSON.parse((await migrate()).stdout);
      expect(first.applied).toEqual(MIGRATIONS);
      expect(JSON.parse((await migrate()).stdout)).toEqual({ applied: [] });
    } finally {
      await db.drop();
    }
  }, 120_000);

  it('npm run db:migrate uses the embedded server that npm start is running', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-migrate-'));
    fs.chmodSync(dir, 0o755);
    const env = { EMBEDDED_PG_DIR: path.join(dir, 'pg'), EMBEDDED_PG_PORT: String(await freePort()) };
    const running = await startEmbeddedPostgres({ dataDir: env.EMBEDDED_PG_DIR, port: Number(env.EMBEDDED_PG_PORT) });
    try {
      expect(JSON.parse((await migrateEmbedded(env)).stdout)).toEqual({ applied: MIGRATIONS });
      expect(JSON.parse((await migrateEmbedded(env)).stdout)).toEqual({ applied: [] });
    } finally {
      await running.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('npm run db:migrate says why when the embedded server cannot start (its port taken by another program)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-migrate-'));
    fs.chmodSync(dir, 0o755);
    const squatter = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const port = String((squatter.address() as net.AddressInfo).port);
    try {
      const failure = await migrateEmbedded({ EMBEDDED_PG_DIR: path.join(dir, 'pg'), EMBEDDED_PG_PORT: port }).then(
        () => undefined,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toBe('');
      expect(failure?.stderr).toMatch(new RegExp(`^error: embedded PostgreSQL did not start \\(data folder .*, port ${port}\\): .*(could not|address)`));
      expect(failure?.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      squatter.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
