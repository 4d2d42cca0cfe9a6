/**
 * Token similarity and alignment of two names (README "Scoring").
 *
 * Similarity of two readings: 1 for equal keys; compounds with the same suffix (abd-X, abu-X,
 * X-ullah, X-uddin, X-ur-Rahman) compare their stems; otherwise Jaro-Winkler of the keys, at
 * least 0.93 when the consonant skeletons (≥ 3 letters; 0.90 for 2) are equal and at least
 * 0.96 × JW of the vowel folds, unless both are distinct dictionary names (Hassan / Hussein), at
 * least 0.97 × JW of the skeletons when a side was transliterated without vowels. A token's variants (other readings, normalize.ts) are compared
 * too, their similarity multiplied by the variant's factor.
 *
 * Alignment: one-to-one, greedy, best similarity first; when that leaves tokens poorly matched
 * on both sides, a token may also pair with two adjacent tokens of the other name read as one
 * word (Walijan = Wali Jan, Shahidkhel = شهيد خيل, Abd Aqala = Abid … , Yongwon = Yong-Won).
 */
import { jaroWinkler } from './jaro-winkler';
import { KNOWN_CANONICAL, LATIN_NAME_TO_CANONICAL } from './names-dictionary';
import { tokenForm, type NameToken, type TokenForm } from './normalize';
import { skeleton } from './phonetic';

const prefixStem = (f: TokenForm): TokenForm => tokenForm(f.key.slice(3), f.vowelPoor);

const SKEL3 = 0.92;
const SKEL2 = 0.88;
const VOWEL = /[aeiouy]/;
/** same first sound: both a vowel, or consonants of one class (Chouman / Shuman; not Hamoud / Ahmadi) */
const sameStart = (a: TokenForm, b: TokenForm) => {
  const va = VOWEL.test(a.key[0]!);
  return va === VOWEL.test(b.key[0]!) && (va || a.skel[0] === b.skel[0]);
};
/** same last sound: the same vowel, or consonants of one class (Erik / Eric, Luka / Luqa; not Rima / Rami) */
const sameEnd = (a: string, b: string) => {
  const x = a[a.length - 1]!;
  const y = b[b.length - 1]!;
  return VOWEL.test(x) || VOWEL.test(y) ? x === y : skeleton(x) === skeleton(y);
};

/** The dictionary name a nisba is made of (mohammadi → muhammad), else null. */
function nisbaOf(key: string): string | null {
  if (key.length < 5 || !key.endsWith('i')) return null;
  const base = key.slice(0, -1);
  return KNOWN_CANONICAL.has(base) ? base : (LATIN_NAME_TO_CANONICAL.get(base) ?? null);
}

/** Similarity of two readings (0..1). */
export function formSimilarity(a: TokenForm, b: TokenForm): number {
  if (a.key === b.key) return 1;
  if (a.suffix && a.suffix === b.suffix && a.stem && b.stem) return formSimilarity(a.stem, b.stem);
  // abu-X kunyas (and abd-X without a stored stem): compare what follows the prefix
  const pa = a.key.slice(0, 3);
  if ((pa === 'abd' || pa === 'abu') && b.key.startsWith(pa) && a.key.length > 4 && b.key.length > 4) return formSimilarity(prefixStem(a), prefixStem(b));
  let s = jaroWinkler(a.key, b.key);
  // one name a much shorter prefix of the other (Smith / Smithson) is a different name, and so is
  // a short name two letters shorter than the other (Zayn / Zaydan, Shah / Shahid)
  const diff = Math.abs(a.key.length - b.key.length);
  if (diff >= 3 && (a.key.startsWith(b.key) || b.key.startsWith(a.key))) s = Math.min(s, 0.85);
  else if (diff >= 2 && Math.min(a.key.length, b.key.length) <= 4) s = Math.min(s, 0.88);
  // two different dictionary names are two names (Hassan / Hussein, Alexey / Alexander, Mahmoud /
  // Mohammed), and so are their nisbas (Mohammadi / Mahmoudi)
  const bothKnown = KNOWN_CANONICAL.has(a.key) && KNOWN_CANONICAL.has(b.key);
  if (bothKnown) return Math.min(s, 0.8);
  const na = nisbaOf(a.key);
  const nb = nisbaOf(b.key);
  if (na && nb && na !== nb) return Math.min(s, 0.8);
  {
    // same consonants (Smith / Smyth) from the same first sound (not Hamoud / Ahmadi); with only
    // two consonants, the same last letter too (Luka / Luqa, not Rima / Rami)
    if (a.skel === b.skel && a.skel.length >= 2 && sameStart(a, b) && (a.skel.length >= 3 || sameEnd(a.fold, b.fold)))
      s = Math.max(s, a.skel.length >= 3 ? SKEL3 : SKEL2);
    if (s < 0.96 && (a.fold !== a.key || b.fold !== b.key)) s = Math.max(s, 0.96 * jaroWinkler(a.fold, b.fold));
  }
  if (a.vowelPoor || b.vowelPoor) {
    if (a.skel.length >= 2 && b.skel.length >= 2) s = Math.max(s, 0.97 * jaroWinkler(a.skel, b.skel));
    else if (a.skel === b.skel) s = Math.max(s, 0.9);
  }
  return s;
}

