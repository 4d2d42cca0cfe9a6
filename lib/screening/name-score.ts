/**
 * Name signals of one query name against one entry name: token agreement over the alignment
 * (align.ts), the spec's `Match.signals.name` fields and the rules for individuals (partial
 * names, relatives, frequent names). The formula is documented in README.md ("Scoring").
 */
import { align, alignmentBounds, type Alignment } from './align';
import { jaroWinkler } from './jaro-winkler';
import { rarityEligible } from './keys';
import { PATRONYMIC_RE } from './name-words';
import type { NameToken, NormalizedName } from './normalize';
import type { EntityType, NameSignals } from './score';

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/** Similarity → agreement: ≥ 0.95 full, linear down to 0 at 0.80. */
const AGREE_FULL = 0.93;
const STRONG = 0.5;
function agreement(s: number): number {
  if (s >= AGREE_FULL) return 1;
  if (s <= 0.8) return 0;
  return (s - 0.8) / (AGREE_FULL - 0.8);
}

const sortedKey = (t: NameToken[]) =>
  t
    .map((x) => x.key)
    .sort()
    .join(' ');
const informative = (t: NameToken) => !t.legal && !t.generic;
/** a token that names the person (not a title, kunya, patronymic or initial) */
const main = (t: NameToken) => informative(t) && !t.weak && !t.initial;

export interface CompareOptions {
  /**
   * Keys of the query's name parts that few listed people bear (candidates.ts
   * findRareNameParts: at most RARE_NAME_PART_MAX entries of the searched lists hold one).
   */
  rare?: ReadonlySet<string> | null;
}

export interface NameComparison {
  signals: NameSignals;
  /** the score rests on one rare name part (README "a rare name part"); reason `RareNamePart` */
  rareNamePart: boolean;
}

/** Name signals for one query name against one entry name. */
export function compareNames(qn: NormalizedName, en: NormalizedName, type: EntityType = 'Individual', opts: CompareOptions = {}): NameSignals {
  return compareNamesDetailed(qn, en, type, opts).signals;
}

