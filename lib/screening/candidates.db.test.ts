import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { findCandidateIds, MAX_ROWS_PER_LOOKUP } from './candidates';
import { screenName } from './screen';
import { prepareQuery } from './score';
import { insertEntries, toEntryRow } from './watchlist-import';
import type { ImportedEntry } from './parsers/types';

const db = useTestDatabase();
const person = (externalId: string, ...names: string[]): ImportedEntry => ({
  externalId,
  type: 'Individual',
  names: names.map((value, i) => ({ value, kind: i === 0 ? 'Primary' : 'Alias' })),
  dobs: [],
  nationalityCodes: [],
  identities: [],
});
const GIVEN = ['Abdullah', 'Khalid', 'Fahad', 'Turki', 'Nasser', 'Faisal', 'Majid', 'Sultan', 'Bandar', 'Nawaf', 'Mishal', 'Hamad'];
const TENANT = randomUUID();

beforeAll(async () => {
  // 3× MAX_ROWS_PER_LOOKUP namesakes "Mohammed <X> <Y> Al-Harbi": one pair key selects them all
  const rows: ImportedEntry[] = [];
  for (let i = 0; rows.length < MAX_ROWS_PER_LOOKUP * 3; i++)
    rows.push(person(`N${i}`, `Mohammed ${GIVEN[i % 12]} ${GIVEN[Math.floor(i / 12) % 12]} Al-Harbi`));
  rows.push(person('TARGET', 'Mohammed Saud Rakan Al-Harbi'));
  rows.push(person('SHORT', 'Muhammad Alharbi'));
  rows.push(person('NOVAK', 'Eric Novak'));
  rows.push(person('NOLAN', 'Eric Nolan'));
  await insertEntries(
    db.current().pool,
    rows.map((e) => toEntryRow(e, 'ListSourceA', null)),
    1000,
  );
  await db.current().pool.query('ANALYZE "WatchlistNameKey"');
}, 60_000);

const idOf = async (externalId: string) =>
  (await db.current().pool.query(`SELECT id FROM "WatchlistEntry" WHERE "externalId" = $1`, [externalId])).rows[0].id as string;

describe('candidate search at scale (PostgreSQL)', () => {
  it('finds a full name among thousands of namesakes (conjunctive keys), first', async () => {
    const ids = await findCandidateIds(db.current().pool, prepareQuery({ name: 'Al Harbi Muhammad Saud Rakan' }), { tenantId: TENANT, limit: 20 });
    expect(ids[0]).toBe(await idOf('TARGET'));
    expect(ids.length).toBeLessThanOrEqual(20);
  });

  it('a missing middle name still reaches the entry through the conjunctive triple', async () => {
    const ids = await findCandidateIds(db.current().pool, prepareQuery({ name: 'محمد سعود الحربي' }), { tenantId: TENANT, limit: 20 });
    expect(ids).toContain(await idOf('TARGET'));
  });

  it('an entry missing tokens of the query is found among thousands of namesakes (subset keys)', async () => {
    const ids = await findCandidateIds(db.current().pool, prepareQuery({ name: 'Mohammed Saud Rakan Al-Harbi' }), { tenantId: TENANT, limit: 10 });
    expect(ids.slice(0, 2)).toEqual([await idOf('TARGET'), await idOf('SHORT')]);
  });

  it('spelling variants outside the dictionary come from the loose fallback', async () => {
    const candidateIds: string[] = [];
    // Erik/Eric and Nowak/Novak: different skeleton codes, same loose codes
    const res = await screenName({ db: db.current().pool, tenantId: TENANT, input: { name: 'Erik Nowak', threshold: 60 }, candidateIds });
    expect(candidateIds).toContain(await idOf('NOVAK'));
    expect(candidateIds).not.toContain(await idOf('NOLAN'));
    expect(res.data.map((m) => m.watchlistEntry.externalId)).toEqual(['NOVAK']);
  });

  it('identity lookups and the bounded lookups respect the tenant filter', async () => {
    const other = randomUUID();
    await insertEntries(db.current().pool, [toEntryRow(person('CUSTOM', 'Mohammed Saud Rakan Al-Harbi'), 'Custom', other)]);
    const mine = await findCandidateIds(db.current().pool, prepareQuery({ name: 'Mohammed Saud Rakan Al-Harbi' }), { tenantId: TENANT, limit: 50 });
    expect(mine).not.toContain(await idOf('CUSTOM'));
    const theirs = await findCandidateIds(db.current().pool, prepareQuery({ name: 'Mohammed Saud Rakan Al-Harbi' }), { tenantId: other, limit: 50 });
    expect(theirs).toContain(await idOf('CUSTOM'));
  });
});