/** Similarity of two tokens (0..1), over their readings. */
export function tokenSimilarity(a: NameToken, b: NameToken): number {
  if (a.key === b.key) return 1;
  if (a.initial || b.initial) {
    if (a.initial && b.initial) return 0;
    const full = a.initial ? b : a;
    const ini = a.initial ? a : b;
    return full.key[0] === ini.key ? 0.9 : 0;
  }
  let s = formSimilarity(a, b);
  if (s >= 0.97) return s;
  for (const v of a.variants) if (v.factor > s) s = Math.max(s, v.factor * formSimilarity(v, b));
  for (const w of b.variants) if (w.factor > s) s = Math.max(s, w.factor * formSimilarity(a, w));
  return s;
}

export interface Alignment {
  /** per query token: similarity with its partner, −1 when unpaired */
  qSim: number[];
  /** per query token: index of its partner entry token (the first of a merged pair), −1 */
  q2e: number[];
  eSim: number[];
  e2q: number[];
}

interface Cand {
  sim: number;
  qs: number[];
  es: number[];
}

const mergeable = (t: NameToken) => !t.initial && !t.legal;

/** Two adjacent tokens read as one word; memoized on the token objects (query tokens live for a
 * search, entry tokens in the normalized-name cache), so a pair is built once. */
const mergedCache = new WeakMap<NameToken, WeakMap<NameToken, NameToken>>();
function merged(a: NameToken, b: NameToken): NameToken {
  let byNext = mergedCache.get(a);
  if (!byNext) mergedCache.set(a, (byNext = new WeakMap()));
  let m = byNext.get(b);
  if (!m) byNext.set(b, (m = { ...a, ...tokenForm(a.key + b.key, a.vowelPoor || b.vowelPoor), suffix: undefined, stem: undefined, variants: [] }));
  return m;
}

function greedy(cands: Cand[], nq: number, ne: number): Alignment {
  // highest similarity first; single tokens before merged pairs; then the same position first
  cands.sort(
    (x, y) => y.sim - x.sim || x.qs.length + x.es.length - (y.qs.length + y.es.length) || Math.abs(x.qs[0]! - x.es[0]!) - Math.abs(y.qs[0]! - y.es[0]!),
  );
  const al: Alignment = {
    qSim: new Array<number>(nq).fill(-1),
    q2e: new Array<number>(nq).fill(-1),
    eSim: new Array<number>(ne).fill(-1),
    e2q: new Array<number>(ne).fill(-1),
  };
  for (const c of cands) {
    if (c.qs.some((i) => al.q2e[i] !== -1) || c.es.some((j) => al.e2q[j] !== -1)) continue;
    for (const i of c.qs) ((al.q2e[i] = c.es[0]!), (al.qSim[i] = c.sim));
    for (const j of c.es) ((al.e2q[j] = c.qs[0]!), (al.eSim[j] = c.sim));
  }
  return al;
}

/**
 * A query token's similarities, memoized by the other token's readings: the candidates of one
 * search share many tokens (a hundred "Mohammed … Al-Harbi"), and so do searches (a bulk request's
 * clients bear the same given and family names): the memo of a token's readings is shared by every
 * query token with those readings (a similarity depends on the readings alone, which is what
 * `signature` spells out). Bounded: it starts over past SHARED_SIMILARITIES entries.
 */
const simCache = new WeakMap<NameToken, Map<string, number>>();
const sharedCache = new Map<string, Map<string, number>>();
const SHARED_SIMILARITIES = 2_000_000;
let sharedSize = 0;
function similaritiesOf(a: NameToken): Map<string, number> {
  let byOther = simCache.get(a);
  if (!byOther) {
    const sig = signature(a);
    byOther = sharedCache.get(sig);
    if (!byOther) {
      if (sharedSize >= SHARED_SIMILARITIES) (sharedCache.clear(), (sharedSize = 0));
      sharedCache.set(sig, (byOther = new Map()));
    }
    simCache.set(a, byOther);
  }
  return byOther;
}
const signatures = new WeakMap<NameToken, string>();
function signature(t: NameToken): string {
  let sig = signatures.get(t);
  if (sig === undefined) {
    sig = t.key + (t.vowelPoor ? '~' : '') + (t.initial ? '|i' : '') + (t.suffix ? `|${t.suffix}` : '');
    if (t.variants.length > 0) sig += '|' + t.variants.map((v) => `${v.key}${v.vowelPoor ? '~' : ''}${v.suffix ? `|${v.suffix}` : ''}*${v.factor}`).join(',');
    signatures.set(t, sig);
  }
  return sig;
}
function cachedSimilarity(a: NameToken, b: NameToken): number {
  const byOther = similaritiesOf(a);
  const k = signature(b);
  let s = byOther.get(k);
  if (s === undefined) (byOther.set(k, (s = tokenSimilarity(a, b))), sharedSize++);
  return s;
}

