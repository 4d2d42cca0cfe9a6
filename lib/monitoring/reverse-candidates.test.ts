// The reverse lookup's pre-score (screen-import.ts reverseCandidates): key hits counted in SQL, the
// pairs per changed entry name bounded, ranked by the rarity of the keys they share.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as createClientRoute } from '@/app/services/crm/entities/client/route';
import { sqlOf } from '@/lib/db/sql';
import { withPlatform } from '@/lib/db/tenant-tx';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { importList } from '@/scripts/testing/watchlist';
import { reverseCandidates } from './screen-import';

const db = useTestDatabase();
let tenant: TestTenant;
const clients: Record<string, string> = {};
const LIMITS = ['MONITORING_CANDIDATES_PER_NAME', 'MONITORING_WEAK_CANDIDATES_PER_NAME', 'MONITORING_RARE_KEY_MAX'] as const;
const saved = Object.fromEntries(LIMITS.map((k) => [k, process.env[k]]));

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

afterEach(() => {
  for (const k of LIMITS)
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
});

describe('reverse lookup pre-score', () => {
  it('finds the monitored client bearing the entry name and its namesakes at the default bounds, never an unrelated client', async () => {
    const id = await entryId('SDN-7007');
    const entities = new Set((await candidatesOf([id])).map((p) => p.entityId));
    expect(entities.has(clients.listed!)).toBe(true);
    expect(entities.has(clients.unrelated!)).toBe(false);
    expect(entities.size).toBe(7);
  });

  it('bounds the pairs per entry name and keeps the client sharing the most keys first', async () => {
    process.env.MONITORING_CANDIDATES_PER_NAME = '1';
    process.env.MONITORING_WEAK_CANDIDATES_PER_NAME = '1';
    // no key is rare: every namesake shares a key carried by more than one monitored name
    process.env.MONITORING_RARE_KEY_MAX = '0';
    const id = await entryId('SDN-7007');
    const { rows: names } = await db.current().pool.query(`SELECT count(*)::int AS n FROM "WatchlistNameKey" WHERE "entryId" = $1 AND "isValid"`, [id]);
    const pairs = await candidatesOf([id]);
    // one strong and one weak pair per name by each of the two orders (shared keys, their rarity)
    expect(pairs.length).toBeLessThanOrEqual(4 * names[0].n);
    expect(pairs.map((p) => p.entityId)).toContain(clients.listed);
  });
});

describe('reverse lookup ranking by the rarity of the shared keys', () => {
  // The shape of the pairs bench:bulk lost at 10,000 monitored clients: the alias "Abdullah Sami
  // Al-Hashimi" shares the common pair Abdullah … Al-Hashimi (and its loose code) with many monitored
  // namesakes, and only the rarer pair Sami … Al-Hashimi with the client it matches (0.82 there).
  const namesakes = ['Omar Khalid', 'Nasser Fahad', 'Khalid Omar', 'Fahad Nasser', 'Saud Majed', 'Majed Saud', 'Turki Salem', 'Salem Turki'];
  const matches: string[] = [];

  beforeAll(async () => {
    for (const middle of namesakes) await monitored(`Abdullah ${middle} Al-Hashimi`);
    matches.push(await monitored('Sami Adel Hamad Al-Hashimi'), await monitored('Adil Sami Anas Al-Hashimi'));
    await importList(db.current().pool, 'ListSourceA', [{ externalId: 'SDN-7010', names: [{ value: 'Abdullah Sami Al-Hashimi', kind: 'Primary' }] }]);
  });

  it('keeps the clients sharing the rarer keys when the namesakes sharing common ones outnumber the bound', async () => {
    process.env.MONITORING_CANDIDATES_PER_NAME = '3';
    process.env.MONITORING_WEAK_CANDIDATES_PER_NAME = '3';
    const id = await entryId('SDN-7010');
    const pairs = await candidatesOf([id]);
    const entities = pairs.map((p) => p.entityId);
    // the namesakes share more keys each (the pair Abdullah … Al-Hashimi and its loose code), so a
    // ranking by the number of shared keys fills the bound with them; by rarity the matches come first
    expect(entities).toEqual(expect.arrayContaining(matches));
    // one entry name: at most 3 strong and 3 weak pairs by each order
    expect(pairs.length).toBeLessThanOrEqual(2 * (3 + 3));
  });

  it('finds the matches and every namesake at the default bounds', async () => {
    const id = await entryId('SDN-7010');
    const entities = new Set((await candidatesOf([id])).map((p) => p.entityId));
    for (const m of matches) expect(entities.has(m)).toBe(true);
    expect(entities.size).toBe(namesakes.length + matches.length);
  });
});
