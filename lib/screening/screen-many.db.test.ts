// screenMany (the set-based search bulk onboarding screens a chunk with) against screenName (one
// search per query) on a generated list of Gulf, Western and organization names large enough for the
// per-lookup row bounds to bind: every query must get exactly the same matches, scores and signals,
// and the same number of candidates (rare name parts, identity numbers, the Custom list, and the
// loose and code-initial fallbacks of queries with nothing at the review threshold included).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/scripts/testing/db';
import { AR_GIVEN, generate, pick, resetGenerator, type Gen } from '@/bench/lib/watchlist-generator';
import {
  ALL_SOURCES,
  findCandidateIds,
  findCandidateIdsMany,
  findLooseCandidateIds,
  findLooseCandidateIdsMany,
  findRareNameParts,
  type CandidateOptions,
} from './candidates';
import { prepareQuery, type PreparedQuery, type WatchlistSource } from './score';
import { screenMany, screenName, type ScreenNameArgs } from './screen';
import { insertEntries, toEntryRow, type EntryRowInsert } from './watchlist-import';
import type { MatchDto } from './schemas';

let db: TestDatabase;
const tenantId = randomUUID();
const ENTRIES = 6000;
const samples: Gen[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  resetGenerator();
  const rows: EntryRowInsert[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const g = generate(i);
    rows.push(toEntryRow(g.entry, 'ListSourceA', null));
    if (g.parts && samples.length < 30 && i % 7 === 0) samples.push(g);
  }
  rows.push(
    toEntryRow(
      {
        externalId: 'K-1',
        type: 'Individual',
        names: [
          { value: 'Yousef Ibrahim Al-Mutairi', kind: 'Primary' },
          { value: 'يوسف إبراهيم المطيري', kind: 'Alias' },
        ],
        dobs: ['1980-05-01'],
        nationalityCodes: ['SA'],
        identities: [{ type: 'Passport', number: 'K99887766' }],
      },
      'ListSourceB',
      null,
    ),
    toEntryRow(
      {
        externalId: 'C-1',
        type: 'Individual',
        names: [{ value: 'Rakan Mishari Al-Balushi', kind: 'Primary' }],
        dobs: [],
        nationalityCodes: [],
        identities: [],
      },
      'Custom',
      tenantId,
    ),
    toEntryRow(
      { externalId: 'C-2', type: 'Individual', names: [{ value: 'Ustad Daud Zulkarnaen', kind: 'Primary' }], dobs: [], nationalityCodes: [], identities: [] },
      'Custom',
      tenantId,
    ),
  );
  await insertEntries(db.pool, rows, 2000);
  await db.pool.query('ANALYZE "WatchlistEntry"; ANALYZE "WatchlistNameKey"');
}, 240_000);
afterAll(async () => {
  await db?.drop();
});

/** A client as bench:bulk makes them: common Gulf given names and a family, in both scripts. */
function person(k: number): ScreenNameArgs['input'] {
  const given = [pick(AR_GIVEN), pick(AR_GIVEN), pick(AR_GIVEN)];
  const [family, familyAr] = pick([
    ['Harbi', 'الحربي'],
    ['Qahtani', 'القحطاني'],
    ['Dosari', 'الدوسري'],
    ['Otaibi', 'العتيبي'],
  ] as const);
  return {
    name: `${given.map((g) => pick(g[1])).join(' ')} Al-${family}`,
    nameAr: `${given.map((g) => g[0]).join(' ')} ${familyAr}`,
    type: 'Individual',
    dob: `${1950 + k}-0${1 + (k % 9)}-1${k % 9}`,
    nationalityCode: 'SA',
    identities: [{ number: `1${String(k).padStart(9, '0')}` }],
  };
}

function queries(): ScreenNameArgs['input'][] {
  resetGenerator(99);
  const listed = samples.flatMap((g, k): ScreenNameArgs['input'][] => {
    const latin = [...g.parts!.given.map((x) => pick(x[1])), g.parts!.family[0]].join(' ');
    const arabic = g.parts!.family[1] ? [...g.parts!.given.map((x) => x[0]), g.parts!.family[1]].join(' ') : '';
    if (k % 3 === 0 && arabic) return [{ name: arabic, type: 'Individual' }];
    if (k % 3 === 1) return [{ name: latin, nameAr: arabic || null, type: 'Individual', dob: g.entry.dobs?.[0] ?? null }];
    return [{ name: [g.parts!.given[0]![1][0], g.parts!.family[0]].join(' ') }];
  });
  return [
    ...Array.from({ length: 30 }, (_, k) => person(k)),
    ...listed,
    { name: 'يوسف إبراهيم المطيري', type: 'Individual', dob: '1980-05-01' },
    { name: 'Yusuf Ibraheem Al Mutairy', nameAr: 'يوسف ابراهيم المطيري', nationalityCode: 'SA' },
    { name: 'Unknown Person', identities: [{ type: 'Passport', number: 'K99887766' }] },
    { name: 'Rakan Al Balushi Mishari', sources: ['Custom'] },
    { name: 'Rakan Mishari Al-Balushi', sources: ['ListSourceA'] },
    { name: 'Falcon Trading Company LLC', type: 'Organization' },
    { name: 'John Smith', threshold: 60 },
    { name: 'Zxqv Wplk' },
    { name: 'Zulkarnain', type: 'Individual' },
    { name: 'Mahlerbe, Yousef', type: 'Individual' },
    { name: 'عبدالله' },
  ];
}

const comparable = (m: MatchDto) => ({ ...m, id: undefined });