/** A pair of tokens the alignment may take: single tokens at similarity 0.7 or more. */
const SINGLE_MIN = 0.7;
/** Two adjacent tokens read as one word pair with a token at similarity 0.9 or more. */
const DOUBLE_MIN = 0.9;

/**
 * The pairs of two adjacent tokens of `side` read as one word and a token of `other` that may stand
 * for them (it starts like them and has about their length), at similarity DOUBLE_MIN or more.
 */
function doublesOf(side: NameToken[], other: NameToken[], take: (i: number, j: number, sim: number) => void): void {
  for (let i = 0; i + 1 < side.length; i++) {
    if (!mergeable(side[i]!) || !mergeable(side[i + 1]!)) continue;
    const len = side[i]!.key.length + side[i + 1]!.key.length;
    let m: NameToken | null = null;
    for (let j = 0; j < other.length; j++) {
      const o = other[j]!;
      // a word read as two starts like them and has about their length
      if (!mergeable(o) || o.key.length < len * 0.6 || o.key.length > len * 1.5 || o.skel[0] !== side[i]!.skel[0]) continue;
      m ??= merged(side[i]!, side[i + 1]!);
      const s = cachedSimilarity(m, o);
      if (s >= DOUBLE_MIN) take(i, j, s);
    }
  }
}

export function align(q: NameToken[], e: NameToken[]): Alignment {
  const singles: Cand[] = [];
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < e.length; j++) {
      const s = cachedSimilarity(q[i]!, e[j]!);
      if (s >= SINGLE_MIN) singles.push({ sim: s, qs: [i], es: [j] });
    }
  }
  const first = greedy([...singles], q.length, e.length);
  // two tokens read as one word make the names' token counts differ; with equal counts, or when
  // one side has no poorly matched token left, there is nothing to merge
  const loose = (sims: number[], toks: NameToken[]) => sims.some((s, k) => s < 0.95 && mergeable(toks[k]!) && !toks[k]!.generic);
  if (q.length === e.length || !loose(first.qSim, q) || !loose(first.eSim, e)) return first;
  // some tokens left poorly matched on both sides: try two adjacent tokens read as one word
  const doubles: Cand[] = [];
  doublesOf(q, e, (i, j, sim) => doubles.push({ sim, qs: [i, i + 1], es: [j] }));
  doublesOf(e, q, (i, j, sim) => doubles.push({ sim, qs: [j], es: [i, i + 1] }));
  return doubles.length > 0 ? greedy([...singles, ...doubles], q.length, e.length) : first;
}

/** Per token of each side: at least the similarity align(q, e) can give it (0 when it can stay unpaired only). */
export interface AlignmentBounds {
  q: number[];
  e: number[];
}

/**
 * Upper bounds of align(q, e)'s similarities without aligning: every token is paired at most once,
 * with a single token (a similarity of SINGLE_MIN or more) or as part of two adjacent tokens read as
 * one word (DOUBLE_MIN or more), so its similarity is at most the best of those it could be paired
 * with. The doubles are those align could try, whether or not it would (it tries them only when the
 * token counts differ and both sides keep a poorly matched token): a bound, not the alignment.
 */
export function alignmentBounds(q: NameToken[], e: NameToken[]): AlignmentBounds {
  const qb = new Array<number>(q.length).fill(0);
  const eb = new Array<number>(e.length).fill(0);
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < e.length; j++) {
      const s = cachedSimilarity(q[i]!, e[j]!);
      if (s >= SINGLE_MIN) {
        if (s > qb[i]!) qb[i] = s;
        if (s > eb[j]!) eb[j] = s;
      }
    }
  }
  if (q.length !== e.length) {
    const raise = (b: number[], k: number, s: number) => {
      if (s > b[k]!) b[k] = s;
    };
    doublesOf(q, e, (i, j, s) => (raise(qb, i, s), raise(qb, i + 1, s), raise(eb, j, s)));
    doublesOf(e, q, (i, j, s) => (raise(eb, i, s), raise(eb, i + 1, s), raise(qb, j, s)));
  }
  return { q: qb, e: eb };
}