/** compareNames, and which rule the score rests on. */
export function compareNamesDetailed(qn: NormalizedName, en: NormalizedName, type: EntityType = 'Individual', opts: CompareOptions = {}): NameComparison {
  const q = qn.tokens;
  const e = en.tokens;
  const zero: NameSignals = { familyJW: 0, firstNameJW: 0, givenTokenScore: 0, fullJW: 0, phoneticScore: 0, exactNormalized: false, totalScore: 0 };
  const qInf = q.filter(informative);
  const eInf = e.filter(informative);
  if (qInf.length === 0 || eInf.length === 0) return { signals: zero, rareNamePart: false };

  const exactNormalized = sortedKey(qInf) === sortedKey(eInf);
  const al = align(q, e);
  const qAgr = al.qSim.map((x) => (x < 0 ? 0 : agreement(x)));
  const eAgr = al.eSim.map((x) => (x < 0 ? 0 : agreement(x)));

  const side = (toks: NameToken[], sims: number[], agr: number[]) => {
    let w = 0;
    let a = 0;
    let ph = 0;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i]!;
      w += t.weight;
      a += t.weight * agr[i]!;
      // same consonant skeleton or better (the skeleton floor is 0.92)
      if (sims[i]! >= 0.92) ph += t.weight;
    }
    return { cov: w > 0 ? a / w : 0, ph: w > 0 ? ph / w : 0 };
  };
  const qs = side(q, al.qSim, qAgr);
  const es = side(e, al.eSim, eAgr);
  const givenTokenScore = 0.6 * Math.max(qs.cov, es.cov) + 0.4 * Math.min(qs.cov, es.cov);
  const phoneticScore = (qs.ph + es.ph) / 2;

  // first / family: the entry's first and last tokens that name the person, and their partners
  const eMain = e.filter(main);
  const eNamed = eMain.length > 0 ? eMain : eInf;
  const firstIdx = e.indexOf(eNamed[0]!);
  const lastIdx = e.indexOf(eNamed[eNamed.length - 1]!);
  const simOf = (j: number) => Math.max(0, al.eSim[j]!);
  const firstNameJW = simOf(firstIdx);
  const familyJW = simOf(lastIdx);

  const anyVowelPoor = q.some((t) => t.vowelPoor) || e.some((t) => t.vowelPoor);
  let fullJW = Math.max(jaroWinkler(qn.key, en.key), jaroWinkler(sortedKey(q), sortedKey(e)));
  if (anyVowelPoor) fullJW = Math.max(fullJW, 0.97 * jaroWinkler(q.map((t) => t.skel).join(' '), e.map((t) => t.skel).join(' ')));

  // Main tokens on both sides left without an agreeing partner: a conflicting name part, not an omission.
  let unQ = 0;
  let unE = 0;
  for (let i = 0; i < q.length; i++) if (main(q[i]!) && qAgr[i] === 0) unQ += q[i]!.weight;
  for (let j = 0; j < e.length; j++) if (main(e[j]!) && eAgr[j] === 0) unE += e[j]!.weight;
  const conflictPenalty = 0.1 * Math.min(unQ, unE, 1.5);

  let rareNamePart = false;
  let total = 0.55 * givenTokenScore + 0.15 * familyJW + 0.1 * firstNameJW + 0.1 * fullJW + 0.1 * phoneticScore - conflictPenalty;

  if (type === 'Individual') {
    total = individualRules(total, { q, e, qAgr, eAgr, al, qCov: qs.cov, eCov: es.cov, unQ, unE });
    if (exactNormalized) total = 1;
    // one name against one name (mononyms, a lone alias): only the same name is a match
    if (qInf.length === 1 && eInf.length === 1 && !exactNormalized && qAgr[q.indexOf(qInf[0]!)]! < 1) total = Math.min(total, 0.78);
    // a lone common given name or kunya identifies nobody, even when the list has it as an alias
    if (qInf.length === 1 && eInf.length === 1 && (qInf[0]!.common || qInf[0]!.weak)) total = Math.min(total, 0.75);
    const floor = rareNamePartFloor({ q, e, qAgr, eAgr, al, qCov: qs.cov, eCov: es.cov, unQ, unE }, opts.rare);
    if (floor !== null && floor > total) {
      total = floor;
      rareNamePart = true;
    }
  } else {
    let informativeAgreement = 0;
    for (let i = 0; i < q.length; i++)
      if (al.q2e[i]! >= 0 && informative(q[i]!) && informative(e[al.q2e[i]!]!) && qAgr[i]! >= 0.5) informativeAgreement += qAgr[i]!;
    if (informativeAgreement === 0) total = Math.min(total, 0.5);
    if (exactNormalized) total = 1;
  }

  return {
    signals: {
      familyJW: r4(familyJW),
      firstNameJW: r4(firstNameJW),
      givenTokenScore: r4(givenTokenScore),
      fullJW: r4(fullJW),
      phoneticScore: r4(phoneticScore),
      exactNormalized,
      totalScore: r4(clamp01(total)),
    },
    rareNamePart,
  };
}

/** What the bound needs of a name on its own, once per name (a bulk search bounds each entry name against every client). */
interface BoundFacts {
  informative: number;
  /** the informative tokens' keys, sorted: two names with equal ones are the same name */
  sortedInformative: string;
  /** positions of the first and last tokens that name the person, as compareNamesDetailed finds them */
  firstIdx: number;
  lastIdx: number;
}
const boundFacts = new WeakMap<NormalizedName, BoundFacts>();
function boundFactsOf(n: NormalizedName): BoundFacts {
  let f = boundFacts.get(n);
  if (!f) {
    const inf = n.tokens.filter(informative);
    const eMain = n.tokens.filter(main);
    const named = eMain.length > 0 ? eMain : inf;
    f = {
      informative: inf.length,
      sortedInformative: sortedKey(inf),
      firstIdx: named.length ? n.tokens.indexOf(named[0]!) : -1,
      lastIdx: named.length ? n.tokens.indexOf(named[named.length - 1]!) : -1,
    };
    boundFacts.set(n, f);
  }
  return f;
}

