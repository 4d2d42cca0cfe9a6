// The reverse lookup of delta monitoring (screen-import.ts reverseCandidates): every monitored name
// sharing a lookup key with a changed entry is a candidate, however many namesakes there are, and the
// scorer alone decides which of them match.
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as createClientRoute } from '@/app/services/crm/entities/client/route';
import { sqlOf } from '@/lib/db/sql';
import { withPlatform, withTenant } from '@/lib/db/tenant-tx';
import { loadEntries } from '@/lib/screening/candidates';
import { scoreEntry } from '@/lib/screening/score';
import { loadTenantThresholds } from '@/lib/screening/thresholds';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { importList } from '@/scripts/testing/watchlist';
import { loadEntityScreeningInputs } from './entity-inputs';
import { reverseCandidates, screenWatchlistImport } from './screen-import';

const db = useTestDatabase();
let tenant: TestTenant;
const clients: Record<string, string> = {};

async function monitored(nameEn: string): Promise<string> {
  const res = await callRoute(createClientRoute, 'POST', '/services/crm/entities/client', {
    headers: tenant.headers,
    body: { nameEn, ongoingMonitoring: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function entryId(externalId: string): Promise<string> {
  const { rows } = await db.current().pool.query(`SELECT id FROM "WatchlistEntry" WHERE "externalId" = $1`, [externalId]);
  return rows[0].id;
}

const candidatesOf = (ids: string[]) => withPlatform((tx) => reverseCandidates(sqlOf(tx), ids));

beforeAll(async () => {
  tenant = await createTestTenant();
  clients.listed = await monitored('Faisal Bandar Majed Al-Otaibi');
  // namesakes sharing one common token pair (Faisal … Al-Otaibi) with the listed name, and others
  for (const middle of ['Saad Turki', 'Nawaf Hamad', 'Sultan Fahad', 'Yousef Adel', 'Salem Zaid', 'Rakan Meshal'])
    clients[middle] = await monitored(`Faisal ${middle} Al-Otaibi`);
  clients.unrelated = await monitored('Omar Khalid Al-Shehri');
  await importList(db.current().pool, 'ListSourceA', [{ externalId: 'SDN-7007', names: [{ value: 'Faisal Bandar Majed Al-Otaibi', kind: 'Primary' }] }]);
});

describe('reverse lookup', () => {
  it('finds the monitored client bearing the entry name and its namesakes, never an unrelated client', async () => {
    const id = await entryId('SDN-7007');
    const pairs = await candidatesOf([id]);
    const entities = new Set(pairs.map((p) => p.entityId));
    expect(entities.has(clients.listed!)).toBe(true);
    expect(entities.has(clients.unrelated!)).toBe(false);
    expect(entities.size).toBe(7);
    // one pair per (entity, entry), in the tenant of the clients
    expect(pairs).toHaveLength(7);
    expect(new Set(pairs.map((p) => p.tenantId))).toEqual(new Set([tenant.id]));
  });

  it('returns a client reached by both a shared name and an identity number once', async () => {
    const res = await callRoute(createClientRoute, 'POST', '/services/crm/entities/client', {
      headers: tenant.headers,
      body: { nameEn: 'Hamad Nasser Al-Dawsari', ongoingMonitoring: true, identities: [{ type: 'NationalIdentity', number: '1077001122' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await importList(db.current().pool, 'ListSourceB', [
      {
        externalId: 'SDN-7100',
        names: [{ value: 'Hamad Nasser Al-Dawsari', kind: 'Primary' }],
        identities: [{ type: 'NationalIdentity', number: '1077001122', issuingCountryCode: 'SA' }],
      },
    ]);
    const pairs = (await candidatesOf([await entryId('SDN-7100')])).filter((p) => p.entityId === res.body.data.id);
    expect(pairs).toHaveLength(1);
  });
});

describe('delta monitoring among more namesakes than a bound would keep', () => {
  // The shape of the matches bench:bulk lost while the lookup kept at most 100 weak candidates per
  // changed entry name: the alias "Abdullah Sami Al-Hashimi" shares the common pair Abdullah …
  // Al-Hashimi with 110 monitored namesakes, which tie on every key-level signal, and two clients
  // match it through the rarer pair Sami … Al-Hashimi. A third client matches "Abdullah Khadija
  // Al-Hashimi" while sharing with it no key the namesakes do not share (Khaled is only similar to
  // Khadija): the kind of match the bound cut at random (0.86 here).
  const given = ['Omar', 'Khalid', 'Nasser', 'Fahad', 'Saud', 'Majed', 'Turki', 'Salem', 'Yousef', 'Rakan', 'Nawaf'];
  const namesakes = given.flatMap((a) => given.filter((b) => b !== a).map((b) => `Abdullah ${a} ${b} Al-Hashimi`));
  const matches: string[] = [];
  const monitoredIds: string[] = [];
  let importId = '';
  let tieMatch = '';

  beforeAll(async () => {
    for (let i = 0; i < namesakes.length; i += 8) monitoredIds.push(...(await Promise.all(namesakes.slice(i, i + 8).map(monitored))));
    matches.push(await monitored('Sami Adel Hamad Al-Hashimi'), await monitored('Adil Sami Anas Al-Hashimi'));
    tieMatch = await monitored('Abdullah Saleh Khaled Al-Hashimi');
    monitoredIds.push(...matches, tieMatch);
    const result = await importList(db.current().pool, 'ListSourceA', [
      { externalId: 'SDN-7007', names: [{ value: 'Faisal Bandar Majed Al-Otaibi', kind: 'Primary' }] },
      { externalId: 'SDN-7010', names: [{ value: 'Abdullah Sami Al-Hashimi', kind: 'Primary' }] },
      { externalId: 'SDN-7011', names: [{ value: 'Abdullah Khadija Al-Hashimi', kind: 'Primary' }] },
    ]);
    importId = result.importId;
  }, 120_000);

  it('reaches every namesake sharing a key, however many', async () => {
    expect(namesakes.length).toBeGreaterThan(100);
    const id = await entryId('SDN-7010');
    const entities = new Set((await candidatesOf([id])).map((p) => p.entityId));
    for (const m of monitoredIds) expect(entities.has(m)).toBe(true);
    expect(entities.has(clients.unrelated!)).toBe(false);
  });

  it('stores exactly the matches that scoring every monitored client against the entries finds', async () => {
    const ids = [await entryId('SDN-7010'), await entryId('SDN-7011')];
    // what a full screening of each monitored client would find: every client scored in full, no bound
    const expected = await withTenant(tenant.id, async (tx) => {
      const sql = sqlOf(tx);
      const entries = await loadEntries(sql, ids);
      const thresholds = await loadTenantThresholds(sql, tenant.id);
      const inputs = await loadEntityScreeningInputs(sql, tenant.id, monitoredIds);
      return entries.flatMap((entry) =>
        inputs.filter(({ input }) => scoreEntry(input, entry, thresholds).matchingScore >= thresholds.review).map((e) => `${e.entityId}|${entry.id}`),
      );
    });
    expect(expected).toEqual(expect.arrayContaining([...matches.map((m) => `${m}|${ids[0]}`), `${tieMatch}|${ids[1]}`]));

    // one entry per batch: the lookups of later batches overlap the scoring and storing of earlier ones
    const summary = await screenWatchlistImport({ importId, batchSize: 1 });
    expect(summary.changes.New).toBe(expected.length);
    const { rows } = await db.current().pool.query(
      `SELECT "entityId" || '|' || "watchlistEntryId" AS pair FROM "Match"
        WHERE "tenantId" = $1 AND "watchlistEntryId" = ANY($2::uuid[]) AND "deprecatedAt" IS NULL`,
      [tenant.id, ids],
    );
    expect(rows.map((r) => r.pair).sort()).toEqual([...expected].sort());
  });

  it('deprecates the matches of an updated entry that no longer match, and touches no other match', async () => {
    const [sami, khadija] = [await entryId('SDN-7010'), await entryId('SDN-7011')];
    const active = async () => {
      const { rows } = await db.current().pool.query(
        `SELECT "watchlistEntryId" AS entry, array_agg("entityId" ORDER BY "entityId") AS entities FROM "Match"
          WHERE "tenantId" = $1 AND "watchlistEntryId" = ANY($2::uuid[]) AND "deprecatedAt" IS NULL GROUP BY 1`,
        [tenant.id, [sami, khadija]],
      );
      return Object.fromEntries(rows.map((r) => [r.entry, r.entities as string[]]));
    };
    const before = await active();
    expect(before[khadija]).toContain(tieMatch);
    const result = await importList(db.current().pool, 'ListSourceA', [
      { externalId: 'SDN-7007', names: [{ value: 'Faisal Bandar Majed Al-Otaibi', kind: 'Primary' }] },
      { externalId: 'SDN-7010', names: [{ value: 'Abdullah Sami Al-Hashimi', kind: 'Primary' }] },
      // the same entry, now another person's name: it shares no key with the clients it matched
      { externalId: 'SDN-7011', names: [{ value: 'Viktor Petrov Ivanov', kind: 'Primary' }] },
    ]);
    const summary = await screenWatchlistImport({ importId: result.importId, batchSize: 1 });
    expect(summary.changes).toMatchObject({ New: 0, Updated: 0, Deprecated: before[khadija]!.length });
    const after = await active();
    expect(after[khadija]).toBeUndefined();
    expect(after[sami]).toEqual(before[sami]);
  });
});
