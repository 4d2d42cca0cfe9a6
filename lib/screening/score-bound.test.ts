// The bound that lets scoreEntries skip candidates (name-score.ts compareNamesUpperBound, score.ts
// scoreEntryAtLeast) must never be below the score: a candidate it skips would be a lost match.
// Checked on the names of the labeled evaluation sets, crossed with each other, and on generated
// names and near-variants of them (reordered, dropped, replaced, merged tokens, initials, titles),
// with rare name parts and secondary identifiers drawn at random.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames, compareNamesUpperBound } from './name-score';
import { normalizeName } from './normalize';
import { prepareQuery, scoreEntry, scoreEntryAtLeast, type EntityType, type ScreenableEntry, type ScreeningInput } from './score';
import { DEFAULT_THRESHOLDS } from './thresholds';

interface Pair {
  query: ScreeningInput;
  entry: { type: EntityType; names: { value: string; kind: 'Primary' | 'Alias' }[] };
}
const labeled: Pair[] = ['pairs.json', 'holdout.json'].flatMap((f) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'scripts/screening-eval', f), 'utf8')),
);
const names = { Individual: new Set<string>(), Organization: new Set<string>() };
for (const p of labeled) {
  const type = p.entry.type === 'Organization' ? 'Organization' : 'Individual';
  names[type].add(p.query.name);
  for (const n of p.entry.names) names[type].add(n.value);
}
// name parts of every kind the sets hold (Arabic script, titles, kunyas, compounds, initials, legal forms)
const words = {
  Individual: [
    ...new Set([...names.Individual].flatMap((n) => n.split(/\s+/)).filter(Boolean)),
    'M.',
    'Sheikh',
    'Abu',
    'Nikolayevich',
    'Walijan',
    'Wali',
    'Jan',
  ],
  Organization: [...new Set([...names.Organization].flatMap((n) => n.split(/\s+/)).filter(Boolean))],
};

/** Scores are rounded to 4 decimals after the formula (up to 0.00005 above the unrounded value). */
const ROUNDING = 1e-4;

const entry = (type: EntityType, values: string[], extra: Partial<ScreenableEntry> = {}): ScreenableEntry => ({
  id: '00000000-0000-0000-0000-000000000001',
  externalId: 'E1',
  source: 'ListSourceA',
  type,
  names: values.map((value, i) => ({ value, kind: i === 0 ? 'Primary' : 'Alias' })),
  ...extra,
});

/** A name and a near-variant of it: tokens reordered, dropped, replaced, two read as one, an initial. */
const namePair = (type: EntityType) =>
  fc
    .record({
      tokens: fc.array(fc.constantFrom(...words[type]), { minLength: 1, maxLength: 5 }),
      edits: fc.array(
        fc.record({
          op: fc.constantFrom('swap', 'drop', 'replace', 'join', 'initial', 'keep'),
          at: fc.nat(),
          word: fc.constantFrom(...words[type]),
        }),
        { maxLength: 3 },
      ),
    })
    .map(({ tokens, edits }) => {
      const e = [...tokens];
      for (const { op, at, word } of edits) {
        const k = at % e.length;
        if (op === 'swap' && e.length > 1) [e[k], e[(k + 1) % e.length]] = [e[(k + 1) % e.length]!, e[k]!];
        else if (op === 'drop' && e.length > 1) e.splice(k, 1);
        else if (op === 'replace') e[k] = word;
        else if (op === 'join' && k + 1 < e.length) e.splice(k, 2, e[k]! + e[k + 1]!.toLowerCase());
        else if (op === 'initial') e[k] = `${e[k]![0]}.`;
      }
      return { query: tokens.join(' '), entry: e.join(' ') };
    });