/**
 * An upper bound of compareNames(qn, en, type, opts).totalScore that does not align the names (the
 * bulk search compares a client with about 140 candidates, nearly all far below Review). Each token's
 * similarity is bounded by the best it could be paired with (align.ts alignmentBounds), which bounds
 * every weighted term of the formula (all grow with the similarities), fullJW by 1, and the conflict
 * penalty from below by the main tokens that cannot agree with anything. The rules for individuals
 * only lower the score, except four that raise it, each counted where it may apply: an exact name
 * (1), one name inside the other (up to 0.94: never when both names certainly keep a main token
 * without a partner, or fewer than two of the query's tokens can agree strongly) and a rare name part
 * (up to 0.84: never when both certainly keep a name part without a partner, or no rare part of the
 * query can agree fully).
 */
export function compareNamesUpperBound(qn: NormalizedName, en: NormalizedName, type: EntityType = 'Individual', opts: CompareOptions = {}): number {
  const q = qn.tokens;
  const e = en.tokens;
  const qf = boundFactsOf(qn);
  const ef = boundFactsOf(en);
  if (qf.informative === 0 || ef.informative === 0) return 0;
  if (qf.informative === ef.informative && qf.sortedInformative === ef.sortedInformative) return 1;
  const b = alignmentBounds(q, e);
  const side = (toks: NameToken[], sims: number[]) => {
    let w = 0;
    let a = 0;
    let ph = 0;
    // main tokens (and name parts) that cannot agree with anything: unmatched whatever the alignment
    let unmatchedMain = 0;
    let unmatchedNamed = false;
    let strongAtMost = 0;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i]!;
      const agr = agreement(sims[i]!);
      w += t.weight;
      a += t.weight * agr;
      if (sims[i]! >= 0.92) ph += t.weight;
      if (agr === 0 && main(t)) unmatchedMain += t.weight;
      if (agr === 0 && informative(t) && !t.initial) unmatchedNamed = true;
      if (agr >= STRONG && informative(t)) strongAtMost++;
    }
    return { cov: w > 0 ? a / w : 0, ph: w > 0 ? ph / w : 0, unmatchedMain, unmatchedNamed, strongAtMost };
  };
  const qs = side(q, b.q);
  const es = side(e, b.e);
  const given = 0.6 * Math.max(qs.cov, es.cov) + 0.4 * Math.min(qs.cov, es.cov);
  const phonetic = (qs.ph + es.ph) / 2;
  const penalty = 0.1 * Math.min(qs.unmatchedMain, es.unmatchedMain, 1.5);
  let bound = 0.55 * given + 0.15 * b.e[ef.lastIdx]! + 0.1 * b.e[ef.firstIdx]! + 0.1 + 0.1 * phonetic - penalty;
  if (type === 'Individual') {
    const bothLeft = qs.unmatchedMain > 0 && es.unmatchedMain > 0;
    if (!bothLeft && qs.strongAtMost >= 2) bound = Math.max(bound, 0.94);
    const rare = opts.rare;
    if (rare && rare.size > 0 && !(qs.unmatchedNamed && es.unmatchedNamed) && q.some((t, i) => rare.has(t.key) && b.q[i]! >= AGREE_FULL))
      bound = Math.max(bound, RARE_PART_BASE + RARE_PART_SPAN);
  }
  return clamp01(bound);
}

interface RuleInput {
  q: NameToken[];
  e: NameToken[];
  qAgr: number[];
  eAgr: number[];
  al: Alignment;
  qCov: number;
  eCov: number;
  unQ: number;
  unE: number;
}

/**
 * Individuals (README "Scoring"):
 * - fewer than two strong agreements (a title, kunya, patronymic or initial counts half) → at
 *   most 0.70, unless both names are fully covered (a kunya and a family name, both agreeing;
 *   Inayat Rahman = Inayat-ur-Rahman);
 * - the first given names of both disagree, or their kunyas, or their patronymics → at most 0.75
 *   (brothers and sisters share the rest);
 * - only frequent names agree (less than three of them) and a name has more → at most 0.78;
 * - one name contained in the other (a part of the listed name, a short alias inside a full
 *   name): at least Review when the shared tokens identify somebody, at most 0.78 otherwise.
 */
