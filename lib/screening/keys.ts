/**
 * Searchable keys of a name: what goes into "WatchlistNameKey" rows and what a query
 * looks up. Blocking keys (all built from 4-character skeleton codes, phonetic.ts):
 *   p:A|B  every unordered pair of distinct informative token codes — survives reordered
 *          tokens, missing or extra middle names and vowel/tail spelling variants;
 *   s:A    the code of a name with a single informative token;
 *   t:A    each informative token of an organization name (organizations are often
 *          searched by one distinctive word);
 *   i:F|x  family-token code + first letter of the first token ("M. Alharbi");
 *   f:A|B… the sorted set of all full-token codes of an individual's name (up to 5): a query
 *          looks up every subset of its own codes, which finds entries whose name is the
 *          query minus some tokens ("Abdullah Al-Ghamdi" for "Abdullah Abdulrahman Al-Ghamdi")
 *          exactly, however common the names;
 *   l:A|B  pairs of loose codes (phonetic.ts looseCode) of individuals' tokens: the fallback
 *          for spelling variants the skeleton keeps apart (Nowak / Novak, Jon / John);
 *   w:S    each name part of an individual by its whole consonant skeleton (wordKey): counts how
 *          many listed people bear a name part (rarity, candidates.ts) and finds them for a
 *          query made of that part alone.
 * A query with three or more tokens first requires all pair keys of a token triple at once
 * (GIN `@>`, conjunctiveKeySets), which selects a full name among thousands of namesakes.
 * Legal-form and generic business words never make keys, so "CORP" finds nothing.
 */
import { COMMON_GIVEN_NAMES, isCommonGivenKey, KNOWN_CANONICAL } from './names-dictionary';
import { blockingCode, looseCode } from './phonetic';
import { informativeTokens, normalizeName, type NameToken, type NormalizedName } from './normalize';

export interface NameKeyRow {
  kind: 'Primary' | 'Alias';
  script: 'Latin' | 'Arabic';
  value: string;
  key: string;
  phonetic: string;
  tokens: string[];
  blockKeys: string[];
}

function pairKeys(codes: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < codes.length; i++) {
    for (let j = i + 1; j < codes.length; j++) {
      const a = codes[i]!;
      const b = codes[j]!;
      out.push(a < b ? `p:${a}|${b}` : `p:${b}|${a}`);
    }
  }
  return out;
}

/** A token's blocking codes: its own and those of its variants (other readings, normalize.ts). */
export function tokenCodes(t: NameToken): string[] {
  if (t.variants.length === 0) return [t.code];
  return [...new Set([t.code, ...t.variants.map((v) => blockingCode(v.key))])];
}

/** Pair keys between tokens (each token through all its codes); tokens sharing a code make no pair. */
function tokenPairKeys(tokens: NameToken[], skip?: (a: NameToken, b: NameToken) => boolean): string[] {
  const out = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    for (let j = i + 1; j < tokens.length; j++) {
      if (tokens[i]!.code === tokens[j]!.code || skip?.(tokens[i]!, tokens[j]!)) continue;
      for (const a of tokenCodes(tokens[i]!)) for (const b of tokenCodes(tokens[j]!)) if (a !== b) out.add(a < b ? `p:${a}|${b}` : `p:${b}|${a}`);
    }
  }
  return [...out];
}

/** The first 8 informative full tokens, one per code. */
function distinctTokens(n: NormalizedName): NameToken[] {
  const seen = new Set<string>();
  return informativeTokens(n)
    .filter((t) => !t.initial && !seen.has(t.code) && (seen.add(t.code), true))
    .slice(0, 8);
}

/** Blocking keys stored for one entry name. */
export function entryBlockKeys(n: NormalizedName, type: 'Individual' | 'Organization'): string[] {
  const inf = informativeTokens(n).filter((t) => !t.initial);
  const toks = distinctTokens(n);
  const codes = toks.map((t) => t.code);
  const keys = new Set<string>();
  if (toks.length === 1) for (const c of tokenCodes(toks[0]!)) keys.add(`s:${c}`);
  for (const k of tokenPairKeys(toks)) keys.add(k);
  if (type === 'Organization') for (const c of codes) keys.add(`t:${c}`);
  if (type === 'Individual' && inf.length >= 2) {
    const first = inf[0]!;
    const last = inf[inf.length - 1]!;
    keys.add(`i:${last.code}|${first.key[0]}`);
  }
  if (type === 'Individual') {
    for (const t of toks) for (const k of tokenWordKeys(t)) keys.add(k);
    for (const k of loosePairKeys(inf)) keys.add(k);
    if (codes.length >= 2 && codes.length <= 5) keys.add(fullSetKey(codes));
    if (toks.length <= 3) for (const k of codeInitialKeys(toks)) keys.add(k);
  }
  return [...keys];
}

