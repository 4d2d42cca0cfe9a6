/**
 * Stored matches and cases in their wire shapes (schemas.ts). Rows are read inside the tenant
 * transaction; the officers they name are resolved afterwards (users.ts), since platform
 * administrators are not rows of the tenant.
 */
import { formatTimestamp } from '@/lib/core/format';
import { sqlOf } from '@/lib/db/sql';
import type { Tx } from '@/lib/db/tenant-tx';
import type { MatchSignals } from '@/lib/screening/score';
import type { StoredMatchOut } from './schemas';
import type { UserOut } from './users';

export interface MatchRow {
  id: string;
  entityId: string;
  caseId: string;
  watchlistEntryId: string;
  source: string;
  status: StoredMatchOut['status'];
  criteria: 'Identity' | 'Name';
  name: string;
  percentage: number;
  riskScore: number;
  reasons: string[];
  matchingScore: number;
  matchedAlias: string | null;
  recommendation: 'AutoMatch' | 'Review' | 'NoMatch';
  signals: MatchSignals;
  gender: string | null;
  comment: string | null;
  proposedStatus: StoredMatchOut['status'] | null;
  proposedByUserId: string | null;
  proposedAt: Date | null;
  decidedByUserId: string | null;
  decidedAt: Date | null;
  reopenedAt: Date | null;
  deprecatedAt: Date | null;
  matchedAt: Date;
  createdAt: Date;
  updatedAt: Date;
  entry: {
    id: string;
    externalId: string;
    source: string;
    names: StoredMatchOut['watchlistEntry']['names'];
    type: string;
    dobs: string[];
    dobHijri: string | null;
    gender: string | null;
    nationalityCodes: string[];
    identities: { type?: string | null; number: string; issuingCountryCode?: string | null }[];
    remarks: string | null;
    isValid: boolean;
    deprecatedAt: string | null;
    updatedAt: string;
  };
}

export interface ReviewRow {
  id: string;
  matchId: string;
  action: StoredMatchOut['reviews'][number]['action'];
  status: StoredMatchOut['status'];
  proposedStatus: StoredMatchOut['status'] | null;
  comment: string | null;
  userId: string | null;
  createdAt: Date;
}

/** SELECT list of a match with its entry (alias m for "Match"), for the readers below. */
export const MATCH_COLUMNS = `m.id, m."entityId", m."caseId", m."watchlistEntryId", m.source, m.status, m.criteria, m.name, m.percentage, m."riskScore",
  m.reasons, m."matchingScore", m."matchedAlias", m.recommendation, m.signals, m.gender, m.comment, m."proposedStatus", m."proposedByUserId",
  m."proposedAt", m."decidedByUserId", m."decidedAt", m."reopenedAt", m."deprecatedAt", m."matchedAt", m."createdAt", m."updatedAt",
  json_build_object('id', w.id, 'externalId', w."externalId", 'source', w.source, 'names', w.names, 'type', w.type, 'dobs', w.dobs,
    'dobHijri', w."dobHijri", 'gender', w.gender, 'nationalityCodes', w."nationalityCodes", 'identities', w.identities, 'remarks', w.remarks,
    'isValid', w."isValid", 'deprecatedAt', crm_timestamp_text(w."deprecatedAt"), 'updatedAt', crm_timestamp_text(w."updatedAt")) AS entry`;

/** Open matches first, strongest first; deprecated ones last. */
export const MATCH_ORDER = `(m."deprecatedAt" IS NOT NULL), m.percentage DESC, m."matchedAt", m.id`;

export async function loadReviews(tx: Tx, tenantId: string, matchIds: string[]): Promise<Map<string, ReviewRow[]>> {
  const out = new Map<string, ReviewRow[]>();
  if (!matchIds.length) return out;
  const { rows } = await sqlOf(tx).query<ReviewRow>(
    `SELECT id, "matchId", action, status, "proposedStatus", comment, "userId", "createdAt"
       FROM "MatchReview" WHERE "tenantId" = $1::uuid AND "matchId" = ANY($2::uuid[]) ORDER BY "createdAt", id`,
    [tenantId, matchIds],
  );
  for (const row of rows) out.set(row.matchId, [...(out.get(row.matchId) ?? []), row]);
  return out;
}

export function matchUserIds(rows: MatchRow[], reviews: Map<string, ReviewRow[]>): string[] {
  return [...rows.flatMap((r) => [r.proposedByUserId, r.decidedByUserId]), ...[...reviews.values()].flatMap((list) => list.map((r) => r.userId))].filter(
    (id): id is string => !!id,
  );
}

export function toStoredMatch(row: MatchRow, users: Map<string, UserOut>, reviews: ReviewRow[] = []): StoredMatchOut {
  const user = (id: string | null) => (id ? (users.get(id) ?? null) : null);
  const e = row.entry;
  return {
    id: row.id,
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
    deprecatedAt: formatTimestamp(row.deprecatedAt),
    criteria: row.criteria,
    name: row.name,
    percentage: row.percentage,
    riskScore: row.riskScore,
    status: row.status,
    reasons: row.reasons,
    comment: row.comment,
    indicatorSummaries: [],
    matchingScore: row.matchingScore,
    matchedAlias: row.matchedAlias,
    recommendation: row.recommendation,
    signals: row.signals,
    caseId: row.caseId,
    sigmaId: null,
    gender: row.gender,
    watchlistSource: row.source as StoredMatchOut['watchlistSource'],
    entityId: row.entityId,
    matchedAt: formatTimestamp(row.matchedAt),
    proposedStatus: row.proposedStatus,
    proposedBy: user(row.proposedByUserId),
    proposedAt: formatTimestamp(row.proposedAt),
    decidedBy: user(row.decidedByUserId),
    decidedAt: formatTimestamp(row.decidedAt),
    reopenedAt: formatTimestamp(row.reopenedAt),
    watchlistEntry: {
      id: e.id,
      externalId: e.externalId,
      source: e.source as StoredMatchOut['watchlistEntry']['source'],
      names: e.names,
      type: e.type,
      dobs: e.dobs ?? [],
      dobHijri: e.dobHijri,
      gender: e.gender,
      nationalityCodes: e.nationalityCodes ?? [],
      identities: (e.identities ?? []).map((i) => ({ type: i.type ?? null, number: i.number, issuingCountryCode: i.issuingCountryCode ?? null })),
      remarks: e.remarks,
      isValid: e.isValid,
      deprecatedAt: e.deprecatedAt,
      updatedAt: e.updatedAt,
    },
    reviews: reviews.map((r) => ({
      id: r.id,
      createdAt: formatTimestamp(r.createdAt),
      action: r.action,
      status: r.status,
      proposedStatus: r.proposedStatus,
      comment: r.comment,
      user: user(r.userId),
    })),
  };
}