describe('compareNamesUpperBound', () => {
  it('is at least the name score for generated names and near-variants, with rare name parts', () => {
    fc.assert(
      fc.property(fc.constantFrom<EntityType>('Individual', 'Organization'), fc.nat(), fc.integer({ min: 0, max: 31 }), (type, seed, rareMask) => {
        const pair = fc.sample(namePair(type), { seed, numRuns: 1 })[0]!;
        const qn = normalizeName(pair.query, type);
        const en = normalizeName(pair.entry, type);
        const rare = new Set(qn.tokens.filter((_, i) => rareMask & (1 << i)).map((t) => t.key));
        for (const opts of [{}, { rare }]) {
          const score = compareNames(qn, en, type, opts).totalScore;
          expect(compareNamesUpperBound(qn, en, type, opts) + ROUNDING, `${pair.query} / ${pair.entry}`).toBeGreaterThanOrEqual(score);
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it('is at least the name score for the labeled names crossed with each other, and rules most pairs out', () => {
    let pairs = 0;
    let below = 0;
    for (const type of ['Individual', 'Organization'] as const) {
      const list = [...names[type]].map((n) => normalizeName(n, type));
      for (let a = 0; a < list.length; a++)
        for (let b = a % 7; b < list.length; b += 7) {
          const score = compareNames(list[a]!, list[b]!, type).totalScore;
          const bound = compareNamesUpperBound(list[a]!, list[b]!, type);
          expect(bound + ROUNDING, `${list[a]!.original} / ${list[b]!.original}`).toBeGreaterThanOrEqual(score);
          pairs++;
          if (bound < DEFAULT_THRESHOLDS.review) below++;
        }
    }
    // the bound is worth computing: most unrelated names are ruled out without aligning them
    expect(pairs).toBeGreaterThan(20_000);
    expect(below / pairs).toBeGreaterThan(0.8);
  });
});

describe('scoreEntryAtLeast', () => {
  const secondary = fc.record({
    dob: fc.constantFrom<string | null>(null, '1970-03-14', '1970', '1971-01-01', '1985-06-30'),
    dobHijri: fc.constantFrom<string | null>(null, '1390-01-07', '1405-10-12'),
    gender: fc.constantFrom<string | null>(null, 'Male', 'Female'),
    nationalityCode: fc.constantFrom<string | null>(null, 'SA', 'AE'),
    identities: fc.constantFrom<ScreeningInput['identities']>([], [{ type: 'Passport', number: 'K1234567' }], [{ type: 'Passport', number: 'K7654321' }]),
  });

  it('returns what scoreEntry returns, or null only for an entry below minScore without an identity match', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<EntityType>('Individual', 'Organization'),
        fc.nat(),
        secondary,
        secondary,
        fc.constantFrom(0.5, 0.7, 0.75, 0.8, 0.9, 0.95),
        (type, seed, qs, es, minScore) => {
          const [a, b] = fc.sample(namePair(type), { seed, numRuns: 2 });
          const q = prepareQuery({ name: a!.query, nameAr: b!.query, type, ...qs });
          const e = entry(type, [a!.entry, b!.entry], {
            dobs: es.dob ? [es.dob] : [],
            dobHijri: es.dobHijri,
            gender: es.gender,
            nationalityCode: es.nationalityCode,
            identities: es.identities,
          });
          const full = scoreEntry(q, e, DEFAULT_THRESHOLDS);
          const bounded = scoreEntryAtLeast(q, e, DEFAULT_THRESHOLDS, minScore);
          if (bounded === null) {
            expect(full.signals.identity.matched).toBe(false);
            expect(full.matchingScore, `${a!.query} / ${a!.entry}`).toBeLessThan(minScore);
          } else expect(bounded).toEqual(full);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('skips an entry whose best name cannot reach minScore, and keeps the identity match and the exact name', () => {
    const q = prepareQuery({ name: 'Khalid Nasser Al-Harbi', dob: '1970-03-14', identities: [{ type: 'Passport', number: 'K1234567' }] });
    expect(scoreEntryAtLeast(q, entry('Individual', ['Fahad Saud Al-Qahtani']), DEFAULT_THRESHOLDS, 0.8)).toBeNull();
    const byNumber = entry('Individual', ['Fahad Saud Al-Qahtani'], { identities: [{ type: 'Passport', number: 'K1234567' }] });
    expect(scoreEntryAtLeast(q, byNumber, DEFAULT_THRESHOLDS, 0.8)?.recommendation).toBe('AutoMatch');
    // the same name with a conflicting date of birth: 1 − 0.2 stays at Review
    const sameName = entry('Individual', ['خالد ناصر الحربي'], { dobs: ['1990-01-01'] });
    expect(scoreEntryAtLeast(q, sameName, DEFAULT_THRESHOLDS, 0.8)?.matchingScore).toBe(0.8);
    expect(scoreEntryAtLeast(q, sameName, DEFAULT_THRESHOLDS, 0.81)).toBeNull();
  });
});
