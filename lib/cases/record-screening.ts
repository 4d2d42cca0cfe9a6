/**
 * Stores what a screening found for a set of entities, set-based, inside the caller's tenant
 * transaction: new matches join the entity's case for their list (created, or reopened when closed),
 * matches of a changed list entry are re-scored (a FalsePositive or a pending proposal of an older
 * entry version reopens as Unreviewed), matches that no longer hold are deprecated. Then the cases'
 * and entities' derived state is refreshed and every new or changed match of a monitored entity
 * emits `MonitoredEntityUpdate`. Used by screening at creation, bulk onboarding, "screen now" and
 * delta monitoring alike.
 */
import { randomUUID } from 'node:crypto';
import { sqlOf } from '@/lib/db/sql';
import type { Tx } from '@/lib/db/tenant-tx';
import type { MatchSignals } from '@/lib/screening/score';
import { refreshCases, refreshEntityScreening } from './refresh';
import type { MatchStatus, ScreeningTrigger } from './schemas';

export interface ScreenedMatch {
  entryId: string;
  source: string;
  /** contentHash of the entry version scored */
  entryVersion: string;
  criteria: string;
  name: string;
  percentage: number;
  riskScore: number;
  reasons: string[];
  matchingScore: number;
  matchedAlias: string | null;
  recommendation: string;
  signals: MatchSignals;
  gender: string | null;
}

export interface EntityScreening {
  entityId: string;
  matches: ScreenedMatch[];
  /** Entries re-scored for this entity that no longer match: their matches are deprecated (delta monitoring). */
  staleEntryIds?: string[];
}

/** Decided: an officer's approved decision (review-match.ts). */
export type MatchChange = 'New' | 'Reopened' | 'Updated' | 'Restored' | 'Deprecated' | 'Decided';

export interface RecordedChange {
  entityId: string;
  matchId: string;
  caseId: string;
  change: MatchChange;
  status: MatchStatus;
  source: string;
}

interface ExistingMatch {
  id: string;
  entityId: string;
  watchlistEntryId: string;
  caseId: string;
  status: MatchStatus;
  entryVersion: string;
  deprecatedAt: Date | null;
  percentage: number;
  riskScore: number;
  recommendation: string;
  criteria: string;
}

const PUBLIC_FIELDS = (m: ScreenedMatch) => ({
  criteria: m.criteria,
  name: m.name,
  percentage: m.percentage,
  riskScore: m.riskScore,
  reasons: m.reasons,
  matchingScore: m.matchingScore,
  matchedAlias: m.matchedAlias,
  recommendation: m.recommendation,
  signals: m.signals,
  gender: m.gender,
  entryVersion: m.entryVersion,
});

