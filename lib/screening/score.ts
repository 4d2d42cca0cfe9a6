/**
 * Pure scoring: a screening query and one watchlist entry → the spec's `Match.signals`,
 * percentage, riskScore, reasons, matchedAlias and recommendation. No I/O.
 * The formula is documented in README.md ("Scoring").
 */
import { parseDob, gregorianToHijri, hijriToGregorian, hijriYearToGregorian, type PartialDate } from './dates';
import { align, type Alignment } from './align';
import { jaroWinkler } from './jaro-winkler';
import { PATRONYMIC_RE } from './name-words';
import { normalizeName, type NameToken, type NormalizedName } from './normalize';
import { DEFAULT_THRESHOLDS, type ScreeningThresholds } from './thresholds';

export type EntityType = 'Individual' | 'Organization';
export type WatchlistSource = 'ListSourceA' | 'ListSourceB' | 'Custom';
export type Recommendation = 'AutoMatch' | 'Review' | 'NoMatch';

export interface IdentityInput {
  type?: string | null;
  number: string;
  issuingCountryCode?: string | null;
}

export interface ScreeningInput {
  name: string;
  nameAr?: string | null;
  type?: EntityType | null;
  /** YYYY-MM-DD or YYYY (Gregorian) */
  dob?: string | null;
  /** YYYY-MM-DD Hijri (Umm al-Qura) */
  dobHijri?: string | null;
  gender?: string | null;
  nationalityCode?: string | null;
  identities?: IdentityInput[] | null;
}

export interface WatchlistName {
  value: string;
  kind: 'Primary' | 'Alias';
  /** UN list alias quality ("Good", "Low") if known */
  quality?: string | null;
}

/** What the scorer needs of a watchlist entry (a subset of the WatchlistEntry row). */
export interface ScreenableEntry {
  id: string;
  externalId: string;
  source: WatchlistSource | string;
  type: EntityType | string;
  names: WatchlistName[];
  /** Gregorian dates of birth, YYYY-MM-DD or YYYY (several for UN entries) */
  dobs?: string[] | null;
  dob?: string | null;
  dobHijri?: string | null;
  gender?: string | null;
  nationalityCode?: string | null;
  nationalityCodes?: string[] | null;
  identities?: IdentityInput[] | null;
}

export interface NameSignals {
  familyJW: number;
  firstNameJW: number;
  givenTokenScore: number;
  fullJW: number;
  phoneticScore: number;
  exactNormalized: boolean;
  totalScore: number;
}

export interface ScoreSignal {
  score: number;
  neglectScore: boolean;
}

export interface IdentitySignal {
  matched: boolean;
  number: string | null;
  label: string | null;
}

export interface MatchSignals {
  name: NameSignals;
  dob: ScoreSignal;
  gender: ScoreSignal;
  nationality: ScoreSignal;
  location: ScoreSignal;
  identity: IdentitySignal;
}

export interface ScoreResult {
  /** 0..1 after secondary identifiers */
  matchingScore: number;
  percentage: number;
  riskScore: number;
  recommendation: Recommendation;
  criteria: 'Identity' | 'Name';
  reasons: string[];
  /** the entry name that scored best */
  matchedName: string;
  /** that name if it is an alias, else null */
  matchedAlias: string | null;
  signals: MatchSignals;
}

export interface PreparedQuery {
  readonly __prepared: true;
  input: ScreeningInput;
  type: EntityType;
  names: NormalizedName[];
  dob: PartialDate | null;
  dobHijri: PartialDate | null;
  identities: { type: string | null; number: string; raw: string; issuingCountryCode: string | null }[];
}