function individualRules(total: number, r: RuleInput): number {
  const { q, e, qAgr, eAgr, al } = r;
  let strong = 0;
  let agreedWeight = 0;
  let rare = 0;
  for (let i = 0; i < q.length; i++) {
    const t = q[i]!;
    if (!informative(t) || qAgr[i]! < STRONG) continue;
    const o = e[al.q2e[i]!]!;
    // a query token merged with its neighbour into one entry token counts once
    if (i > 0 && al.q2e[i - 1] === al.q2e[i] && qAgr[i - 1]! >= STRONG) continue;
    const full = main(t) && main(o);
    strong += full ? 1 : 0.5;
    if (main(t)) agreedWeight += t.weight * qAgr[i]!;
    if (full && !t.common && !o.common) rare++;
  }
  const qMain = q.filter(main).length;
  const eMain = e.filter(main).length;
  const fully = r.qCov >= 0.9 && r.eCov >= 0.9;
  if (strong < 2 && (qMain >= 2 || eMain >= 2) && !fully) total = Math.min(total, 0.7);
  // only frequent names agree and something is left over (Mohamed Hassan / Mohammad Hassan
  // Akhund, Luis Lopez / Luis Alberto Rodriguez Lopez): a namesake is likelier than the person
  const leftOver = (toks: NameToken[], agr: number[]) => toks.some((t, i) => informative(t) && !t.initial && agr[i] === 0);
  if (rare === 0 && agreedWeight < 1.7 && (leftOver(q, qAgr) || leftOver(e, eAgr))) total = Math.min(total, 0.78);

  const qFirst = q.findIndex(main);
  const eFirst = e.findIndex(main);
  if (qMain >= 2 && eMain >= 2 && qFirst >= 0 && eFirst >= 0 && qAgr[qFirst] === 0 && eAgr[eFirst] === 0) total = Math.min(total, 0.75);
  // two different kunyas (Abu Talha al-Almani / Abu Luqmaan al-Almani) or patronymics (Sergei
  // Nikolayevich / Sergey Vasilyevich) name two people
  const left = (toks: NameToken[], agr: number[], re: RegExp) => toks.some((t, i) => t.weak && re.test(t.key) && agr[i] === 0);
  for (const re of [/^abu/, PATRONYMIC_RE]) if (left(q, qAgr, re) && left(e, eAgr, re)) total = Math.min(total, 0.75);

  // containment: all main tokens of one side agree, the other side has main tokens left over
  const qLeft = r.unQ > 0;
  const eLeft = r.unE > 0;
  if (qLeft === eLeft || strong < 2) return total;
  const queryInside = eLeft; // the query is a part of the entry's name (else the entry's name is a part of the query)
  const informativeEnough = (agreedWeight >= 1.5 && rare >= 1) || agreedWeight >= 1.7;
  // the shorter name skips the longer one's own given name and matches its father's chain: a
  // relative ("Saddam Hussein al-Tikriti" inside "Rana Saddam Hussein al-Tikriti"), or a short
  // alias naming the father ("Hassan al-Tikriti" inside "Watban Ibrahim Hassan al-Tikriti").
  // Only a leading Muhammad is often left out of a person's own name.
  // A listed alias inside a longer query may miss one extra given name (Erick Kwok-wai Tsang /
  // Kwok-wai Tsang, Ali Asghar Hejazi / Asghar Hejazi), not two, and then
  const [long, longAgr, longMain] = queryInside ? [e, eAgr, eMain] : [q, qAgr, qMain];
  let skipped = 0;
  for (let i = 0; i < long.length && skipped < 2; i++) {
    if (!main(long[i]!)) continue;
    if (longAgr[i]! > 0) break;
    if (long[i]!.key !== 'muhammad') skipped++;
  }
  // in the same order (not "Ali Jafari" inside "Abd al-Rahman Jaffir Ali")
  const order = q.map((t, i) => (main(t) && qAgr[i]! > 0 ? al.q2e[i]! : -1)).filter((j) => j >= 0);
  const ordered = order.every((j, k) => k === 0 || j >= order[k - 1]!);
  const relative = longMain >= 3 && (queryInside ? skipped >= 1 : skipped >= 2 || (skipped === 1 && !ordered));
  if (!informativeEnough || relative) return Math.min(total, 0.78);
  const coverOfLonger = queryInside ? r.eCov : r.qCov;
  const contained = 0.8 + 0.1 * coverOfLonger + 0.04 * Math.min(1, Math.max(0, agreedWeight - 1.6) / 1.4);
  return Math.max(total, Math.min(contained, 0.94));
}

