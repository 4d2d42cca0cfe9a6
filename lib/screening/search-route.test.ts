import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, beforeAll } from 'vitest';
import { POST as search } from '@/app/services/crm/screening/search/route';
import { getOpenApiDocument } from '@/app/services/crm/route-manifest';
import { withTenant } from '@/lib/db/tenant-tx';
import { sqlOf } from '@/lib/db/sql';
import { ScreeningSearchResponseSchema } from '@/lib/screening/schemas';
import { importWatchlist, parseWatchlist } from '@/lib/screening/watchlist-import';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';

const db = useTestDatabase();
const samples = path.resolve(import.meta.dirname, '../../scripts/screening/samples');
const URL = '/services/crm/screening/search';

async function load(file: string, format: 'csv' | 'json' | 'un-xml', source: 'ListSourceA' | 'ListSourceB' | 'Custom', tenantId: string | null, text?: string) {
  const client = await db.current().pool.connect();
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

const CUSTOM = JSON.stringify([
  {
    externalId: 'A-SECRET-1',
    type: 'Individual',
    names: [{ value: 'Zebulon Quixworth Pennyfeather', kind: 'Primary' }],
    dob: '1961-01-02',
    identities: [{ type: 'Passport', number: 'ZQ9988776' }],
  },
]);

let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  a = await createTestTenant();
  b = await createTestTenant();
  await load('sample.csv', 'csv', 'ListSourceB', null);
  await load('custom.json', 'json', 'Custom', a.id, CUSTOM);
});