describe('screenMany (set-based) against screenName (per query)', () => {
  // The default bound (100 candidates) and a tight one (12) that most of these queries reach, so that
  // the identity hits counted against the bound, the fallback lookup below FALLBACK_BELOW and the
  // already-seen ids are exercised on both paths.
  it.each([
    ['default thresholds', undefined],
    ['a tight candidate bound', { maxCandidates: 12, maxResults: 5 }],
  ])(
    'returns exactly the per-query matches, scores, signals and candidate counts for a mixed chunk (%s)',
    async (_label, thresholds) => {
      const inputs = queries();
      const now = new Date('2026-11-24T12:00:00Z');
      const many = await screenMany({ db: db.pool, tenantId, inputs, now, thresholds });
      expect(many).toHaveLength(inputs.length);
      const single = [];
      for (const input of inputs) single.push(await screenName({ db: db.pool, tenantId, input, now, thresholds }));
      for (let i = 0; i < inputs.length; i++) {
        const label = JSON.stringify(inputs[i]);
        expect(many[i]!.meta.candidates, label).toBe(single[i]!.meta.candidates);
        expect(many[i]!.data.map(comparable), label).toEqual(single[i]!.data.map(comparable));
      }
      // The comparison means something: matches in both scripts, an identity match, the Custom list,
      // queries whose candidate search reached its bound, and queries with nothing found.
      const ids = (i: number) => many[i]!.data.map((m) => m.watchlistEntry.externalId);
      const at = (name: string) => inputs.findIndex((q) => q.name === name);
      expect(ids(at('يوسف إبراهيم المطيري'))).toContain('K-1');
      expect(ids(at('Yusuf Ibraheem Al Mutairy'))).toContain('K-1');
      expect(many[at('Unknown Person')]!.data[0]).toMatchObject({ watchlistEntry: { externalId: 'K-1' }, signals: { identity: { matched: true } } });
      expect(ids(at('Rakan Al Balushi Mishari'))).toEqual(['C-1']);
      expect(ids(at('Rakan Mishari Al-Balushi'))).not.toContain('C-1');
      // a rare name part alone (counted per query, in the lists the tenant sees)
      expect(many[at('Zulkarnain')]!.data.find((m) => m.watchlistEntry.externalId === 'C-2')?.reasons).toContain('RareNamePart');
      expect(many.filter((r) => r.data.length > 0).length).toBeGreaterThan(20);
      const bound = thresholds?.maxCandidates ?? 100;
      expect(many.filter((r) => r.meta.candidates >= bound).length).toBeGreaterThan(thresholds ? 20 : -1);
      expect(many.some((r) => r.data.length === 0)).toBe(true);
    },
    240_000,
  );

  // The batch statements (lookup-many.ts: one LATERAL subquery per query over a jsonb array) against
  // each query's own statements: the same candidate ids in the same order, for the primary, fallback,
  // identity and loose lookups, with the default bound and a tight one.
  it.each([100, 12])('finds the same candidate ids, in the same order, as the per-query lookups (bound %i)', async (limit) => {
    const searches: { q: PreparedQuery; opts: CandidateOptions }[] = [];
    for (const input of queries()) {
      const opts: CandidateOptions = { tenantId, sources: (input.sources ?? null) as WatchlistSource[] | null, type: input.type ?? null, limit };
      const q = prepareQuery(input);
      const rare = await findRareNameParts(db.pool, q, opts);
      searches.push({ q: rare.size > 0 ? { ...q, rare } : q, opts });
    }
    // and the other tenant's scope, and one list only: their own scope per query
    searches.push({ q: prepareQuery({ name: 'Rakan Mishari Al-Balushi' }), opts: { tenantId: randomUUID(), sources: null, type: null, limit } });
    searches.push({ q: prepareQuery({ name: 'Yusuf Al Mutairy' }), opts: { tenantId, sources: ['ListSourceB'], type: 'Individual', limit } });
    const many = await findCandidateIdsMany(db.pool, searches);
    const looseMany = await findLooseCandidateIdsMany(
      db.pool,
      searches.map((s, i) => ({ ...s, exclude: many[i]! })),
    );
    for (let i = 0; i < searches.length; i++) {
      const { q, opts } = searches[i]!;
      const label = q.input.name;
      const one = await findCandidateIds(db.pool, q, opts);
      expect(many[i], label).toEqual(one);
      expect(looseMany[i], label).toEqual(await findLooseCandidateIds(db.pool, q, opts, one));
    }
    // the comparison covers every part: bounds reached (the tight one), identity hits, loose and last-resort (x:) keys
    expect(many.filter((ids) => ids.length >= Math.min(limit, 12)).length).toBeGreaterThan(5);
    expect(many[queries().findIndex((x) => x.name === 'Unknown Person')]!.length).toBeGreaterThan(0);
    expect(looseMany.filter((ids) => ids.length > 0).length).toBeGreaterThan(5);
    expect(looseMany[queries().findIndex((x) => x.name === 'Mahlerbe, Yousef')]!.length).toBeGreaterThan(0);
    expect(ALL_SOURCES).toContain('Custom');
  });

  it('answers nothing for no queries and the same for one query as screenName', async () => {
    expect(await screenMany({ db: db.pool, tenantId, inputs: [] })).toEqual([]);
    const now = new Date();
    const input = { name: 'يوسف إبراهيم المطيري' };
    const [one] = await screenMany({ db: db.pool, tenantId, inputs: [input], now });
    expect(one!.data.map(comparable)).toEqual((await screenName({ db: db.pool, tenantId, input, now })).data.map(comparable));
  });
});
