/**
 * Screening service: candidate search in PostgreSQL, exact scoring in TypeScript.
 * `db` is anything with `query(sql, params)` (a pg Pool/Client, or a tenant transaction
 * adapter), so it can run inside the caller's RLS-scoped transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  findCandidateIds,
  findCandidateIdsMany,
  findLooseCandidateIds,
  findLooseCandidateIdsMany,
  findRareNameParts,
  findRareNamePartsMany,
  loadEntries,
  type CandidateOptions,
  type EntryRow,
} from './candidates';
import type { MatchDto, ScreeningSearchRequest, ScreeningSearchResponse } from './schemas';
import { prepareQuery, scoreEntryAtLeast, type PreparedQuery, type ScoreResult, type ScreeningInput, type WatchlistSource } from './score';
import { loadTenantThresholds, resolveThresholds, type Queryable, type ScreeningThresholds } from './thresholds';

export interface ScreenNameArgs {
  db: Queryable;
  /** the tenant screening; its Custom list and the shared lists are searched */
  tenantId: string;
  input: ScreeningSearchRequest | (ScreeningInput & { sources?: WatchlistSource[]; threshold?: number });
  /** defaults to the tenant's `screeningConfig` merged on DEFAULT_THRESHOLDS */
  thresholds?: Partial<ScreeningThresholds>;
  /** for the clock in createdAt/updatedAt (tests) */
  now?: Date;
  /** if given, receives the candidate entry ids (benchmark / diagnostics) */
  candidateIds?: string[];
}

export interface ScoredCandidate {
  entry: EntryRow;
  result: ScoreResult;
}

function fmtTimestamp(d: Date): string {
  return d.toISOString().replace('T', ' ').replace('Z', '');
}

export function toMatchDto(c: ScoredCandidate, now: Date): MatchDto {
  const { entry, result } = c;
  const ts = fmtTimestamp(now);
  return {
    id: randomUUID(),
    createdAt: ts,
    updatedAt: ts,
    deprecatedAt: null,
    criteria: result.criteria,
    name: entry.nameEn || result.matchedName,
    percentage: result.percentage,
    riskScore: result.riskScore,
    status: 'Unreviewed',
    reasons: result.reasons,
    comment: null,
    indicatorSummaries: [],
    matchingScore: result.matchingScore,
    matchedAlias: result.matchedAlias,
    recommendation: result.recommendation,
    signals: result.signals,
    caseId: null,
    sigmaId: null,
    gender: entry.gender ?? null,
    watchlistSource: entry.source as WatchlistSource,
    watchlistEntry: {
      id: entry.id,
      externalId: entry.externalId,
      source: entry.source as WatchlistSource,
      names: entry.names as MatchDto['watchlistEntry']['names'],
    },
  };
}

const byScore = (a: ScoredCandidate, b: ScoredCandidate) =>
  b.result.matchingScore - a.result.matchingScore || b.result.riskScore - a.result.riskScore || a.entry.id.localeCompare(b.entry.id);

/**
 * Scores given entries for a query and keeps those at or above `minScore` (or matching an
 * identity number), best first. Used by screenName and, later, by ongoing monitoring
 * (re-screening an import's change set against stored entities).
 */
export function scoreEntries(
  query: ScreeningInput | PreparedQuery,
  entries: EntryRow[],
  thresholds: ScreeningThresholds,
  minScore = thresholds.review,
): ScoredCandidate[] {
  const q = prepareQuery(query);
  const out: ScoredCandidate[] = [];
  for (const entry of entries) {
    // null: provably below minScore without an identity match (most candidates), not scored in full
    const result = scoreEntryAtLeast(q, entry, thresholds, minScore);
    if (result && (result.signals.identity.matched || result.matchingScore >= minScore)) out.push({ entry, result });
  }
  out.sort(byScore);
  return out;
}

function searchOf(input: ScreenNameArgs['input'], tenantId: string, thresholds: ScreeningThresholds) {
  const minScore = typeof input.threshold === 'number' ? input.threshold / 100 : thresholds.review;
  const q = prepareQuery(input as ScreeningInput);
  const opts: CandidateOptions = {
    tenantId,
    sources: (input.sources ?? null) as WatchlistSource[] | null,
    type: (input.type ?? null) as 'Individual' | 'Organization' | null,
    limit: thresholds.maxCandidates,
  };
  return { minScore, q, opts };
}

const withRare = (q: PreparedQuery, rare: Set<string>): PreparedQuery => (rare.size > 0 ? { ...q, rare } : q);

const reachesReview = (scored: ScoredCandidate[], thresholds: ScreeningThresholds) =>
  scored.some((c) => c.result.matchingScore >= thresholds.review || c.result.signals.identity.matched);

