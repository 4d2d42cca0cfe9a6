// prisma/sql against the database the committed migrations produce: every definition file, run on
// that database, must change nothing (and nothing there may be left that no file defines), and
// npm run db:new-migration's machinery must notice when one of them does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readDefinitions } from './definitions';
import { isEmptyPlan, planMigration } from './plan-migration';
import { migrationText, writeMigration } from './write-migration';

const MIGRATIONS_DIR = path.resolve('prisma/migrations');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

function copyOf(dir: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sql-test-'));
  temporary.push(copy);
  fs.cpSync(dir, copy, { recursive: true });
  return copy;
}

describe('prisma/sql definitions', () => {
  it('match the database the committed migrations produce (no definition changed, nothing left over)', async () => {
    const definitions = readDefinitions();
    const plan = await planMigration({ serverUrl: inject('templateDatabaseUrl'), migrationsDir: MIGRATIONS_DIR, definitions });
    const report = [
      ...plan.changed.map((c) => `prisma/sql/${c.definition.file} differs from the migrations: ${c.differences.join(', ')}`),
      ...plan.drops.map((d) => `left over in the migrated database: ${d}`),
      ...plan.remaining,
    ].join('\n');
    expect(report, 'run `npm run db:new-migration -- <name>`').toBe('');
    expect(plan.prismaDdl).toBe('');
    expect(isEmptyPlan(plan)).toBe(true);
    // Nothing changed: nothing is written.
    const migrations = copyOf(MIGRATIONS_DIR);
    expect(writeMigration(plan, definitions, { name: 'nothing', migrationsDir: migrations })).toBeUndefined();
    expect(fs.readdirSync(migrations).sort()).toEqual(fs.readdirSync(MIGRATIONS_DIR).sort());
  }, 120_000);

  it('notice a changed and a removed definition, and the migration written for them brings the database level', async () => {
    const sqlDir = copyOf(path.resolve('prisma/sql'));
    const timestampFile = path.join(sqlDir, 'functions/crm_timestamp_text.sql');
    fs.writeFileSync(timestampFile, fs.readFileSync(timestampFile, 'utf8').replace('HH24:MI:SS.MS', 'HH24:MI:SS.US'));
    const triggersFile = path.join(sqlDir, 'triggers/entity_documents.sql');
    const triggers = fs.readFileSync(triggersFile, 'utf8');
    const withoutTagTrigger = triggers.replace(/CREATE OR REPLACE TRIGGER "Tag_document_update"[^;]*;\n/, '');
    expect(withoutTagTrigger).not.toBe(triggers);
    fs.writeFileSync(triggersFile, withoutTagTrigger);

    const serverUrl = inject('templateDatabaseUrl');
    const definitions = readDefinitions(sqlDir);
    const plan = await planMigration({ serverUrl, migrationsDir: MIGRATIONS_DIR, definitions });
    expect(plan.prismaDdl).toBe('');
    expect(plan.changed.map((c) => [c.definition.file, c.differences])).toEqual([
      ['functions/crm_timestamp_text.sql', ['~ function crm_timestamp_text(timestamp with time zone)']],
    ]);
    expect(plan.drops).toEqual(['DROP TRIGGER IF EXISTS "Tag_document_update" ON "Tag";']);
    // The documents embed the timestamps: the migration recomputes them.
    expect(plan.thenRun).toEqual(['maintenance/refresh_entity_documents.sql']);
    expect(plan.remaining).toEqual([]);

    const migrations = copyOf(MIGRATIONS_DIR);
    const folder = writeMigration(plan, definitions, { name: 'probe', migrationsDir: migrations, now: new Date('2030-01-02T03:04:05Z') });
    expect(folder).toBe('20300102030405_probe');
    const text = fs.readFileSync(path.join(migrations, folder!, 'migration.sql'), 'utf8');
    expect(text).toBe(migrationText(plan, definitions));
    expect(text).toContain(fs.readFileSync(timestampFile, 'utf8').trimEnd());
    expect(text).toContain('PERFORM crm_refresh_entity_documents(t."tenantId", t.ids);');

    // Migrated with the new migration too, the database matches the changed definitions.
    const after = await planMigration({ serverUrl, migrationsDir: migrations, definitions });
    expect([...after.changed.map((c) => c.definition.file), ...after.drops, ...after.remaining]).toEqual([]);
    expect(isEmptyPlan(after)).toBe(true);
  }, 180_000);

  it('order.txt must list every definition file', () => {
    const sqlDir = copyOf(path.resolve('prisma/sql'));
    fs.writeFileSync(path.join(sqlDir, 'functions/crm_unlisted.sql'), 'SELECT 1;\n');
    expect(() => readDefinitions(sqlDir)).toThrow(/order\.txt does not list functions\/crm_unlisted\.sql/);
  });
});
