/**
 * Derived state, recomputed in SQL from the matches inside the caller's transaction: a screening
 * case's status and disposition, and an entity's matchCount, caseCount, reviewStatus booleans and
 * screeningStatus. Rows are only written when a value changes, so an unchanged entity does not
 * rewrite its stored document (the EntityDocument triggers fire on every Entity update).
 */
import { prepared, sqlOf, type SqlQueryable } from '@/lib/db/sql';
import type { Tx } from '@/lib/db/tenant-tx';

/**
 * Screening cases: Pending (unreviewed matches, none awaiting approval), InReview (both), PendingApproval
 * (only proposals awaiting approval), Closed (every open match decided, or none left). A closed case
 * that gets an open match again records `reopenedAt`; closing sets the disposition (TruePositive if
 * any match was confirmed, else FalsePositive).
 */
export async function refreshCases(tx: Tx, tenantId: string, caseIds: string[]): Promise<void> {
  if (!caseIds.length) return;
  await sqlOf(tx).query(
    `WITH s AS (
       SELECT c.id,
              count(m.id) FILTER (WHERE m."deprecatedAt" IS NULL AND m.status = 'Unreviewed') AS unreviewed,
              count(m.id) FILTER (WHERE m."deprecatedAt" IS NULL AND m.status = 'PendingApproval') AS pending,
              count(m.id) FILTER (WHERE m."deprecatedAt" IS NULL AND m.status = 'TruePositive') AS tp,
              count(m.id) FILTER (WHERE m."deprecatedAt" IS NULL AND m.status = 'FalsePositive') AS fp
         FROM "Case" c LEFT JOIN "Match" m ON m."caseId" = c.id AND m."tenantId" = c."tenantId"
        WHERE c."tenantId" = $1::uuid AND c.id = ANY($2::uuid[]) AND c.kind = 'Screening'
        GROUP BY c.id),
     n AS (
       SELECT id,
              (CASE WHEN unreviewed > 0 AND pending > 0 THEN 'InReview'
                    WHEN unreviewed > 0 THEN 'Pending'
                    WHEN pending > 0 THEN 'PendingApproval'
                    ELSE 'Closed' END)::"CaseStatus" AS status,
              (CASE WHEN unreviewed = 0 AND pending = 0 THEN
                 CASE WHEN tp > 0 THEN 'TruePositive' WHEN fp > 0 THEN 'FalsePositive' END END)::"CaseDisposition" AS disposition
         FROM s)
     UPDATE "Case" c
        SET status = n.status,
            disposition = n.disposition,
            "closedAt" = CASE WHEN n.status = 'Closed' THEN coalesce(CASE WHEN c.status = 'Closed' THEN c."closedAt" END, now()) END,
            "reopenedAt" = CASE WHEN c.status = 'Closed' AND n.status <> 'Closed' THEN now() ELSE c."reopenedAt" END,
            "updatedAt" = now()
       FROM n
      WHERE c.id = n.id AND c."tenantId" = $1::uuid AND (c.status, c.disposition) IS DISTINCT FROM (n.status, n.disposition)`,
    [tenantId, caseIds],
  );
}

/**
 * An entity's screening summary from its matches and cases:
 * - matchCount: matches whose entry is still listed (any review status);
 * - caseCount: cases not archived (screening and transaction monitoring);
 * - reviewStatus.hasPublicCase / hasLocalCase: a ListSourceA/B (public) or Custom (local) case that is
 *   open or was closed as TruePositive; isUnderReview: any open case; hasNewsMedia stays false (no
 *   adverse-media source);
 * - screeningStatus: Hit (a confirmed, listed match), PendingReview (matches awaiting review or
 *   approval), Clear (screened, nothing open), NotScreened (never screened).
 * `screenedAt` (when given) records a screening that just ran.
 */
export function refreshEntityScreening(tx: Tx, tenantId: string, entityIds: string[], screenedAt?: Date | null): Promise<void> {
  return refreshEntityScreeningSql(sqlOf(tx), tenantId, entityIds, screenedAt);
}