/** The matches a search returns: at or above its threshold (or an identity match), best first, at most maxResults. */
function results(scored: ScoredCandidate[], minScore: number, thresholds: ScreeningThresholds, now: Date): MatchDto[] {
  return scored
    .filter((c) => c.result.signals.identity.matched || c.result.matchingScore >= minScore)
    .slice(0, thresholds.maxResults)
    .map((c) => toMatchDto(c, now));
}

/** `POST /screening/search`: nothing is stored. */
export async function screenName(args: ScreenNameArgs): Promise<ScreeningSearchResponse> {
  const started = performance.now();
  const base = await loadTenantThresholds(args.db, args.tenantId);
  const thresholds = resolveThresholds(args.thresholds ?? undefined, base);
  const search = searchOf(args.input, args.tenantId, thresholds);
  const { minScore, opts } = search;
  // name parts few listed people bear: candidates through them, and the rare-name-part rule
  const q = withRare(search.q, await findRareNameParts(args.db, search.q, opts));
  const ids = await findCandidateIds(args.db, q, opts);
  let scored = scoreEntries(q, await loadEntries(args.db, ids), thresholds, Math.min(minScore, thresholds.review));
  // Nothing reached the review threshold: widen the net to loose-code keys (spelling variants
  // the blocking codes keep apart). Only these queries pay for the second lookup. (Widening it
  // per list, for the lists without a match, cost a full posting-list scan on every matched
  // query at a million entries — the source is no part of the key — for two more UN aliases.)
  if (!reachesReview(scored, thresholds)) {
    const more = await findLooseCandidateIds(args.db, q, opts, ids);
    if (more.length > 0) {
      ids.push(...more);
      scored = [...scored, ...scoreEntries(q, await loadEntries(args.db, more), thresholds, Math.min(minScore, thresholds.review))];
      scored.sort(byScore);
    }
  }
  if (args.candidateIds) args.candidateIds.push(...ids);
  return {
    meta: { tookMs: Math.round(performance.now() - started), candidates: ids.length },
    data: results(scored, minScore, thresholds, args.now ?? new Date()),
  };
}

/**
 * screenName for many queries of one tenant at once (bulk onboarding screens a chunk of clients
 * this way): the rare name parts and the candidates of every query are looked up in a few set-based
 * statements (findRareNamePartsMany; findCandidateIdsMany: identity numbers, primary keys, fallback
 * keys; then the loose keys of the queries with nothing at the review threshold), the entries are
 * loaded once for the whole set, and each query is scored in process by the same scorer with the
 * same thresholds. The matches of each query are the ones screenName returns for it (tested in
 * screen-many.db.test.ts); only the Match ids and `meta.tookMs` (the time of the whole set) differ.
 */
export async function screenMany(
  args: Omit<ScreenNameArgs, 'input' | 'candidateIds'> & { inputs: ScreenNameArgs['input'][] },
): Promise<ScreeningSearchResponse[]> {
  const started = performance.now();
  if (args.inputs.length === 0) return [];
  const base = await loadTenantThresholds(args.db, args.tenantId);
  const thresholds = resolveThresholds(args.thresholds ?? undefined, base);
  const searches = args.inputs.map((input) => searchOf(input, args.tenantId, thresholds));
  const rare = await findRareNamePartsMany(args.db, searches);
  searches.forEach((s, i) => (s.q = withRare(s.q, rare[i]!)));
  const ids = await findCandidateIdsMany(args.db, searches);
  const entries = new Map<string, EntryRow>();
  const load = async (wanted: string[]) => {
    const missing = [...new Set(wanted)].filter((id) => !entries.has(id));
    for (const e of await loadEntries(args.db, missing)) entries.set(e.id, e);
  };
  const entriesOf = (list: string[]) => list.map((id) => entries.get(id)).filter((e): e is EntryRow => !!e);
  await load(ids.flat());
  const scored = searches.map((s, i) => scoreEntries(s.q, entriesOf(ids[i]!), thresholds, Math.min(s.minScore, thresholds.review)));
  // As screenName: only the queries with nothing at the review threshold pay for the loose keys.
  const widen = searches.flatMap((s, i) => (reachesReview(scored[i]!, thresholds) ? [] : [i]));
  if (widen.length > 0) {
    const more = await findLooseCandidateIdsMany(
      args.db,
      widen.map((i) => ({ q: searches[i]!.q, opts: searches[i]!.opts, exclude: ids[i]! })),
    );
    await load(more.flat());
    widen.forEach((i, k) => {
      const extra = more[k]!;
      if (extra.length === 0) return;
      ids[i]!.push(...extra);
      const s = searches[i]!;
      scored[i] = [...scored[i]!, ...scoreEntries(s.q, entriesOf(extra), thresholds, Math.min(s.minScore, thresholds.review))];
      scored[i]!.sort(byScore);
    });
  }
  const now = args.now ?? new Date();
  const tookMs = Math.round(performance.now() - started);
  return searches.map((s, i) => ({ meta: { tookMs, candidates: ids[i]!.length }, data: results(scored[i]!, s.minScore, thresholds, now) }));
}
