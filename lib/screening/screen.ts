/**
 * Screening service: candidate search in PostgreSQL, exact scoring in TypeScript.
 * `db` is anything with `query(sql, params)` (a pg Pool/Client, or a tenant transaction
 * adapter), so it can run inside the caller's RLS-scoped transaction.
 */
import { randomUUID } from 'node:crypto';
import { findCandidateIds, findLooseCandidateIds, findRareNameParts, loadEntries, type CandidateOptions, type EntryRow } from './candidates';
import type { MatchDto, ScreeningSearchRequest, ScreeningSearchResponse } from './schemas';
import { prepareQuery, scoreEntry, type PreparedQuery, type ScoreResult, type ScreeningInput, type WatchlistSource } from './score';
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
    const result = scoreEntry(q, entry, thresholds);
    if (result.signals.identity.matched || result.matchingScore >= minScore) out.push({ entry, result });
  }
  out.sort(byScore);
  return out;
}

/** `POST /screening/search`: nothing is stored. */
export async function screenName(args: ScreenNameArgs): Promise<ScreeningSearchResponse> {
  const started = performance.now();
  const base = await loadTenantThresholds(args.db, args.tenantId);
  const thresholds = resolveThresholds(args.thresholds ?? undefined, base);
  const input = args.input;
  const minScore = typeof input.threshold === 'number' ? input.threshold / 100 : thresholds.review;
  const prepared = prepareQuery(input as ScreeningInput);
  const opts: CandidateOptions = {
    tenantId: args.tenantId,
    sources: (input.sources ?? null) as WatchlistSource[] | null,
    type: (input.type ?? null) as 'Individual' | 'Organization' | null,
    limit: thresholds.maxCandidates,
  };
  // name parts few listed people bear: candidates through them, and the rare-name-part rule
  const rare = await findRareNameParts(args.db, prepared, opts);
  const q: PreparedQuery = rare.size > 0 ? { ...prepared, rare } : prepared;
  const ids = await findCandidateIds(args.db, q, opts);
  let scored = scoreEntries(q, await loadEntries(args.db, ids), thresholds, Math.min(minScore, thresholds.review));
  // Nothing reached the review threshold: widen the net to loose-code keys (spelling variants
  // the blocking codes keep apart). Only these queries pay for the second lookup. (Widening it
  // per list, for the lists without a match, cost a full posting-list scan on every matched
  // query at a million entries — the source is no part of the key — for two more UN aliases.)
  if (!scored.some((c) => c.result.matchingScore >= thresholds.review || c.result.signals.identity.matched)) {
    const more = await findLooseCandidateIds(args.db, q, opts, ids);
    if (more.length > 0) {
      ids.push(...more);
      scored = [...scored, ...scoreEntries(q, await loadEntries(args.db, more), thresholds, Math.min(minScore, thresholds.review))];
      scored.sort(byScore);
    }
  }
  if (args.candidateIds) args.candidateIds.push(...ids);
  scored = scored.filter((c) => c.result.signals.identity.matched || c.result.matchingScore >= minScore).slice(0, thresholds.maxResults);
  const now = args.now ?? new Date();
  return {
    meta: { tookMs: Math.round(performance.now() - started), candidates: ids.length },
    data: scored.map((c) => toMatchDto(c, now)),
  };
}
