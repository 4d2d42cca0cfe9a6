/**
 * Pure scoring: a screening query and one watchlist entry → the spec's `Match.signals`,
 * percentage, riskScore, reasons, matchedAlias and recommendation. No I/O.
 * The formula is documented in README.md ("Scoring").
 */
import { parseDob, gregorianToHijri, hijriToGregorian, hijriYearToGregorian, type PartialDate } from './dates';
import { compareNamesDetailed, compareNamesUpperBound } from './name-score';
import { normalizeName, type NormalizedName } from './normalize';
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
  /**
   * Keys of the query's name parts that few listed people bear (set by screenName from the
   * searched lists, candidates.ts findRareNameParts); without it no rare-name-part rule applies.
   */
  rare?: ReadonlySet<string> | null;
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
      .map((i) => ({
        type: i.type ?? null,
        number: normalizeIdNumber(i.number),
        raw: i.number,
        issuingCountryCode: i.issuingCountryCode?.toUpperCase() ?? null,
      }))
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
export { compareNames } from './name-score';

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

/**
 * Each side's dates of birth in the Gregorian calendar (Hijri ones converted), once per entry row and
 * per prepared query: delta monitoring compares one entry with thousands of clients and one client
 * with many entries, and a Hijri conversion costs a dozen calendar calls.
 */
const entryDobMemo = new WeakMap<ScreenableEntry, { hijri: PartialDate | null; eGreg: PartialDate[] }>();
function entryDobsOf(e: ScreenableEntry): { hijri: PartialDate | null; eGreg: PartialDate[] } {
  let memo = entryDobMemo.get(e);
  if (!memo) {
    const { greg, hijri } = entryDobs(e);
    const eGreg = [...greg];
    if (hijri) {
      if (hijri.month !== undefined && hijri.day !== undefined) {
        const g = hijriToGregorian({ year: hijri.year, month: hijri.month, day: hijri.day });
        if (g) eGreg.push(g);
      } else eGreg.push({ year: hijriYearToGregorian(hijri.year) });
    }
    entryDobMemo.set(e, (memo = { hijri, eGreg }));
  }
  return memo;
}
const queryDobMemo = new WeakMap<PreparedQuery, PartialDate[]>();
function queryDobsOf(q: PreparedQuery): PartialDate[] {
  let qGreg = queryDobMemo.get(q);
  if (!qGreg) {
    qGreg = [];
    if (q.dob) qGreg.push(q.dob);
    if (q.dobHijri) {
      const h = q.dobHijri;
      if (h.month !== undefined && h.day !== undefined) {
        const g = hijriToGregorian({ year: h.year, month: h.month, day: h.day });
        if (g) qGreg.push(g);
      } else qGreg.push({ year: hijriYearToGregorian(h.year) });
    }
    queryDobMemo.set(q, qGreg);
  }
  return qGreg;
}

/** DOB signal: exact 1, year-only 0.8, same year other day 0.3, ±1 year 0.2, else 0. */
export function dobSignal(q: PreparedQuery, e: ScreenableEntry): ScoreSignal {
  const { hijri, eGreg } = entryDobsOf(e);
  const qGreg = queryDobsOf(q);
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

/** The signals besides the name: date of birth, gender, nationality, identity. They do not depend on the name. */
interface SecondarySignals {
  dob: ScoreSignal;
  gender: ScoreSignal;
  nationality: ScoreSignal;
  identity: IdentitySignal & { conflict: boolean };
}

function secondarySignals(q: PreparedQuery, e: ScreenableEntry): SecondarySignals {
  return { dob: dobSignal(q, e), gender: genderSignal(q, e), nationality: nationalitySignal(q, e), identity: identitySignal(q, e) };
}

/** The name score `nameScore` with what the secondary identifiers add to it (scoreEntry), and their reasons. */
function withSecondary(nameScore: number, sec: SecondarySignals, reasons?: string[]): number {
  const { dob, nationality, gender, identity } = sec;
  let s = nameScore;
  if (!dob.neglectScore) {
    if (dob.score >= 1) ((s += 0.05), reasons?.push('Dob'));
    else if (dob.score >= 0.8) ((s += 0.02), reasons?.push('DobYear'));
    else if (dob.score >= 0.2) s -= 0.05;
    else ((s -= 0.2), reasons?.push('DobMismatch'));
  }
  if (!nationality.neglectScore) {
    if (nationality.score === 1) ((s += 0.03), reasons?.push('Nationality'));
    else ((s -= 0.05), reasons?.push('NationalityMismatch'));
  }
  if (!gender.neglectScore) {
    if (gender.score === 1) reasons?.push('Gender');
    else ((s -= 0.1), reasons?.push('GenderMismatch'));
  }
  if (identity.conflict) ((s -= 0.2), reasons?.push('IdentityConflict'));
  return s;
}

const isPrepared = (entry: ScreenableEntry | PreparedEntry): entry is PreparedEntry => 'entry' in entry && 'names' in entry && !('externalId' in entry);

function toPreparedEntry(entry: ScreenableEntry | PreparedEntry): PreparedEntry {
  return isPrepared(entry) ? entry : prepareEntry(entry);
}

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
  const pe = toPreparedEntry(entry);
  return scorePrepared(q, pe, thresholds, secondarySignals(q, pe.entry));
}