describe('POST /services/crm/screening/search', () => {
  it('returns the contract shape {meta:{tookMs,candidates}, data:[Match]} and explains the score', async () => {
    const res = await callRoute(search, 'POST', URL, {
      headers: a.headers,
      body: { name: 'محمد عبد الرحمن الحربي', dob: '1975-03-14', nationalityCode: 'SA' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const parsed = ScreeningSearchResponseSchema.strict().parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
    expect(parsed.meta.candidates).toBeGreaterThan(0);
    const m = res.body.data.find((x: any) => x.watchlistEntry.externalId === 'C-001');
    expect(m).toBeDefined();
    expect(m.watchlistSource).toBe('ListSourceB');
    expect(Object.keys(m.watchlistEntry).sort()).toEqual(['externalId', 'id', 'names', 'source']);
    expect(m.recommendation).toBe('AutoMatch');
    expect(m.status).toBe('Unreviewed');
    expect(m.signals.name.totalScore).toBeGreaterThan(0.9);
    expect(m.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
  });

  it('stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await db
            .current()
            .pool.query(`SELECT (SELECT count(*) FROM "WatchlistEntry") + (SELECT count(*) FROM "WatchlistImport") + (SELECT count(*) FROM "AuditLog") AS n`)
        ).rows[0].n,
      );
    const before = await count();
    await callRoute(search, 'POST', URL, { headers: a.headers, body: { name: 'John Carter' } });
    expect(await count()).toBe(before);
  });

  it('matches an identity number exactly (criteria Identity, 100)', async () => {
    const res = await callRoute(search, 'POST', URL, {
      headers: b.headers,
      body: { name: 'Someone Else', identities: [{ type: 'NationalIdentity', number: '1023-456-789' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ criteria: 'Identity', percentage: 100, recommendation: 'AutoMatch', watchlistEntry: { externalId: 'C-001' } });
  });

  it('honours threshold and sources', async () => {
    const loose = await callRoute(search, 'POST', URL, { headers: a.headers, body: { name: 'Mohammed Al-Harbi', threshold: 50 } });
    expect(loose.body.data.length).toBeGreaterThan(0);
    const none = await callRoute(search, 'POST', URL, { headers: a.headers, body: { name: 'Mohammed Abdulrahman Al-Harbi', sources: ['ListSourceA'] } });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });

  it('isolates Custom lists: tenant A finds its entry, tenant B never sees it (by name or identity)', async () => {
    const body = { name: 'Zebulon Quixworth Pennyfeather', identities: [{ number: 'ZQ9988776' }] };
    const mine = await callRoute(search, 'POST', URL, { headers: a.headers, body });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((m: any) => m.watchlistEntry.externalId)).toContain('A-SECRET-1');
    expect(mine.body.data[0].watchlistSource).toBe('Custom');
    const theirs = await callRoute(search, 'POST', URL, { headers: b.headers, body: { ...body, threshold: 0 } });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect(theirs.body.meta.candidates).toBe(0);
    // shared lists stay visible to B
    const shared = await callRoute(search, 'POST', URL, { headers: b.headers, body: { name: 'John Michael Carter' } });
    expect(shared.body.data.map((m: any) => m.watchlistEntry.externalId)).toContain('C-004');
  });

  it('row-level security alone hides the Custom entry from tenant B (second wall)', async () => {
    const visible = (tenantId: string) =>
      withTenant(tenantId, async (tx) => {
        const q = sqlOf(tx);
        const e = await q.query(`SELECT count(*)::int AS n FROM "WatchlistEntry" WHERE source = 'Custom'`);
        const k = await q.query(`SELECT count(*)::int AS n FROM "WatchlistNameKey" WHERE source = 'Custom'`);
        const shared = await q.query(`SELECT count(*)::int AS n FROM "WatchlistEntry" WHERE "tenantId" IS NULL`);
        return [e.rows[0].n, k.rows[0].n, shared.rows[0].n];
      });
    const [ae, ak, as] = await visible(a.id);
    expect(ae).toBe(1);
    expect(ak).toBeGreaterThan(0);
    expect(as).toBe(4);
    expect(await visible(b.id)).toEqual([0, 0, 4]);
  });

  it('requires an API key', async () => {
    const res = await callRoute(search, 'POST', URL, { headers: { 'x-tenant': a.slug }, body: { name: 'x' } });
    expect(res.status).toBe(401);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'Ali', type: 'Robot' }, 'type'],
    [{ name: 'Ali', dob: '1975-02-30' }, 'dob'],
    [{ name: 'Ali', dob: '14/03/1975' }, 'dob'],
    [{ name: 'Ali', gender: 'X' }, 'gender'],
    [{ name: 'Ali', nationalityCode: 'SAU' }, 'nationalityCode'],
    [{ name: 'Ali', identities: [{ type: 'Passport' }] }, 'identities.0.number'],
    [{ name: 'a', identities: [{ type: 'Visa', number: '1' }] }, 'identities.0.type'],
    [{ name: 'a', dobHijri: '1500-13-01' }, 'dobHijri'],
    [{ name: 'a', dobHijri: '1445-01-30' }, 'dobHijri'],
    [{ name: 'a', dobHijri: '1299' }, 'dobHijri'],
    [{ name: 'a', dobHijri: '1410-10' }, 'dobHijri'],
    [{ name: 'Ali', identities: 'P123' }, 'identities'],
    [{ name: 'Ali', sources: ['ListSourceC'] }, 'sources.0'],
    [{ name: 'Ali', threshold: 101 }, 'threshold'],
    [{ name: 'Ali', threshold: '80' }, 'threshold'],
  ])('400 VALIDATION_ERROR for %j', async (body, field) => {
    const res = await callRoute(search, 'POST', URL, { headers: a.headers, body });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('VALIDATION_ERROR');
    expect(res.body.message.ar).toMatch(/[\u0600-\u06FF]/);
    expect(
      res.body.validationErrors.some((e: string) => e.startsWith(`${field}:`)),
      JSON.stringify(res.body.validationErrors),
    ).toBe(true);
  });

  it('takes identity types and Hijri dates as entities do: a known type, a real Umm al-Qura date or a year alone', async () => {
    for (const body of [
      { name: 'a', identities: [{ type: 'ResidencyPermit', number: '2123456789' }] },
      { name: 'a', dobHijri: '1410-10-22' },
      { name: 'a', dobHijri: '1410' },
    ]) {
      const res = await callRoute(search, 'POST', URL, { headers: a.headers, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const unknown = await callRoute(search, 'POST', URL, { headers: a.headers, body: { name: 'a', identities: [{ type: 'Visa', number: '1' }] } });
    expect(unknown.body.validationErrors).toEqual([expect.stringMatching(/^identities\.0\.type: .*NationalIdentity/)]);
  });

  it('400 on malformed JSON, 200 with no matches for names without searchable words', async () => {
    const bad = await callRoute(search, 'POST', URL, { headers: { ...a.headers, 'content-type': 'application/json' }, body: '{"name":' });
    expect(bad.status).toBe(400);
    for (const name of ['---', 'CORP', 'Ltd. LLC', '٠١٢', "'", 'ـــ', '%_\\']) {
      const res = await callRoute(search, 'POST', URL, { headers: a.headers, body: { name } });
      expect(res.status, name).toBe(200);
      expect(res.body.data, name).toEqual([]);
    }
  });

  it('is in the OpenAPI document with the same schemas', () => {
    const doc = getOpenApiDocument() as any;
    const op = doc.paths['/screening/search'].post;
    expect(op).toBeDefined();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400']));
    expect(JSON.stringify(op.requestBody)).toContain('ScreeningSearchRequest');
    expect(doc.components.schemas.Match.properties.watchlistEntry).toBeDefined();
  });
});
