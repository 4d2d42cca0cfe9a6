import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as search } from '@/app/services/crm/screening/search/route';
import { callRoute } from '@/scripts/testing/api';
import { runCli } from '@/scripts/testing/cli';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';

const db = useTestDatabase();
const samples = path.resolve('scripts/screening/samples');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'watchlist-import-'));

const crm = (...args: string[]) => runCli(db.current().url, args);

const counts = (stdout: string) => {
  const out = JSON.parse(stdout);
  expect(Object.keys(out).sort()).toEqual(['added', 'deprecated', 'unchanged', 'updated']);
  return out;
};

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTestTenant({ slug: 'acme' });
});

describe('npm run crm -- watchlist:import', () => {
  it.each([
    ['ListSourceA', 'un-consolidated-sample.xml', [], { added: 3 }],
    ['ListSourceB', 'sample.csv', ['--format', 'csv'], { added: 4 }],
  ])(
    'imports %s from %s',
    async (source, file, extra, expected) => {
      const r = await crm('watchlist:import', '--source', source, ...(extra as string[]), path.join(samples, file));
      expect(r.code, r.stderr).toBe(0);
      expect(counts(r.stdout)).toEqual({ updated: 0, deprecated: 0, unchanged: 0, ...expected });
    },
    60_000,
  );

  it('imports the JSON sample into a tenant Custom list, then re-imports it unchanged', async () => {
    const file = path.join(samples, 'sample.json');
    const r = await crm('watchlist:import', '--source', 'Custom', '--tenant', 'acme', file);
    expect(r.code, r.stderr).toBe(0);
    expect(counts(r.stdout)).toEqual({ added: 2, updated: 0, deprecated: 0, unchanged: 0 });
    const again = await crm('watchlist:import', '--source', 'Custom', '--tenant', 'acme', '--format', 'json', file);
    expect(counts(again.stdout)).toEqual({ added: 0, updated: 0, deprecated: 0, unchanged: 2 });
    const rows = await db.current().pool.query(`SELECT count(*)::int AS n FROM "WatchlistEntry" WHERE source = 'Custom' AND "tenantId" = $1`, [tenant.id]);
    expect(rows.rows[0].n).toBe(2);
  }, 60_000);

  it('re-import updates, deprecates and adds; the screening route sees the new state', async () => {
    const csv = fs.readFileSync(path.join(samples, 'sample.csv'), 'utf8').split('\n');
    const edited = [
      csv[0],
      csv[1]!.replace('1975-03-14', '1975-03-15'), // C-001 updated
      csv[2], // C-002 unchanged
      // C-003, C-004 dropped → deprecated
      'C-005,Individual,Bartholomew Okonkwo-Grimaldi,,1990-05-05,Male,NG,Passport,A77665544',
    ].join('\n');
    const file = path.join(tmp, 'list-b.csv');
    fs.writeFileSync(file, edited);
    const r = await crm('watchlist:import', '--source', 'ListSourceB', file);
    expect(r.code, r.stderr).toBe(0);
    expect(counts(r.stdout)).toEqual({ added: 1, updated: 1, deprecated: 2, unchanged: 1 });

    const added = await callRoute(search, 'POST', '/services/crm/screening/search', {
      headers: tenant.headers,
      body: { name: 'Bartholomew Okonkwo Grimaldi', dob: '1990-05-05' },
    });
    expect(added.status).toBe(200);
    expect(added.body.data[0]).toMatchObject({ watchlistSource: 'ListSourceB', watchlistEntry: { externalId: 'C-005' } });
    const deprecated = await callRoute(search, 'POST', '/services/crm/screening/search', {
      headers: tenant.headers,
      body: { name: 'John Michael Carter', threshold: 0 },
    });
    expect(deprecated.body.data.map((m: any) => m.watchlistEntry.externalId)).not.toContain('C-004');
    const updated = await callRoute(search, 'POST', '/services/crm/screening/search', {
      headers: tenant.headers,
      body: { name: 'Mohammed Abdulrahman Al-Harbi', dob: '1975-03-15' },
    });
    expect(updated.body.data[0]).toMatchObject({ watchlistEntry: { externalId: 'C-001' }, signals: { dob: { score: 1 } } });
    const custom = await callRoute(search, 'POST', '/services/crm/screening/search', { headers: tenant.headers, body: { name: 'يوسف ابراهيم القحطاني' } });
    expect(custom.body.data[0]).toMatchObject({ watchlistSource: 'Custom', watchlistEntry: { externalId: 'J-100' } });
    const un = await callRoute(search, 'POST', '/services/crm/screening/search', { headers: tenant.headers, body: { name: 'Abdullah Khalid Al-Dosari' } });
    expect(un.body.data[0]).toMatchObject({ watchlistSource: 'ListSourceA', watchlistEntry: { externalId: '9900001' } });
  }, 60_000);

  it.each([
    [['--source', 'Custom', 'FILE:sample.json'], /--tenant/],
    [['--source', 'Custom', '--tenant', 'nobody', 'FILE:sample.json'], /unknown tenant/],
    [['--source', 'ListSourceC', 'FILE:sample.json'], /--source/],
    [['--source', 'ListSourceA', '--format', 'pdf', 'FILE:sample.json'], /--format/],
    [['--source', 'ListSourceA'], /FILE/],
    [['--source', 'ListSourceA', '/nonexistent/list.csv'], /cannot read/],
    [['--source', 'ListSourceA', '--format', 'csv', 'FILE:sample.json'], /./],
    [['--source', 'ListSourceA', '--format', 'un-xml', 'FILE:sample.csv'], /./],
    [['--source', 'ListSourceA', '--format', 'json', 'FILE:sample.csv'], /./],
    [['--source', 'ListSourceA', '--bogus', 'FILE:sample.csv'], /bogus/],
  ])(
    'fails with one line on stderr and a non-zero exit: %j',
    async (args, pattern) => {
      const before = (await db.current().pool.query(`SELECT count(*)::int AS n FROM "WatchlistEntry"`)).rows[0].n;
      const r = await crm('watchlist:import', ...(args as string[]).map((a) => (a.startsWith('FILE:') ? path.join(samples, a.slice(5)) : a)));
      expect(r.code).not.toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
      expect((await db.current().pool.query(`SELECT count(*)::int AS n FROM "WatchlistEntry"`)).rows[0].n).toBe(before);
    },
    60_000,
  );
});

describe('npm run crm -- watchlist:rekey', () => {
  it('rebuilds the search keys of the entries already imported, and they are found again', async () => {
    await crm('watchlist:import', '--source', 'ListSourceB', path.join(samples, 'sample.csv'));
    // As if the keys had been written by an earlier version of the matcher.
    await db.current().pool.query(`DELETE FROM "WatchlistNameKey" WHERE source = 'ListSourceB'`);
    const rekeyed = JSON.parse((await crm('watchlist:rekey', '--source', 'ListSourceB')).stdout);
    expect(rekeyed.rekeyed).toBeGreaterThan(0);
    const keys = await db.current().pool.query(`SELECT count(*)::int AS n FROM "WatchlistNameKey" WHERE source = 'ListSourceB'`);
    expect(keys.rows[0].n).toBeGreaterThan(0);
    const bad = await crm('watchlist:rekey', '--source', 'Nope');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--source must be one of/);
  }, 90_000);
});