export async function recordScreening(
  tx: Tx,
  args: {
    tenantId: string;
    screenings: EntityScreening[];
    /** When the entities were screened (stored as Entity.screenedAt); null for a delta that re-scored only some entries. */
    screenedAt: Date | null;
    /** What screened again, the comment of the trail's system steps (a code each reader translates). */
    reason?: ScreeningTrigger;
  },
): Promise<RecordedChange[]> {
  const { tenantId, screenings } = args;
  const db = sqlOf(tx);
  const entityIds = [...new Set(screenings.map((s) => s.entityId))];
  if (!entityIds.length) return [];

  const pairs = screenings.flatMap((s) => [...s.matches.map((m) => m.entryId), ...(s.staleEntryIds ?? [])].map((entryId) => `${s.entityId}|${entryId}`));
  const existing = new Map<string, ExistingMatch>();
  if (pairs.length) {
    const { rows } = await db.query<ExistingMatch>(
      `SELECT id, "entityId", "watchlistEntryId", "caseId", status, "entryVersion", "deprecatedAt", percentage, "riskScore", recommendation, criteria
         FROM "Match" WHERE "tenantId" = $1::uuid AND "entityId" = ANY($2::uuid[]) FOR UPDATE`,
      [tenantId, entityIds],
    );
    for (const row of rows) existing.set(`${row.entityId}|${row.watchlistEntryId}`, row);
  }

  // ---- classify
  const inserts: { entityId: string; source: string; m: ScreenedMatch; id: string }[] = [];
  const updates: { row: ExistingMatch; m: ScreenedMatch; change: MatchChange; status: MatchStatus }[] = [];
  const deprecations: ExistingMatch[] = [];
  for (const s of screenings) {
    for (const m of s.matches) {
      const old = existing.get(`${s.entityId}|${m.entryId}`);
      if (!old) {
        inserts.push({ entityId: s.entityId, source: m.source, m, id: randomUUID() });
        continue;
      }
      const newVersion = old.entryVersion !== m.entryVersion;
      // A decision made on an older version of the entry does not hold for the new one: a
      // FalsePositive, and a proposal not yet approved, go back to Unreviewed.
      const reopen = newVersion && (old.status === 'FalsePositive' || old.status === 'PendingApproval');
      const status: MatchStatus = reopen ? 'Unreviewed' : old.status;
      const scoresChanged =
        old.percentage !== m.percentage || old.riskScore !== m.riskScore || old.recommendation !== m.recommendation || old.criteria !== m.criteria;
      if (old.deprecatedAt) updates.push({ row: old, m, change: 'Restored', status });
      else if (reopen) updates.push({ row: old, m, change: 'Reopened', status });
      else if (newVersion || scoresChanged) updates.push({ row: old, m, change: 'Updated', status });
    }
    for (const entryId of s.staleEntryIds ?? []) {
      const old = existing.get(`${s.entityId}|${entryId}`);
      if (old && !old.deprecatedAt && !s.matches.some((m) => m.entryId === entryId)) deprecations.push(old);
    }
  }
  if (!inserts.length && !updates.length && !deprecations.length) {
    await refreshEntityScreening(tx, tenantId, entityIds, args.screenedAt);
    return [];
  }

  // ---- cases: one per entity and list (created, or touched so a closed one is refreshed below)
  const caseKeys = [...new Map(inserts.map((i) => [`${i.entityId}|${i.source}`, { entityId: i.entityId, source: i.source }])).values()];
  const caseIdOf = new Map<string, string>();
  if (caseKeys.length) {
    const { rows } = await db.query<{ id: string; entityId: string; source: string }>(
      `INSERT INTO "Case" (id, "tenantId", kind, "entityId", source, status, "matchedAt", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, 'Screening', x."entityId", x.source, 'Pending', now(), now(), now()
         FROM jsonb_to_recordset($2::jsonb) AS x("entityId" uuid, source text)
       ON CONFLICT ("tenantId", "entityId", kind, source) DO UPDATE SET "matchedAt" = now(), "updatedAt" = now()
       RETURNING id, "entityId", source`,
      [tenantId, JSON.stringify(caseKeys)],
    );
    for (const row of rows) caseIdOf.set(`${row.entityId}|${row.source}`, row.id);
  }

  const changes: RecordedChange[] = [];
  if (inserts.length) {
    const rows = inserts.map((i) => ({
      id: i.id,
      entityId: i.entityId,
      caseId: caseIdOf.get(`${i.entityId}|${i.source}`)!,
      entryId: i.m.entryId,
      source: i.source,
      ...PUBLIC_FIELDS(i.m),
    }));
    // A screening of the same entity in another transaction (screen now during delta monitoring,
    // two imports) may have recorded the same match since this one read the entity's matches: its
    // row stands, and only the rows inserted here are this screening's changes.
    const { rows: inserted } = await db.query<{ id: string }>(
      `INSERT INTO "Match" (id, "tenantId", "entityId", "caseId", "watchlistEntryId", source, "entryVersion", status, criteria, name, percentage,
                            "riskScore", reasons, "matchingScore", "matchedAlias", recommendation, signals, gender, "matchedAt", "createdAt", "updatedAt")
       SELECT x.id, $1::uuid, x."entityId", x."caseId", x."entryId", x.source, x."entryVersion", 'Unreviewed', x.criteria, x.name, x.percentage,
              x."riskScore", x.reasons, x."matchingScore", x."matchedAlias", x.recommendation, x.signals, x.gender, now(), now(), now()
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, "entityId" uuid, "caseId" uuid, "entryId" uuid, source text, "entryVersion" text, criteria text,
              name text, percentage int, "riskScore" int, reasons text[], "matchingScore" float8, "matchedAlias" text, recommendation text, signals jsonb, gender text)
       ON CONFLICT ("tenantId", "entityId", "watchlistEntryId") DO NOTHING
       RETURNING id`,
      [tenantId, JSON.stringify(rows)],
    );
    const insertedIds = new Set(inserted.map((r) => r.id));
    for (const r of rows)
      if (insertedIds.has(r.id)) changes.push({ entityId: r.entityId, matchId: r.id, caseId: r.caseId, change: 'New', status: 'Unreviewed', source: r.source });
  }
  if (updates.length) {
    const rows = updates.map((u) => ({ id: u.row.id, status: u.status, reopen: u.status !== u.row.status, ...PUBLIC_FIELDS(u.m) }));
    await db.query(
      `UPDATE "Match" t SET
         "entryVersion" = x."entryVersion", criteria = x.criteria, name = x.name, percentage = x.percentage, "riskScore" = x."riskScore",
         reasons = x.reasons, "matchingScore" = x."matchingScore", "matchedAlias" = x."matchedAlias", recommendation = x.recommendation,
         signals = x.signals, gender = x.gender, "deprecatedAt" = NULL, status = x.status::"MatchStatus",
         "proposedStatus" = CASE WHEN x.reopen THEN NULL ELSE t."proposedStatus" END,
         "proposedByUserId" = CASE WHEN x.reopen THEN NULL ELSE t."proposedByUserId" END,
         "proposedAt" = CASE WHEN x.reopen THEN NULL ELSE t."proposedAt" END,
         "decidedByUserId" = CASE WHEN x.reopen THEN NULL ELSE t."decidedByUserId" END,
         "decidedAt" = CASE WHEN x.reopen THEN NULL ELSE t."decidedAt" END,
         "reopenedAt" = CASE WHEN x.reopen THEN now() ELSE t."reopenedAt" END,
         "updatedAt" = now()
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, status text, reopen boolean, "entryVersion" text, criteria text, name text, percentage int,
              "riskScore" int, reasons text[], "matchingScore" float8, "matchedAlias" text, recommendation text, signals jsonb, gender text)
        WHERE t.id = x.id AND t."tenantId" = $1::uuid`,
      [tenantId, JSON.stringify(rows)],
    );
    for (const u of updates)
      changes.push({ entityId: u.row.entityId, matchId: u.row.id, caseId: u.row.caseId, change: u.change, status: u.status, source: u.m.source });
  }
  if (deprecations.length) {
    await db.query(`UPDATE "Match" SET "deprecatedAt" = now(), "updatedAt" = now() WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[])`, [
      tenantId,
      deprecations.map((d) => d.id),
    ]);
    for (const d of deprecations) changes.push({ entityId: d.entityId, matchId: d.id, caseId: d.caseId, change: 'Deprecated', status: d.status, source: '' });
  }

  await writeReviewTrail(tx, tenantId, changes, args.reason);
  await refreshCases(tx, tenantId, [...new Set(changes.map((c) => c.caseId))]);
  await refreshEntityScreening(tx, tenantId, entityIds, args.screenedAt);
  await emitMonitoredEntityUpdates(tx, tenantId, changes);
  return changes;
}

