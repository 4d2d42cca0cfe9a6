/**
 * Plain Jaro-Winkler baseline: the query and every indexed name of the query's own list in plain
 * form (lower case, no diacritics, punctuation as space), one JW over the whole strings, best
 * name per entry. No transliteration, no token alignment, no candidate bound (it reads the whole
 * list), so it shows what the engine adds over the textbook measure.
 */
import { plainForm, type ListName } from './dataset';
import { jaroWinkler } from './jaro-winkler';

export type BaselineIndex = Map<ListName, { id: string; forms: string[] }[]>;

export function prepareBaselineIndex(entries: { list: ListName; id: string; names: string[] }[]): BaselineIndex {
  const index: BaselineIndex = new Map();
  for (const e of entries) {
    if (!index.has(e.list)) index.set(e.list, []);
    index.get(e.list)!.push({ id: e.id, forms: e.names.map(plainForm).filter(Boolean) });
  }
  return index;
}

export function baselineSearch(index: BaselineIndex, list: ListName, query: string): { externalId: string; score: number } | null {
  const q = plainForm(query);
  let best: { externalId: string; score: number } | null = null;
  for (const e of index.get(list) ?? []) {
    for (const f of e.forms) {
      const s = jaroWinkler(q, f);
      if (!best || s > best.score) best = { externalId: e.id, score: s };
    }
  }
  return best;
}
