import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { conjunctiveHaving, encodeConjunctive, MAX_CONJUNCTIVE_KEYS } from './conjunctive-masks';

const db = useTestDatabase();

/** `n` distinct pair keys. */
const keys = (n: number) => Array.from({ length: n }, (_, i) => `p:K${String(i).padStart(3, '0')}|Z`);

describe('encodeConjunctive', () => {
  it('gives the sets’ keys positions in order of first appearance, then the subset keys', () => {
    const e = encodeConjunctive(
      [
        ['p:A|B', 'p:A|C', 'p:B|C'],
        ['p:A|B', 'i:B|m'],
      ],
      ['f:A|B', 'f:A|B|C', 'f:A|B'],
    );
    expect(e.wanted).toEqual(['p:A|B', 'p:A|C', 'p:B|C', 'i:B|m', 'f:A|B', 'f:A|B|C']);
    expect(e.nconj).toBe(4);
    expect(e.minset).toBe(2);
    // positions 1, 2, 3 → bits 0, 1, 2; positions 1 and 4 → bits 0 and 3
    expect(e.masks).toEqual([
      { low: '7', high: '0' },
      { low: '9', high: '0' },
    ]);
  });

  it('puts positions 64 and above in the high word and never uses the sign bit', () => {
    const all = keys(MAX_CONJUNCTIVE_KEYS);
    // the first set gives every key its position (1–126)
    const e = encodeConjunctive([all, all.slice(60, 66), [all[62]!, all[125]!]], []);
    expect(e.masks[0]).toEqual({ low: String((1n << 63n) - 1n), high: String((1n << 63n) - 1n) });
    // positions 61–66: bits 60, 61, 62 of the low word, bits 0, 1, 2 of the high word (64 → 0)
    expect(e.masks[1]).toEqual({ low: String((1n << 60n) | (1n << 61n) | (1n << 62n)), high: '7' });
    expect(e.masks[2]).toEqual({ low: String(1n << 62n), high: String(1n << 62n) });
    for (const m of e.masks) expect(BigInt(m.low) >= 0n && BigInt(m.high) >= 0n).toBe(true);
  });

  it('refuses more keys than the two words hold, and a key that is both a subset and a conjunctive key', () => {
    expect(() => encodeConjunctive([keys(MAX_CONJUNCTIVE_KEYS + 1)], [])).toThrow(/at most 126/);
    expect(() => encodeConjunctive([['p:A|B', 'p:A|C']], ['p:A|C'])).toThrow(/subset key/);
  });

  it('has no smallest set without sets', () => {
    expect(encodeConjunctive([], ['f:A|B'])).toMatchObject({ wanted: ['f:A|B'], nconj: 0, minset: 0, masks: [] });
  });
});

/**
 * The HAVING condition in PostgreSQL over hand-made key rows (group g holds the positions listed), for
 * the encoding of `sets` and `subsets`: which groups it keeps. Same answer as the array form it replaced:
 * a group is kept when it holds every key of a set, or any subset key.
 */
async function kept(sets: string[][], subsets: string[], groups: Record<string, string[]>): Promise<string[]> {
  const e = encodeConjunctive(sets, subsets);
  const rows = Object.entries(groups).flatMap(([g, held]) => held.map((key) => ({ g, pos: e.wanted.indexOf(key) + 1 })));
  expect(rows.every((r) => r.pos > 0)).toBe(true);
  const params: unknown[] = [JSON.stringify(rows)];
  const p = (v: unknown) => `$${params.push(v)}`;
  const having = conjunctiveHaving(
    'u',
    e.masks.map((m) => ({ low: `${p(m.low)}::bigint`, high: `${p(m.high)}::bigint` })),
    subsets.length > 0 ? `${p(e.nconj)}::int` : null,
    `${p(e.minset)}::int`,
  );
  const { rows: out } = await db
    .current()
    .pool.query(`SELECT u.g FROM jsonb_to_recordset($1::jsonb) AS u(g text, pos bigint) GROUP BY u.g HAVING ${having} ORDER BY 1`, params);
  return out.map((r: { g: string }) => r.g);
}

describe('conjunctiveHaving in PostgreSQL', () => {
  it('keeps a name row holding every key of a set, not one holding part of each', async () => {
    const sets = [
      ['p:A|B', 'p:A|C', 'p:B|C'],
      ['p:A|D', 'i:D|m'],
    ];
    expect(
      await kept(sets, [], {
        all3: ['p:A|B', 'p:A|C', 'p:B|C'],
        two: ['p:A|B', 'p:A|C'],
        mixed: ['p:A|B', 'p:A|C', 'i:D|m'],
        second: ['i:D|m', 'p:A|D', 'p:B|C'],
        one: ['p:A|D'],
      }),
    ).toEqual(['all3', 'second']);
  });

  it('keeps any name row with a subset key, even with a single key row', async () => {
    expect(await kept([['p:A|B', 'p:A|C', 'p:B|C']], ['f:A|B', 'f:A|B|C'], { sub: ['f:A|B|C'], pair: ['p:A|B'], other: ['p:A|B', 'p:A|C'] })).toEqual(['sub']);
  });

  it('checks sets beyond the 63rd key in the high word', async () => {
    const all = keys(MAX_CONJUNCTIVE_KEYS);
    // the first set gives every key its position; the second sits in the low word, the third across both, the fourth in the high word
    const sets = [all, all.slice(0, 63), [all[62]!, all[63]!, all[125]!], [all[63]!, all[100]!]];
    expect(
      await kept(sets, [], {
        low: all.slice(0, 63),
        lowMissingOne: all.slice(1, 63),
        straddle: [all[62]!, all[63]!, all[125]!],
        highPart: [all[63]!, all[125]!],
        high: [all[100]!, all[63]!],
      }),
    ).toEqual(['high', 'low', 'straddle']);
  });

  it('is false without sets and subset keys', () => {
    expect(conjunctiveHaving('u', [], null, '0')).toBe('false');
  });
});