const TRAIL_ACTION: Record<MatchChange, string> = {
  New: 'Created',
  Reopened: 'Reopened',
  Updated: 'Updated',
  Restored: 'Restored',
  Deprecated: 'Deprecated',
  Decided: 'Approved',
};
// What an action means (a reopened decision, a removed entry) is said by the action itself, in the
// reader's language; the comment only carries the trigger's code.
async function writeReviewTrail(tx: Tx, tenantId: string, changes: RecordedChange[], reason?: ScreeningTrigger): Promise<void> {
  if (!changes.length) return;
  const rows = changes.map((c) => ({
    matchId: c.matchId,
    action: TRAIL_ACTION[c.change],
    status: c.status,
    comment: reason ?? null,
  }));
  await sqlOf(tx).query(
    `INSERT INTO "MatchReview" (id, "tenantId", "matchId", action, status, comment, "createdAt")
     SELECT gen_random_uuid(), $1::uuid, x."matchId", x.action, x.status::"MatchStatus", x.comment, now()
       FROM jsonb_to_recordset($2::jsonb) AS x("matchId" uuid, action text, status text, comment text)`,
    [tenantId, JSON.stringify(rows)],
  );
}

/**
 * One `MonitoredEntityUpdate` per new or changed match of an entity under ongoing monitoring, with the
 * entity's summary after the change (outbox rows in this transaction; their insert trigger enqueues
 * the deliveries).
 */
