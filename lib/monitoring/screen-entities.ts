/**
 * Screening of stored entities with the engine's forward search (lib/screening screenName): at
 * creation (monitored clients and prospects, and screening entities once), in bulk onboarding, and on
 * demand ("screen now"). What it finds is stored by lib/cases (recordScreening).
 */
import { AppError } from '@/lib/core/errors';
import { formatTimestamp } from '@/lib/core/format';
import { sqlOf, type SqlQueryable } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { recordScreening, type EntityScreening, type RecordedChange, type ScreenedMatch } from '@/lib/cases/record-screening';
import type { ScreeningTrigger } from '@/lib/cases/schemas';
import type { MatchDto } from '@/lib/screening/schemas';
import { screenMany } from '@/lib/screening/screen';
import { loadEntityScreeningInputs, type EntityScreeningInput } from './entity-inputs';
import { replaceMonitoredKeys } from './monitored-keys';

/**
 * The forward search for each entity (read-only), with the version of every entry found: set-based
 * (screenMany: a few statements for all the entities, each one's matches exactly those of its own
 * search).
 */
export async function screenInputs(
  db: SqlQueryable,
  tenantId: string,
  items: { entityId: string; input: EntityScreeningInput['input'] }[],
): Promise<EntityScreening[]> {
  if (!items.length) return [];
  const results = await screenMany({ db, tenantId, inputs: items.map((i) => i.input) });
  const found: { entityId: string; matches: MatchDto[] }[] = items.map((item, i) => ({ entityId: item.entityId, matches: results[i]!.data }));
  const entryIds = [...new Set(found.flatMap((f) => f.matches.map((m) => m.watchlistEntry.id)))];
  const versions = new Map<string, string>();
  if (entryIds.length) {
    const { rows } = await db.query<{ id: string; contentHash: string }>(`SELECT id, "contentHash" FROM "WatchlistEntry" WHERE id = ANY($1::uuid[])`, [
      entryIds,
    ]);
    for (const r of rows) versions.set(r.id, r.contentHash);
  }
  return found.map((f) => ({ entityId: f.entityId, matches: f.matches.map((m) => toScreenedMatch(m, versions.get(m.watchlistEntry.id) ?? '')) }));
}

export function toScreenedMatch(m: MatchDto, entryVersion: string): ScreenedMatch {
  return {
    entryId: m.watchlistEntry.id,
    source: m.watchlistSource,
    entryVersion,
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
  };
}

/**
 * Screens stored entities now and stores the outcome (matches, cases, the entities' screening
 * summary, the reverse lookup keys of the monitored ones), in the caller's tenant transaction.
 */
export async function screenStoredEntities(
  tx: Tx,
  { tenantId, entityIds, reason }: { tenantId: string; entityIds: string[]; reason?: ScreeningTrigger },
): Promise<RecordedChange[]> {
  const db = sqlOf(tx);
  const inputs = await loadEntityScreeningInputs(db, tenantId, entityIds);
  const screenings = await screenInputs(db, tenantId, inputs);
  const changes = await recordScreening(tx, { tenantId, screenings, screenedAt: new Date(), reason });
  await replaceMonitoredKeys(tx, tenantId, inputs);
  return changes;
}

/**
 * Screening at creation (decisions.md): an entity under ongoing monitoring, and a screening entity
 * (once), is screened in the transaction that creates it, so the create answer already carries its
 * matchCount, caseCount and reviewStatus. Other entities are left NotScreened.
 */
export async function screenNewEntity(tx: Tx, { tenantId, entityId }: { tenantId: string; entityId: string }): Promise<void> {
  const rows = await tx.entity.findMany({ where: { tenantId, id: entityId }, select: { role: true, ongoingMonitoring: true } });
  const entity = rows[0];
  if (!entity || (!entity.ongoingMonitoring && entity.role !== 'Screening')) return;
  await screenStoredEntities(tx, { tenantId, entityIds: [entityId] });
}

export interface ScreenNowResult {
  entityId: string;
  screenedAt: string;
  screeningStatus: string;
  matchCount: number;
  caseCount: number;
  newMatches: number;
  changedMatches: number;
}

/** "Screen now": screens one entity of the tenant at once (any role), audited. */
export async function screenEntityNow({
  tenantId,
  entityId,
  actor,
  requestId,
}: {
  tenantId: string;
  entityId: string;
  actor: Actor;
  requestId?: string;
}): Promise<{ data: ScreenNowResult }> {
  return withTenant(tenantId, async (tx) => {
    const exists = await tx.entity.findFirst({ where: { tenantId, id: entityId }, select: { id: true } });
    if (!exists) throw AppError.notFound();
    const changes = await screenStoredEntities(tx, { tenantId, entityIds: [entityId], reason: 'ScreenedOnDemand' });
    const after = await tx.entity.findFirstOrThrow({
      where: { tenantId, id: entityId },
      select: { screenedAt: true, screeningStatus: true, matchCount: true, caseCount: true },
    });
    const summary: ScreenNowResult = {
      entityId,
      screenedAt: formatTimestamp(after.screenedAt ?? new Date()),
      screeningStatus: after.screeningStatus,
      matchCount: after.matchCount,
      caseCount: after.caseCount,
      newMatches: changes.filter((c) => c.change === 'New').length,
      changedMatches: changes.filter((c) => c.change !== 'New').length,
    };
    await writeAudit(tx, { tenantId, actor, action: 'entity.screen', targetType: 'Entity', targetId: entityId, after: summary, requestId });
    return { data: summary };
  });
}
