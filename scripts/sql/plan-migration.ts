// What a new migration must contain so that a database migrated with the committed migrations
// ends up as prisma/schema and prisma/sql describe it. Worked out on scratch databases of a
// PostgreSQL server the caller provides: nothing is written here.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { adminQuery, withDatabase } from '@/lib/db/admin';
import { applyMigrations, createMigrationTable, listMigrations } from '@/lib/db/migrate';
import { describeDiff, diffCatalogs, isEmptyDiff, readCatalog, type Catalog } from './catalog';
import type { Definition, Definitions } from './definitions';

const run = promisify(execFile);

export interface ChangedDefinition {
  definition: Definition;
  /** What running the file changes on the migrated database (`+`/`-`/`~` catalog keys). */
  differences: string[];
}

export interface MigrationPlan {
  /** True when there are no committed migrations yet: the plan is a baseline from empty. */
  fromEmpty: boolean;
  /** Prisma's DDL from the migrations to prisma/schema; empty when the schema did not change. */
  prismaDdl: string;
  /** Definition files whose text differs from what the migrations produce, in order.txt's order. */
  changed: ChangedDefinition[];
  /** DROP statements for functions, triggers, policies and indexes that no definition creates any more. */
  drops: string[];
  /** maintenance/ files the changed definitions ask for (none for a baseline: nothing to refresh). */
  thenRun: string[];
  /** Differences from a fresh database that the migration would still leave (should be none). */
  remaining: string[];
}

export interface PlanOptions {
  /** Any database URL of a PostgreSQL server where scratch databases may be created and dropped. */
  serverUrl: string;
  migrationsDir: string;
  definitions: Definitions;
  schemaDir?: string;
}

export function isEmptyPlan(plan: MigrationPlan): boolean {
  return !plan.prismaDdl && !plan.changed.length && !plan.drops.length;
}

/**
 * Database A is migrated with the committed migrations; in one transaction that is rolled back it
 * gets Prisma's DDL diff and then every definition file in order, and each file whose run changes
 * the catalog is a changed one. Database B is built fresh (Prisma's DDL from empty, then every
 * definition): what A still has and B has not are leftovers to drop.
 */
export async function planMigration(options: PlanOptions): Promise<MigrationPlan> {
  const { definitions } = options;
  const schemaDir = options.schemaDir ?? path.resolve('prisma/schema');
  const fromEmpty = listMigrations(options.migrationsDir).length === 0;
  const migrated = await scratchDatabase(options.serverUrl, options.migrationsDir);
  const fresh = await scratchDatabase(options.serverUrl);
  try {
    const prismaDdl = fromEmpty
      ? await prismaDiff(['--from-empty'], schemaDir, migrated.url)
      : await prismaDiff(['--from-config-datasource'], schemaDir, migrated.url);
    const changed: ChangedDefinition[] = [];
    const migratedCatalog = await inTransaction(migrated.url, async (client) => {
      let before = await readCatalog(client);
      const apply = async (definition: Definition) => {
        await runSql(client, definition.sql, `prisma/sql/${definition.file} (on a database migrated with the committed migrations)`);
        const after = await readCatalog(client);
        const diff = diffCatalogs(before, after);
        if (fromEmpty || !isEmptyDiff(diff)) changed.push({ definition, differences: describeDiff(diff) });
        before = after;
      };
      for (const definition of definitions.beforeSchema) await apply(definition);
      await runSql(client, prismaDdl, "Prisma's DDL (on a database migrated with the committed migrations)");
      before = await readCatalog(client);
      for (const definition of definitions.afterSchema) await apply(definition);
      return before;
    });
    const freshCatalog = await inTransaction(fresh.url, async (client) => {
      const step = (what: string) => `${what} (on an empty database)`;
      for (const definition of definitions.beforeSchema) await runSql(client, definition.sql, step(`prisma/sql/${definition.file}`));
      await runSql(client, await prismaDiff(['--from-empty'], schemaDir, fresh.url), step("Prisma's DDL"));
      for (const definition of definitions.afterSchema) await runSql(client, definition.sql, step(`prisma/sql/${definition.file}`));
      return readCatalog(client);
    });
    const { drops, remaining } = leftovers(migratedCatalog, freshCatalog);
    const thenRun = fromEmpty ? [] : [...new Set(changed.flatMap((c) => c.definition.thenRun))];
    return { fromEmpty, prismaDdl, changed, drops, thenRun, remaining };
  } finally {
    await migrated.drop();
    await fresh.drop();
  }
}

