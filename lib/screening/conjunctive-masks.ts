/**
 * The conjunctive part of a candidate lookup (candidates.ts lookupSql, lookup-many.ts) checks, for each
 * name row, whether its key rows hold every key of one of the query's conjunctive sets. It did so by
 * `array_agg(key) @> set` per name row: at 1,000,000 entries one client's keys select about 5,600 key
 * rows in 5,500 name rows, and an array built per name row (each in its own memory context) made the
 * grouping spill to disk and cost about a third of the lookup. Here each conjunctive key has a
 * position in the query's `wanted` keys, a name row's keys fold into a bit mask (`bit_or`, two 63-bit
 * words), and a set is held when its own mask is inside the row's. Name rows with fewer key rows than
 * the smallest set skip the test (nearly all of them: one shared key). Same rows, same ranking.
 */

/** Positions the two mask words hold (63 each: the sign bit is left alone). */
export const MAX_CONJUNCTIVE_KEYS = 126;

export interface ConjunctiveEncoding {
  /** the keys looked up: every conjunctive key (positions 1…nconj), then the subset keys */
  wanted: string[];
  nconj: number;
  /** distinct keys of the smallest set: a name row with fewer key rows holds no set */
  minset: number;
  /** each set's mask: the low word (positions 1–63) and the high word (64–126), as decimal strings */
  masks: { low: string; high: string }[];
}

/**
 * Positions and masks of a lookup's conjunctive sets. Subset keys (`f:`) and conjunctive keys (`p:`,
 * `i:`) are different kinds, so a key is never both (an `f:` key among the sets would be read as a
 * conjunctive one and no longer select its name row alone: refused).
 */
export function encodeConjunctive(sets: string[][], subsets: string[]): ConjunctiveEncoding {
  const position = new Map<string, number>();
  for (const set of sets) for (const key of set) if (!position.has(key)) position.set(key, position.size + 1);
  if (position.size > MAX_CONJUNCTIVE_KEYS) throw new Error(`a lookup has at most ${MAX_CONJUNCTIVE_KEYS} conjunctive keys`);
  const rest = [...new Set(subsets)];
  if (rest.some((key) => position.has(key))) throw new Error('a subset key is also a conjunctive key');
  const masks = sets.map((set) => {
    let low = 0n;
    let high = 0n;
    for (const key of set) {
      const p = position.get(key)!;
      if (p <= 63) low |= 1n << BigInt(p - 1);
      else high |= 1n << BigInt(p - 64);
    }
    return { low: low.toString(), high: high.toString() };
  });
  return {
    wanted: [...position.keys(), ...rest],
    nconj: position.size,
    minset: sets.length > 0 ? Math.min(...sets.map((set) => new Set(set).size)) : 0,
    masks,
  };
}

/** A key row's bit in the low and the high word (`pos`: its 1-based position in `wanted`). */
const LOW = (pos: string) => `CASE WHEN ${pos} <= 63 THEN 1::bigint << (${pos} - 1)::int ELSE 0::bigint END`;
const HIGH = (pos: string) => `CASE WHEN ${pos} > 63 THEN 1::bigint << (${pos} - 64)::int ELSE 0::bigint END`;

/**
 * The HAVING condition over a name row's key rows (column `pos` of the grouped rows `rows`): a subset
 * key (position above `nconj`), or at least `minset` key rows and every key of a set (`sets`: each
 * set's low and high mask as SQL expressions of type bigint; a set whose masks are null holds nothing).
 */
export function conjunctiveHaving(rows: string, sets: { low: string; high: string }[], nconj: string | null, minset: string): string {
  const low = `bit_or(${LOW(`${rows}.pos`)})`;
  const high = `bit_or(${HIGH(`${rows}.pos`)})`;
  const held = sets.map((s) => `((${low} & ${s.low}) = ${s.low} AND (${high} & ${s.high}) = ${s.high})`);
  const parts = [
    ...(nconj !== null ? [`bool_or(${rows}.pos > ${nconj})`] : []),
    ...(held.length > 0 ? [`(count(*) >= ${minset} AND (${held.join(' OR ')}))`] : []),
  ];
  return parts.length > 0 ? parts.join(' OR ') : 'false';
}