/** Rare-name-part scores: from Review, never AutoMatch (one name part is a lead, not an identification). */
const RARE_PART_BASE = 0.8;
const RARE_PART_SPAN = 0.04;
/** a kunya (abu-X): the one title that is a name part of its own */
const kunya = (t: NameToken) => t.weak && t.key.startsWith('abu');

/**
 * A rare name part (README "Scoring"): one name is a single name part (with titles or a kunya
 * beside it, or a kunya alone) that agrees fully with a part of the other name, the other name
 * has nothing that contradicts it (no name part left on both sides), and few listed people bear
 * that part (`rare`, counted in the searched lists). "Zulkarnain" for USTAD DAUD ZULKARNAEN,
 * "Naseruddin" for NASIRUDDIN HAQQANI, a listed "RAHMAN, Inayat-ur-" inside "JAMIL, Inayat
 * al-Rahman". The score is 0.80 + 0.04 × coverage of the longer name: Review, below any match of
 * two or more agreeing parts. Frequent names never count as rare (keys.ts rarityEligible).
 */
function rareNamePartFloor(r: RuleInput, rare: ReadonlySet<string> | null | undefined): number | null {
  if (!rare || rare.size === 0) return null;
  const { q, e, qAgr, eAgr, al } = r;
  const named = (t: NameToken) => informative(t) && !t.initial;
  const leftOver = (toks: NameToken[], agr: number[]) => toks.some((t, i) => named(t) && agr[i] === 0);
  const qLeft = leftOver(q, qAgr);
  const eLeft = leftOver(e, eAgr);
  if (qLeft && eLeft) return null;
  // the contained name: one name part (a kunya counts as one when it stands alone), the rest titles
  const [short, shortAgr, long] = qLeft ? [e, eAgr, q] : [q, qAgr, e];
  const parts = short.filter((t) => main(t));
  // a kunya alone only stands for a kunya alone (Abu Obaidah = Abu Obaida; not Abu Luqman for
  // Abu Luqmaan al-Almani: the nisba tells two Abu Luqmans apart)
  const lone = parts.length === 0 && short.filter(named).length === 1 && long.filter(named).length === 1 ? short.find(kunya) : undefined;
  const single = parts.length === 1 ? parts[0]! : (lone ?? null);
  if (!single || shortAgr[short.indexOf(single)]! < 1) return null;
  // the query's side of that pair must be the rare part, paired with a name part of the other name
  const qi = qLeft ? al.e2q[e.indexOf(single)]! : q.indexOf(single);
  const qt = qi >= 0 ? q[qi]! : null;
  const et = qi >= 0 ? e[al.q2e[qi]!] : undefined;
  if (!qt || !et || !rare.has(qt.key) || !rarityEligible(qt) || qAgr[qi]! < 1 || !(main(et) || kunya(et))) return null;
  // in the longer name, the part is its own given name or its family name, not a middle name of
  // the father's chain (Khairullah is the father of SAJIDA KHAYRALLAH TILFAH)
  const longParts = long.filter((t) => main(t));
  if (longParts.length >= 3 && longParts[0]!.key === 'muhammad') longParts.shift(); // a leading Muhammad is often left out
  const partner = qLeft ? qt : et;
  if (longParts.length >= 3 && partner !== longParts[0] && partner !== longParts[longParts.length - 1]) return null;
  return RARE_PART_BASE + RARE_PART_SPAN * (qLeft ? r.qCov : r.eCov);
}