export interface PreparedEntry {
  entry: ScreenableEntry;
  names: { name: WatchlistName; norm: NormalizedName }[];
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

export function normalizeIdNumber(n: string): string {
  return String(n)
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

export function prepareQuery(input: ScreeningInput | PreparedQuery): PreparedQuery {
  if ((input as PreparedQuery).__prepared) return input as PreparedQuery;
  const q = input as ScreeningInput;
  const type: EntityType = q.type === 'Organization' ? 'Organization' : 'Individual';
  const names = [q.name, q.nameAr].filter((v): v is string => !!v && v.trim().length > 0).map((v) => normalizeName(v, type));
  return {
    __prepared: true,
    input: q,
    type,
    names,
    dob: parseDob(q.dob),
    dobHijri: parseDob(q.dobHijri),
    identities: (q.identities ?? [])
      .filter((i) => i && i.number)
      .map((i) => ({ type: i.type ?? null, number: normalizeIdNumber(i.number), raw: i.number, issuingCountryCode: i.issuingCountryCode?.toUpperCase() ?? null }))
      .filter((i) => i.number.length > 0),
  };
}

const entryCache = new WeakMap<ScreenableEntry, PreparedEntry>();

/**
 * Normalized entry names, memoized across queries (entries are re-read for every query; most of
 * a query's CPU time was re-normalizing the same names). Bounded; oldest inserted evicted first.
 * NormalizedName objects are never mutated by the scorer, so sharing them is safe.
 */
const NAME_CACHE_SIZE = 200_000;
const nameCache = new Map<string, NormalizedName>();
function normalizeCached(value: string, type: EntityType): NormalizedName {
  const k = type[0] + value;
  let n = nameCache.get(k);
  if (!n) {
    n = normalizeName(value, type);
    if (nameCache.size >= NAME_CACHE_SIZE) nameCache.delete(nameCache.keys().next().value!);
    nameCache.set(k, n);
  }
  return n;
}

export function prepareEntry(entry: ScreenableEntry): PreparedEntry {
  const cached = entryCache.get(entry);
  if (cached) return cached;
  const type: EntityType = entry.type === 'Organization' ? 'Organization' : 'Individual';
  const p: PreparedEntry = {
    entry,
    names: entry.names.filter((n) => n.value && n.value.trim()).map((n) => ({ name: n, norm: normalizeCached(n.value, type) })),
  };
  entryCache.set(entry, p);
  return p;
}

// ---------------------------------------------------------------- names

export { tokenSimilarity } from './align';

/** Similarity → agreement: ≥ 0.95 full, linear down to 0 at 0.80. */
const AGREE_FULL = 0.93;
const STRONG = 0.5;
function agreement(s: number): number {
  if (s >= AGREE_FULL) return 1;
  if (s <= 0.8) return 0;
  return (s - 0.8) / (AGREE_FULL - 0.8);
}

const sortedKey = (t: NameToken[]) => t.map((x) => x.key).sort().join(' ');
const informative = (t: NameToken) => !t.legal && !t.generic;
/** a token that names the person (not a title, kunya, patronymic or initial) */
const main = (t: NameToken) => informative(t) && !t.weak && !t.initial;

/** Name signals for one query name against one entry name. */
export function compareNames(qn: NormalizedName, en: NormalizedName, type: EntityType = 'Individual'): NameSignals {
  const q = qn.tokens;
  const e = en.tokens;
  const zero: NameSignals = { familyJW: 0, firstNameJW: 0, givenTokenScore: 0, fullJW: 0, phoneticScore: 0, exactNormalized: false, totalScore: 0 };
  const qInf = q.filter(informative);
  const eInf = e.filter(informative);
  if (qInf.length === 0 || eInf.length === 0) return zero;

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

  let total = 0.55 * givenTokenScore + 0.15 * familyJW + 0.1 * firstNameJW + 0.1 * fullJW + 0.1 * phoneticScore - conflictPenalty;

  if (type === 'Individual') {
    total = individualRules(total, { q, e, qAgr, eAgr, al, qCov: qs.cov, eCov: es.cov, unQ, unE });
    if (exactNormalized) total = 1;
    // one name against one name (mononyms, a lone alias): only the same name is a match
    if (qInf.length === 1 && eInf.length === 1 && !exactNormalized && qAgr[q.indexOf(qInf[0]!)]! < 1) total = Math.min(total, 0.78);
    // a lone common given name or kunya identifies nobody, even when the list has it as an alias
    if (qInf.length === 1 && eInf.length === 1 && (qInf[0]!.common || qInf[0]!.weak)) total = Math.min(total, 0.75);
  } else {
    let informativeAgreement = 0;
    for (let i = 0; i < q.length; i++) if (al.q2e[i]! >= 0 && informative(q[i]!) && informative(e[al.q2e[i]!]!) && qAgr[i]! >= 0.5) informativeAgreement += qAgr[i]!;
    if (informativeAgreement === 0) total = Math.min(total, 0.5);
    if (exactNormalized) total = 1;
  }

  return {
    familyJW: r4(familyJW),
    firstNameJW: r4(firstNameJW),
    givenTokenScore: r4(givenTokenScore),
    fullJW: r4(fullJW),
    phoneticScore: r4(phoneticScore),
    exactNormalized,
    totalScore: r4(clamp01(total)),
  };
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

// ---------------------------------------------------------------- secondary identifiers

function entryDobs(e: ScreenableEntry): { greg: PartialDate[]; hijri: PartialDate | null } {
  const greg: PartialDate[] = [];
  for (const d of [...(e.dobs ?? []), e.dob ?? null]) {
    const p = parseDob(d);
    if (p && !greg.some((g) => g.year === p.year && g.month === p.month && g.day === p.day)) greg.push(p);
  }
  return { greg, hijri: parseDob(e.dobHijri) };
}

function compareDates(a: PartialDate, b: PartialDate): number {
  if (a.year === b.year) {
    if (a.month !== undefined && b.month !== undefined && a.day !== undefined && b.day !== undefined) {
      return a.month === b.month && a.day === b.day ? 1 : 0.3;
    }
    if (a.month !== undefined && b.month !== undefined && a.month !== b.month) return 0.3;
    return 0.8; // year-only on one side
  }
  return Math.abs(a.year - b.year) === 1 ? 0.2 : 0;
}

/** DOB signal: exact 1, year-only 0.8, same year other day 0.3, ±1 year 0.2, else 0. */
export function dobSignal(q: PreparedQuery, e: ScreenableEntry): ScoreSignal {
  const { greg, hijri } = entryDobs(e);
  const qGreg: PartialDate[] = [];
  if (q.dob) qGreg.push(q.dob);
  if (q.dobHijri) {
    const h = q.dobHijri;
    if (h.month !== undefined && h.day !== undefined) {
      const g = hijriToGregorian({ year: h.year, month: h.month, day: h.day });
      if (g) qGreg.push(g);
    } else qGreg.push({ year: hijriYearToGregorian(h.year) });
  }
  const eGreg = [...greg];
  if (hijri) {
    if (hijri.month !== undefined && hijri.day !== undefined) {
      const g = hijriToGregorian({ year: hijri.year, month: hijri.month, day: hijri.day });
      if (g) eGreg.push(g);
    } else eGreg.push({ year: hijriYearToGregorian(hijri.year) });
  }
  if (qGreg.length === 0 || eGreg.length === 0) return { score: 0, neglectScore: true };
  let best = 0;
  for (const a of qGreg) for (const b of eGreg) best = Math.max(best, compareDates(a, b));
  // Hijri on both sides: compare directly too
  if (q.dobHijri && hijri) best = Math.max(best, compareDates(q.dobHijri, hijri));
  // A query Gregorian date against an entry Hijri year (or the reverse) is approximate: ±1 year
  if (best < 0.8 && hijri && hijri.month === undefined && q.dob) {
    if (Math.abs(hijriYearToGregorian(hijri.year) - q.dob.year) <= 1) best = Math.max(best, 0.8);
  }
  return { score: best, neglectScore: false };
}

export function genderSignal(q: PreparedQuery, e: ScreenableEntry): ScoreSignal {
  const a = q.input.gender?.toLowerCase();
  const b = e.gender?.toLowerCase();
  if (!a || !b || a === 'unknown' || b === 'unknown') return { score: 0, neglectScore: true };
  return { score: a === b ? 1 : 0, neglectScore: false };
}

export function nationalitySignal(q: PreparedQuery, e: ScreenableEntry): ScoreSignal {
  const a = q.input.nationalityCode?.toUpperCase();
  const list = [...(e.nationalityCodes ?? []), e.nationalityCode ?? ''].map((c) => c.toUpperCase()).filter(Boolean);
  if (!a || list.length === 0) return { score: 0, neglectScore: true };
  return { score: list.includes(a) ? 1 : 0, neglectScore: false };
}

function identityTypeKey(t: string | null | undefined): string {
  return (t ?? '').toLowerCase().replace(/[^a-z]/g, '');
}

export function identitySignal(q: PreparedQuery, e: ScreenableEntry): IdentitySignal & { conflict: boolean } {
  const ids = e.identities ?? [];
  let conflict = false;
  for (const qi of q.identities) {
    for (const ei of ids) {
      const n = normalizeIdNumber(ei.number);
      if (n.length >= 5 && n === qi.number) {
        return { matched: true, number: ei.number, label: ei.type ?? qi.type ?? 'Identity', conflict: false };
      }
      const sameType = qi.type && ei.type && identityTypeKey(qi.type) === identityTypeKey(ei.type);
      const sameCountry = !qi.issuingCountryCode || !ei.issuingCountryCode || qi.issuingCountryCode === ei.issuingCountryCode.toUpperCase();
      if (sameType && sameCountry && n.length > 0 && n !== qi.number) conflict = true;
    }
  }
  return { matched: false, number: null, label: null, conflict };
}

const SOURCE_WEIGHT: Record<string, number> = { ListSourceA: 1, ListSourceB: 1, Custom: 0.8 };

/**
 * Scores one entry for a query. Pure; `thresholds` only decide the recommendation.
 *
 * matchingScore = best name totalScore over (query names × entry names)
 *   + 0.05 exact DOB | +0.02 year-only DOB | −0.05 DOB one year off | −0.20 DOB conflict
 *   + 0.03 same nationality | −0.05 other nationality
 *   − 0.10 other gender
 *   − 0.20 same identity type with a different number
 * An identity-number match gives AutoMatch and percentage 100.
 */
export function scoreEntry(
  query: ScreeningInput | PreparedQuery,
  entry: ScreenableEntry | PreparedEntry,
  thresholds: ScreeningThresholds = DEFAULT_THRESHOLDS,
): ScoreResult {
  const q = prepareQuery(query);
  const pe = 'entry' in entry && 'names' in entry && !('externalId' in entry) ? (entry as PreparedEntry) : prepareEntry(entry as ScreenableEntry);
  const e = pe.entry;
  const type: EntityType = e.type === 'Organization' ? 'Organization' : q.type;

  let bestName: NameSignals = { familyJW: 0, firstNameJW: 0, givenTokenScore: 0, fullJW: 0, phoneticScore: 0, exactNormalized: false, totalScore: 0 };
  let bestEntryName: WatchlistName | null = pe.names[0]?.name ?? null;
  for (const qn of q.names) {
    for (const en of pe.names) {
      const s = compareNames(qn, en.norm, type);
      const better =
        s.totalScore > bestName.totalScore ||
        (s.totalScore === bestName.totalScore && bestEntryName?.kind === 'Alias' && en.name.kind === 'Primary' && s.totalScore > 0);
      if (better) {
        bestName = s;
        bestEntryName = en.name;
      }
    }
  }

  const dob = dobSignal(q, e);
  const gender = genderSignal(q, e);
  const nationality = nationalitySignal(q, e);
  const location: ScoreSignal = { score: 0, neglectScore: true };
  const idSig = identitySignal(q, e);

  const reasons: string[] = [];
  if (bestName.totalScore >= thresholds.review) reasons.push('Name');
  let s = bestName.totalScore;
  if (!dob.neglectScore) {
    if (dob.score >= 1) (s += 0.05), reasons.push('Dob');
    else if (dob.score >= 0.8) (s += 0.02), reasons.push('DobYear');
    else if (dob.score >= 0.2) s -= 0.05;
    else (s -= 0.2), reasons.push('DobMismatch');
  }
  if (!nationality.neglectScore) {
    if (nationality.score === 1) (s += 0.03), reasons.push('Nationality');
    else (s -= 0.05), reasons.push('NationalityMismatch');
  }
  if (!gender.neglectScore) {
    if (gender.score === 1) reasons.push('Gender');
    else (s -= 0.1), reasons.push('GenderMismatch');
  }
  if (idSig.conflict) (s -= 0.2), reasons.push('IdentityConflict');
  if (idSig.matched) reasons.unshift('Identity');
  const matchingScore = idSig.matched ? 1 : r4(clamp01(s));
  const percentage = Math.round(matchingScore * 100);
  const recommendation: Recommendation = idSig.matched || matchingScore >= thresholds.autoMatch ? 'AutoMatch' : matchingScore >= thresholds.review ? 'Review' : 'NoMatch';
  const riskScore = idSig.matched ? 100 : Math.round(percentage * (SOURCE_WEIGHT[String(e.source)] ?? 1));

  return {
    matchingScore,
    percentage,
    riskScore,
    recommendation,
    criteria: idSig.matched ? 'Identity' : 'Name',
    reasons,
    matchedName: bestEntryName?.value ?? '',
    matchedAlias: bestEntryName && bestEntryName.kind === 'Alias' ? bestEntryName.value : null,
    signals: {
      name: bestName,
      dob,
      gender,
      nationality,
      location,
      identity: { matched: idSig.matched, number: idSig.number, label: idSig.label },
    },
  };
}