export async function emitMonitoredEntityUpdates(tx: Tx, tenantId: string, changes: RecordedChange[]): Promise<void> {
  if (!changes.length) return;
  const { rows } = await sqlOf(tx).query<{
    id: string;
    crmId: string | null;
    screeningStatus: string;
    matchCount: number;
    caseCount: number;
    hasPublicCase: boolean;
    hasLocalCase: boolean;
    hasNewsMedia: boolean;
    isUnderReview: boolean;
  }>(
    `SELECT id, "crmId", "screeningStatus", "matchCount", "caseCount", "hasPublicCase", "hasLocalCase", "hasNewsMedia", "isUnderReview"
       FROM "Entity" WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[]) AND "ongoingMonitoring"`,
    [tenantId, [...new Set(changes.map((c) => c.entityId))]],
  );
  const monitored = new Map(rows.map((r) => [r.id, r]));
  const sources = await matchSources(tx, tenantId, changes);
  const events = changes
    .filter((c) => monitored.has(c.entityId))
    .map((c) => {
      const e = monitored.get(c.entityId)!;
      return {
        entityId: c.entityId,
        crmId: e.crmId,
        changes: [`Match${c.change}`],
        matchId: c.matchId,
        caseId: c.caseId,
        matchStatus: c.status,
        watchlistSource: sources.get(c.matchId) ?? c.source,
        screeningStatus: e.screeningStatus,
        matchCount: e.matchCount,
        caseCount: e.caseCount,
        reviewStatus: { hasPublicCase: e.hasPublicCase, hasLocalCase: e.hasLocalCase, hasNewsMedia: e.hasNewsMedia, isUnderReview: e.isUnderReview },
      };
    });
  if (!events.length) return;
  await sqlOf(tx).query(
    `INSERT INTO "OutboxEvent" (id, "tenantId", type, payload, "createdAt")
     SELECT gen_random_uuid(), $1::uuid, 'MonitoredEntityUpdate', x, now() FROM jsonb_array_elements($2::jsonb) AS x`,
    [tenantId, JSON.stringify(events)],
  );
}

async function matchSources(tx: Tx, tenantId: string, changes: RecordedChange[]): Promise<Map<string, string>> {
  const missing = changes.filter((c) => !c.source).map((c) => c.matchId);
  if (!missing.length) return new Map();
  const { rows } = await sqlOf(tx).query<{ id: string; source: string }>(
    `SELECT id, source FROM "Match" WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[])`,
    [tenantId, missing],
  );
  return new Map(rows.map((r) => [r.id, r.source]));
}