/**
 * Margin of the bound below: a name score is rounded to 4 decimals after the formula and the
 * matching score again after the secondary identifiers, so either may exceed the bound by 0.00005.
 */
const BOUND_MARGIN = 0.001;

/**
 * scoreEntry, or null when the entry provably scores below `minScore` and matches no identity
 * number: the best name score is bounded without aligning the names (compareNamesUpperBound), the
 * secondary identifiers are exact. Whatever it returns is what scoreEntry returns; a null stands
 * for a result that scoreEntries would drop.
 */
export function scoreEntryAtLeast(
  query: ScreeningInput | PreparedQuery,
  entry: ScreenableEntry | PreparedEntry,
  thresholds: ScreeningThresholds,
  minScore: number,
): ScoreResult | null {
  const q = prepareQuery(query);
  const sec = secondarySignals(q, isPrepared(entry) ? entry.entry : entry);
  const needed = minScore - withSecondary(0, sec) - BOUND_MARGIN;
  // a name scores at most 1: with a conflicting date of birth and another nationality (−0.25), no
  // name reaches Review, and the entry's names need not even be read
  if (!sec.identity.matched && needed > 1) return null;
  const pe = toPreparedEntry(entry);
  if (!sec.identity.matched) {
    const type: EntityType = pe.entry.type === 'Organization' ? 'Organization' : q.type;
    let reachable = false;
    for (const qn of q.names) {
      for (const en of pe.names) if (compareNamesUpperBound(qn, en.norm, type, { rare: q.rare }) >= needed) reachable = true;
      if (reachable) break;
    }
    if (!reachable) return null;
  }
  return scorePrepared(q, pe, thresholds, sec);
}

function scorePrepared(q: PreparedQuery, pe: PreparedEntry, thresholds: ScreeningThresholds, sec: SecondarySignals): ScoreResult {
  const e = pe.entry;
  const type: EntityType = e.type === 'Organization' ? 'Organization' : q.type;

  let bestName: NameSignals = { familyJW: 0, firstNameJW: 0, givenTokenScore: 0, fullJW: 0, phoneticScore: 0, exactNormalized: false, totalScore: 0 };
  let bestEntryName: WatchlistName | null = pe.names[0]?.name ?? null;
  let rareNamePart = false;
  for (const qn of q.names) {
    for (const en of pe.names) {
      const c = compareNamesDetailed(qn, en.norm, type, { rare: q.rare });
      const s = c.signals;
      const better =
        s.totalScore > bestName.totalScore ||
        (s.totalScore === bestName.totalScore && bestEntryName?.kind === 'Alias' && en.name.kind === 'Primary' && s.totalScore > 0);
      if (better) {
        bestName = s;
        bestEntryName = en.name;
        rareNamePart = c.rareNamePart;
      }
    }
  }

  const { dob, gender, nationality, identity: idSig } = sec;
  const location: ScoreSignal = { score: 0, neglectScore: true };

  const reasons: string[] = [];
  if (bestName.totalScore >= thresholds.review) reasons.push('Name');
  // the name score rests on one name part few listed people bear (README "a rare name part")
  if (rareNamePart && bestName.totalScore >= thresholds.review) reasons.push('RareNamePart');
  const s = withSecondary(bestName.totalScore, sec, reasons);
  if (idSig.matched) reasons.unshift('Identity');
  const matchingScore = idSig.matched ? 1 : r4(clamp01(s));
  const percentage = Math.round(matchingScore * 100);
  const recommendation: Recommendation =
    idSig.matched || matchingScore >= thresholds.autoMatch ? 'AutoMatch' : matchingScore >= thresholds.review ? 'Review' : 'NoMatch';
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