/**
 * `w:` key of one reading of a name part: its whole consonant skeleton when it has four
 * consonants or more (Zulkarnain = Zulkarnaen = ZLKRNN), finer than the 4-character blocking
 * code, which puts every abd-S… name (Abdul Samad, Abdul Sattar, Abdul Salam) on ABDS; a shorter
 * skeleton would join unrelated names (Aweys, Isa, Oussa are all S), so a short name is keyed by
 * its vowel fold (`w:~aweys`).
 */
export function wordKey(f: { skel: string; fold: string }): string | null {
  if (f.skel.length >= 4) return `w:${f.skel.slice(0, 12)}`;
  return f.fold.length > 0 ? `w:~${f.fold.slice(0, 16)}` : null;
}

/** `w:` keys of a token: its own reading and its variants'. */
export function tokenWordKeys(t: NameToken): string[] {
  const out = new Set<string>();
  for (const f of [t, ...t.variants]) {
    const k = wordKey(f);
    if (k) out.add(k);
  }
  return [...out];
}

/**
 * A query's name parts whose rarity among the listed names is worth knowing: a rare one alone,
 * or with only titles, frequent names or nothing else, may still single out a listed person
 * (name-score.ts, "rare name part"). Names of the dictionary are frequent by construction, and
 * so are the frequent given names; initials, titles other than kunyas and words under four
 * letters never qualify.
 */
export function rarityCandidates(n: NormalizedName): NameToken[] {
  const seen = new Set<string>();
  return informativeTokens(n).filter((t) => {
    if (!rarityEligible(t) || seen.has(t.key)) return false;
    seen.add(t.key);
    return true;
  });
}

export function rarityEligible(t: NameToken): boolean {
  if (t.initial || t.legal || t.generic || t.common || t.key.length < 4) return false;
  // a kunya counts by the name it is made of: Abu Obaida may be rare, Abu Muhammad never is
  if (t.weak && !t.key.startsWith('abu')) return false;
  if (t.key.startsWith('abu')) {
    const stem = t.key.slice(3);
    return stem.length >= 3 && !stem.startsWith('abd') && !KNOWN_CANONICAL.has(stem) && !COMMON_GIVEN_NAMES.has(stem);
  }
  return !KNOWN_CANONICAL.has(t.key);
}

/**
 * `x:A|b` keys: one token's code with the first letter of another, for every ordered pair of a
 * name's tokens. The last fallback for a short name with one token spelled differently
 * ("Mahlerbe, Oscar" for "Maherbe, Oscar"), stored for names of two or three tokens.
 */
export function codeInitialKeys(tokens: NameToken[]): string[] {
  const out = new Set<string>();
  for (const a of tokens) for (const b of tokens) if (a !== b && a.code !== b.code) out.add(`x:${a.code}|${b.key[0]}`);
  return [...out];
}

function fullSetKey(codes: string[]): string {
  return `f:${[...codes].sort().join('|')}`;
}

/** `f:` keys of every subset (≥ 2 codes) of the query name's first 5 full-token codes. */
export function querySubsetKeys(n: NormalizedName): string[] {
  const codes = [
    ...new Set(
      informativeTokens(n)
        .filter((t) => !t.initial)
        .map((t) => t.code),
    ),
  ].slice(0, 5);
  const out: string[] = [];
  for (let mask = 1; mask < 1 << codes.length; mask++) {
    const subset = codes.filter((_, i) => mask & (1 << i));
    if (subset.length >= 2) out.push(fullSetKey(subset));
  }
  return out;
}

/** `l:A|B` keys: pairs of loose codes of the first 6 full tokens (individuals only). */
export function loosePairKeys(tokens: NameToken[]): string[] {
  const codes = [
    ...new Set(
      tokens
        .filter((t) => !t.initial)
        .slice(0, 6)
        .map((t) => looseCode(t.key)),
    ),
  ];
  return pairKeys(codes).map((k) => `l:${k.slice(2)}`);
}

