import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/scripts/testing/db';
import { screenName } from './screen';
import { importWatchlist, parseWatchlist, rebuildNameKeys } from './watchlist-import';
import { ScreeningSearchResponseSchema } from './schemas';

const samples = path.resolve(import.meta.dirname, '../../scripts/screening/samples');
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

async function runImport(
  file: string,
  format: 'csv' | 'json' | 'un-xml',
  source: 'ListSourceA' | 'ListSourceB' | 'Custom' = 'ListSourceA',
  tenantId: string | null = null,
  text?: string,
) {
  const client = await db.pool.connect();
  try {
    return await importWatchlist({
      db: client,
      source,
      tenantId,
      format,
      fileName: file,
      entries: parseWatchlist(text ?? fs.readFileSync(path.join(samples, file), 'utf8'), format),
    });
  } finally {
    client.release();
  }
}

describe('watchlist import + screening (PostgreSQL)', () => {
  it('imports, re-imports (updated / deprecated / unchanged) and records the change set', async () => {
    const first = await runImport('un-consolidated-sample.xml', 'un-xml');
    expect(first).toMatchObject({ added: 3, updated: 0, deprecated: 0, unchanged: 0 });
    const xml = fs.readFileSync(path.join(samples, 'un-consolidated-sample.xml'), 'utf8');
    const changed = xml.replace('<YEAR>1980</YEAR>', '<YEAR>1979</YEAR>').replace(/<ENTITIES>[\s\S]*<\/ENTITIES>/, '<ENTITIES/>');
    const second = await runImport('un-consolidated-sample.xml', 'un-xml', 'ListSourceA', null, changed);
    expect(second).toMatchObject({ added: 0, updated: 1, deprecated: 1, unchanged: 1 });
    const changes = await db.pool.query(`SELECT "externalId", change FROM "WatchlistImportChange" WHERE "importId" = $1 ORDER BY "externalId"`, [
      second.importId,
    ]);
    expect(changes.rows).toEqual([
      { externalId: '9900001', change: 'Updated' },
      { externalId: '9900101', change: 'Deprecated' },
    ]);
    const dep = await db.pool.query(`SELECT "isValid", "deprecatedAt" FROM "WatchlistEntry" WHERE "externalId" = '9900101'`);
    expect(dep.rows[0].isValid).toBe(false);
    expect(dep.rows[0].deprecatedAt).not.toBeNull();
  });

  it('screens Arabic script against a Latin entry and explains the score', async () => {
    // another list: importing it into ListSourceA would deprecate the UN entries
    await runImport('sample.csv', 'csv', 'ListSourceB');
    const tenantId = randomUUID();
    const res = await screenName({ db: db.pool, tenantId, input: { name: 'محمد عبد الرحمن الحربي', dob: '1975-03-14' } });
    expect(ScreeningSearchResponseSchema.parse(res)).toBeTruthy();
    expect(res.meta.candidates).toBeGreaterThan(0);
    const m = res.data.find((x) => x.watchlistEntry.externalId === 'C-001');
    expect(m).toBeDefined();
    expect(m!.recommendation).toBe('AutoMatch');
    expect(m!.signals.dob.score).toBe(1);
    expect(m!.reasons).toContain('Name');
  });

  it('finds by identity number alone and never finds a deprecated entry', async () => {
    const res = await screenName({ db: db.pool, tenantId: randomUUID(), input: { name: 'Unknown Person', identities: [{ number: 'G5512093' }] } });
    expect(res.data[0]?.signals.identity).toMatchObject({ matched: true, label: 'Passport' });
    const dep = await screenName({ db: db.pool, tenantId: randomUUID(), input: { name: 'Al-Rafidain Humanitarian Foundation', type: 'Organization' } });
    expect(dep.data.find((x) => x.watchlistEntry.externalId === '9900101')).toBeUndefined();
  });

  it('rebuilds the name keys of stored entries (after a change of the blocking codes)', async () => {
    const before = await db.pool.query(`SELECT "entryId", "blockKeys" FROM "WatchlistNameKey" WHERE source = 'ListSourceB' ORDER BY "entryId", key`);
    await db.pool.query(`UPDATE "WatchlistNameKey" SET "blockKeys" = ARRAY['p:OLD|KEY'] WHERE source = 'ListSourceB'`);
    const client = await db.pool.connect();
    try {
      expect(await rebuildNameKeys(client, { source: 'ListSourceB', batchSize: 1 })).toBeGreaterThan(1);
    } finally {
      client.release();
    }
    const after = await db.pool.query(`SELECT "entryId", "blockKeys" FROM "WatchlistNameKey" WHERE source = 'ListSourceB' ORDER BY "entryId", key`);
    expect(after.rows).toEqual(before.rows);
  });

  it("keeps a tenant's Custom list to that tenant", async () => {
    const tenantA = randomUUID();
    const custom = JSON.stringify([{ externalId: 'X1', type: 'Individual', names: [{ value: 'Rakan Mishari Al-Balushi', kind: 'Primary' }] }]);
    await runImport('custom.json', 'json', 'Custom', tenantA, custom);
    const a = await screenName({ db: db.pool, tenantId: tenantA, input: { name: 'Rakan Al Balushi Mishari' } });
    const b = await screenName({ db: db.pool, tenantId: randomUUID(), input: { name: 'Rakan Al Balushi Mishari' } });
    expect(a.data.map((x) => x.watchlistEntry.externalId)).toContain('X1');
    expect(b.data.map((x) => x.watchlistEntry.externalId)).not.toContain('X1');
  });
  it('finds a listed person by one rare name part, counted in the lists the tenant sees', async () => {
    const person = (externalId: string, value: string) => ({ externalId, type: 'Individual', names: [{ value, kind: 'Primary' }] });
    const tenantA = randomUUID();
    await runImport('a.json', 'json', 'Custom', tenantA, JSON.stringify([person('Z1', 'Ustad Daud Zulkarnaen')]));
    const a = await screenName({ db: db.pool, tenantId: tenantA, input: { name: 'Zulkarnain', type: 'Individual' } });
    expect(a.data.map((x) => [x.watchlistEntry.externalId, x.recommendation])).toEqual([['Z1', 'Review']]);
    expect(a.data[0]!.reasons).toContain('RareNamePart');
    // three listed people bear it in tenant B's list: one name part no longer singles anybody out
    const tenantB = randomUUID();
    await runImport(
      'b.json',
      'json',
      'Custom',
      tenantB,
      JSON.stringify([person('Z1', 'Ustad Daud Zulkarnaen'), person('Z2', 'Zulkarnain Hasan Basri'), person('Z3', 'Ahmad Zulkarnain')]),
    );
    const b = await screenName({ db: db.pool, tenantId: tenantB, input: { name: 'Zulkarnain', type: 'Individual' } });
    expect(b.data).toEqual([]);
    // tenant B's entries are not counted for tenant A
    const again = await screenName({ db: db.pool, tenantId: tenantA, input: { name: 'Zulkarnain', type: 'Individual' } });
    expect(again.data.map((x) => x.watchlistEntry.externalId)).toEqual(['Z1']);
  });
});