/** The entities' screening summary, recomputed (refreshEntityScreening); $1 tenant, $2 entity ids, $3 screenedAt. */
const REFRESH_ENTITY_SCREENING = `WITH ids AS (SELECT DISTINCT unnest($2::uuid[]) AS id),
     m AS (
       SELECT m."entityId",
              count(*) FILTER (WHERE m."deprecatedAt" IS NULL) AS n,
              bool_or(m."deprecatedAt" IS NULL AND m.status IN ('Unreviewed', 'PendingApproval')) AS pending,
              bool_or(m."deprecatedAt" IS NULL AND m.status = 'TruePositive') AS hit
         FROM "Match" m
        WHERE m."tenantId" = $1::uuid AND m."entityId" IN (SELECT id FROM ids)
        GROUP BY m."entityId"),
     c AS (
       SELECT c."entityId",
              count(*) FILTER (WHERE c."archivedAt" IS NULL) AS n,
              bool_or(c."archivedAt" IS NULL AND c.source IN ('ListSourceA', 'ListSourceB') AND (c.status <> 'Closed' OR c.disposition = 'TruePositive')) AS public,
              bool_or(c."archivedAt" IS NULL AND c.source = 'Custom' AND (c.status <> 'Closed' OR c.disposition = 'TruePositive')) AS local,
              bool_or(c."archivedAt" IS NULL AND c.status <> 'Closed') AS open
         FROM "Case" c
        WHERE c."tenantId" = $1::uuid AND c."entityId" IN (SELECT id FROM ids)
        GROUP BY c."entityId"),
     v AS (
       SELECT e.id,
              coalesce(m.n, 0)::int AS "matchCount",
              coalesce(c.n, 0)::int AS "caseCount",
              coalesce(c.public, false) AS "hasPublicCase",
              coalesce(c.local, false) AS "hasLocalCase",
              coalesce(c.open, false) AS "isUnderReview",
              (CASE WHEN coalesce(m.hit, false) THEN 'Hit'
                    WHEN coalesce(m.pending, false) THEN 'PendingReview'
                    WHEN coalesce($3::timestamptz, e."screenedAt") IS NOT NULL OR m.n IS NOT NULL THEN 'Clear'
                    ELSE 'NotScreened' END)::"ScreeningStatus" AS "screeningStatus",
              coalesce($3::timestamptz, e."screenedAt") AS "screenedAt"
         FROM "Entity" e
         LEFT JOIN m ON m."entityId" = e.id
         LEFT JOIN c ON c."entityId" = e.id
        WHERE e."tenantId" = $1::uuid AND e.id IN (SELECT id FROM ids))
     UPDATE "Entity" e
        SET "matchCount" = v."matchCount", "caseCount" = v."caseCount", "hasPublicCase" = v."hasPublicCase",
            "hasLocalCase" = v."hasLocalCase", "isUnderReview" = v."isUnderReview", "screeningStatus" = v."screeningStatus",
            "screenedAt" = v."screenedAt"
       FROM v
      WHERE e.id = v.id AND e."tenantId" = $1::uuid
        AND (e."matchCount", e."caseCount", e."hasPublicCase", e."hasLocalCase", e."isUnderReview", e."screeningStatus", e."screenedAt")
            IS DISTINCT FROM (v."matchCount", v."caseCount", v."hasPublicCase", v."hasLocalCase", v."isUnderReview", v."screeningStatus", v."screenedAt")`;

/**
 * refreshEntityScreening on a plain connection already scoped to the tenant (transaction ingest).
 * `prepared`: a named prepared statement, for a caller that has set its transaction to generic plans
 * (`SET LOCAL plan_cache_mode = force_generic_plan`, as the ingest's alert path does) and refreshes
 * one or two entities at a time, for which the generic plan is the custom one (index scans
 * throughout). PostgreSQL's default keeps re-planning this statement (the custom plan of a
 * one-element array always looks cheaper): 4-9 ms at every call, where the generic plan is planned
 * once per connection.
 */
export async function refreshEntityScreeningSql(
  db: SqlQueryable,
  tenantId: string,
  entityIds: string[],
  screenedAt?: Date | null,
  options: { prepared?: boolean } = {},
): Promise<void> {
  if (!entityIds.length) return;
  await db.query(options.prepared ? prepared(REFRESH_ENTITY_SCREENING) : REFRESH_ENTITY_SCREENING, [tenantId, entityIds, screenedAt ?? null]);
}