/** Loose keys a query looks up when the exact blocking keys found nothing good. */
export function queryLooseKeys(n: NormalizedName, type: 'Individual' | 'Organization'): string[] {
  if (type !== 'Individual') return [];
  return loosePairKeys(informativeTokens(n));
}

/** Code + initial keys a query looks up last (its first four tokens). */
export function queryCodeInitialKeys(n: NormalizedName, type: 'Individual' | 'Organization'): string[] {
  if (type !== 'Individual') return [];
  return codeInitialKeys(distinctTokens(n).slice(0, 4));
}

/**
 * Conjunctive lookups: every set of pair keys that must ALL be present on one name row.
 * One set per triple of distinct full-token codes (first 5 tokens), plus, for each initial,
 * {family pair key, i:family|initial}. Empty for shorter names.
 */
export function conjunctiveKeySets(n: NormalizedName): string[][] {
  const inf = informativeTokens(n);
  const full = inf.filter((t) => !t.initial);
  const codes = [...new Set(full.map((t) => t.code))].slice(0, 5);
  const sets: string[][] = [];
  for (let i = 0; i < codes.length; i++) {
    for (let j = i + 1; j < codes.length; j++) {
      for (let k = j + 1; k < codes.length; k++) sets.push(pairKeys([codes[i]!, codes[j]!, codes[k]!]));
    }
  }
  if (codes.length >= 2) {
    const last = full[full.length - 1]!.code;
    for (const ini of inf.filter((t) => t.initial)) {
      for (const c of codes) if (c !== last) sets.push([...pairKeys([c, last]), `i:${last}|${ini.key}`]);
    }
  }
  return sets;
}

/** Blocking keys a query name looks up: primary keys, and the common-given-name pairs left out of them. */
export function queryBlockKeySets(n: NormalizedName, type: 'Individual' | 'Organization'): { primary: string[]; fallback: string[] } {
  const all = new Set(allQueryBlockKeys(n, type));
  const primary = queryBlockKeys(n, type);
  for (const k of primary) all.delete(k);
  return { primary, fallback: [...all] };
}

function allQueryBlockKeys(n: NormalizedName, type: 'Individual' | 'Organization'): string[] {
  return [...tokenPairKeys(distinctTokens(n)), ...queryBlockKeys(n, type)];
}

/** Blocking keys a query name looks up first. */
export function queryBlockKeys(n: NormalizedName, type: 'Individual' | 'Organization'): string[] {
  const inf = informativeTokens(n);
  const full = distinctTokens(n);
  const initials = inf.filter((t) => t.initial);
  const keys = new Set<string>();
  // Pairs of two frequent given names (Mohammed + Ahmed) match tens of thousands of rows at a
  // million entries; when the name has a rarer token (a family name), only pairs with it are used.
  const isCommon = (t: NameToken) => isCommonGivenKey(t.key) || t.weak;
  const hasRare = full.some((t) => !isCommon(t));
  for (const k of tokenPairKeys(full, (a, b) => hasRare && isCommon(a) && isCommon(b))) keys.add(k);
  // single-token entries (aliases, mononyms, one-word organizations)
  for (const t of full) for (const c of tokenCodes(t)) keys.add(`s:${c}`);
  if (type === 'Organization' || full.length === 1) for (const t of full) keys.add(`t:${t.code}`);
  if (full.length >= 1) {
    const last = full[full.length - 1]!;
    for (const i of initials) keys.add(`i:${last.code}|${i.key}`);
  }
  return [...keys];
}

/** Name-key rows of one entry (one per name or alias, duplicates removed). */
export function buildNameKeys(names: { value: string; kind: 'Primary' | 'Alias' }[], type: 'Individual' | 'Organization'): NameKeyRow[] {
  const rows: NameKeyRow[] = [];
  const seen = new Set<string>();
  for (const nm of names) {
    if (!nm.value || !nm.value.trim()) continue;
    const n = normalizeName(nm.value, type);
    if (n.tokens.length === 0) continue;
    if (seen.has(n.key)) continue;
    seen.add(n.key);
    rows.push({
      kind: nm.kind,
      script: n.script,
      value: nm.value,
      key: n.key,
      phonetic: n.tokens.map((t) => t.skel).join(' '),
      tokens: n.tokens.map((t) => t.key),
      blockKeys: entryBlockKeys(n, type),
    });
  }
  return rows;
}