/** Objects that only the migrated database has: a DROP where the kind allows one, else a remaining difference. */
function leftovers(migrated: Catalog, fresh: Catalog): { drops: string[]; remaining: string[] } {
  const diff = diffCatalogs(fresh, migrated);
  const drops: { order: number; sql: string }[] = [];
  const remaining: string[] = diff.changed.map((key) => `~ ${key}`);
  for (const key of diff.added) {
    const drop = dropStatement(key);
    if (drop) drops.push(drop);
    else remaining.push(`+ ${key} (only in the migrated database)`);
  }
  remaining.push(...diff.removed.map((key) => `- ${key} (missing from the migrated database)`));
  // Triggers and policies first: they use the functions dropped after them.
  return { drops: drops.sort((a, b) => a.order - b.order).map((d) => d.sql), remaining };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function dropStatement(key: string): { order: number; sql: string } | undefined {
  const [kind, ...rest] = key.split(' ');
  const name = rest.join(' ');
  const onTable = () => {
    const dot = name.indexOf('.');
    return { table: name.slice(0, dot), object: name.slice(dot + 1) };
  };
  switch (kind) {
    case 'trigger': {
      const { table, object } = onTable();
      return { order: 0, sql: `DROP TRIGGER IF EXISTS ${quoteIdent(object)} ON ${quoteIdent(table)};` };
    }
    case 'policy': {
      const { table, object } = onTable();
      return { order: 0, sql: `DROP POLICY IF EXISTS ${quoteIdent(object)} ON ${quoteIdent(table)};` };
    }
    case 'function':
      return { order: 1, sql: `DROP FUNCTION IF EXISTS ${name};` };
    case 'index':
      return { order: 2, sql: `DROP INDEX IF EXISTS ${quoteIdent(name)};` };
    default:
      return undefined;
  }
}

async function scratchDatabase(serverUrl: string, migrationsDir?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = withDatabase(serverUrl, 'postgres');
  const name = `crm_plan_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE "${name}"`);
  const url = withDatabase(serverUrl, name);
  const drop = () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  try {
    if (migrationsDir && listMigrations(migrationsDir).length) {
      await applyMigrations(url, () => {}, { migrationsDir });
    } else {
      // Empty, but with the history table: the grants refer to it, as in a real migration run.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await createMigrationTable(client).finally(() => client.end());
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, drop };
}

async function inTransaction<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('notice', () => {});
  try {
    await client.query('BEGIN');
    return await work(client);
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    await client.end();
  }
}

async function runSql(client: pg.Client, sql: string, what: string): Promise<void> {
  if (!sql.trim()) return;
  try {
    await client.query(sql);
  } catch (error) {
    throw new Error(`${what} failed: ${(error as Error).message}`);
  }
}

/** Prisma's DDL to prisma/schema as a script ('' when there is nothing to do), through the offline engine bridge. */
async function prismaDiff(from: string[], schemaDir: string, databaseUrl: string): Promise<string> {
  const args = ['node_modules/prisma/build/index.js', 'migrate', 'diff', ...from, '--to-schema', schemaDir, '--script', '--exit-code'];
  const result = await run(process.execPath, args, { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
  if (result.code === 0) return '';
  if (result.code === 2) return result.stdout.trim() + '\n';
  throw new Error(`prisma migrate diff failed: ${result.stderr.trim() || result.stdout.trim()}`);
}
