import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '@/lib/testing/global-setup';
import { applyMigrations } from './migrate';

const run = promisify(execFile);

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

  it("the start-up migrator records migrations the way Prisma does (status is up to date)", async () => {
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

  it('npm run db:migrate applies them without starting the service, then reports nothing left', async () => {
    const db = await freshDatabase();
    const migrate = () =>
      run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], { env: { ...process.env, DATABASE_URL: db.url }, timeout: 90_000 });
    try {
      const first = JSON.parse((await migrate()).stdout);
      expect(first.applied).toEqual(fs.readdirSync('prisma/migrations').filter((name) => /^\d+_/.test(name)).sort());
      expect(JSON.parse((await migrate()).stdout)).toEqual({ applied: [] });
    } finally {
      await db.drop();
    }
  }, 120_000);
});
