/**
 * Delta monitoring: a watchlist import's change set (WatchlistImportChange) is screened against the
 * monitored entities instead of re-screening everyone. Added and updated entries find their candidate
 * entities through the reverse lookup keys (MonitoredLookupKey, by btree equality on the entry's own
 * blocking keys and identity numbers: usable under row-level security, unlike array overlap), are scored with the engine's scorer (scoreEntries) and stored like any
 * screening; matches of an updated entry that no longer hold are deprecated, and a FalsePositive of
 * the old version reopens. Removed entries deprecate their matches in every tenant. Idempotent: a
 * re-run finds the same versions and changes nothing, so a retried job emits no event twice.
 */
import { log } from '@/lib/core/logger';
import { sqlOf, type SqlQueryable } from '@/lib/db/sql';
import { withPlatform, withTenant } from '@/lib/db/tenant-tx';
import { recordScreening, type EntityScreening, type RecordedChange } from '@/lib/cases/record-screening';
import { loadEntries, type EntryRow } from '@/lib/screening/candidates';
import { scoreEntries, toMatchDto } from '@/lib/screening/screen';
import { loadTenantThresholds } from '@/lib/screening/thresholds';
import { loadEntityScreeningInputs } from './entity-inputs';
import { toScreenedMatch } from './screen-entities';

/** Monitored entities examined per changed entry name, best trigram similarity first. */
export function reverseCandidateLimit(): number {
  return Number(process.env.MONITORING_CANDIDATES_PER_NAME ?? 500);
}

/** Entries screened per round (one set of transactions per tenant and round). */
const BATCH = 250;

export interface ImportScreeningSummary {
  importId: string;
  entries: number;
  candidatePairs: number;
  changes: Record<RecordedChange['change'], number>;
  tookMs: number;
}

interface Pair {
  tenantId: string;
  entityId: string;
  entryId: string;
}

export async function screenWatchlistImport({ importId }: { importId: string }): Promise<ImportScreeningSummary> {
  const started = performance.now();
  const changes = await withPlatform((tx) =>
    tx.watchlistImportChange.findMany({ where: { importId }, select: { entryId: true, change: true }, orderBy: { id: 'asc' } }),
  );
  const summary: ImportScreeningSummary = {
    importId,
    entries: changes.length,
    candidatePairs: 0,
    changes: { New: 0, Reopened: 0, Updated: 0, Restored: 0, Deprecated: 0, Decided: 0 },
    tookMs: 0,
  };
  const count = (recorded: RecordedChange[]) => recorded.forEach((c) => summary.changes[c.change]++);

  const removed = changes.filter((c) => c.change === 'Deprecated').map((c) => c.entryId);
  for (let i = 0; i < removed.length; i += BATCH) count(await deprecateEntryMatches(removed.slice(i, i + BATCH)));

  const changed = changes.filter((c) => c.change !== 'Deprecated');
  for (let i = 0; i < changed.length; i += BATCH) {
    const batch = changed.slice(i, i + BATCH);
    const updated = batch.filter((c) => c.change === 'Updated').map((c) => c.entryId);
    const pairs = await withPlatform(async (tx) => {
      const db = sqlOf(tx);
      return [
        ...(await reverseCandidates(
          db,
          batch.map((c) => c.entryId),
        )),
        ...(await monitoredMatchesOf(db, updated)),
      ];
    });
    summary.candidatePairs += pairs.length;
    for (const [tenantId, tenantPairs] of groupBy(pairs, (p) => p.tenantId)) count(await rescreenPairs(tenantId, tenantPairs, new Set(updated)));
  }
  summary.tookMs = Math.round(performance.now() - started);
  log('info', 'monitoring: import screened', { ...summary });
  return summary;
}

/**
 * (tenant, entity, entry) candidates of changed entries: monitored names sharing a blocking key with
 * one of the entry's names (bounded per name, most similar first), and monitored identities equal to
 * one of its numbers. A Custom entry only reaches its own tenant.
 */
export async function reverseCandidates(db: SqlQueryable, entryIds: string[]): Promise<Pair[]> {
  if (!entryIds.length) return [];
  const { rows } = await db.query<Pair>(
    `SELECT DISTINCT c."tenantId", c."entityId", w."entryId"
       FROM "WatchlistNameKey" w
       CROSS JOIN LATERAL (
         SELECT m."tenantId", m."entityId"
           FROM "MonitoredNameKey" m
          WHERE m.id IN (SELECT l."monitoredKeyId" FROM "MonitoredLookupKey" l
                          WHERE l.key = ANY(w."blockKeys") AND (w."tenantId" IS NULL OR l."tenantId" = w."tenantId"))
          ORDER BY similarity(m.key, w.key) DESC
          LIMIT $2) c
      WHERE w."entryId" = ANY($1::uuid[]) AND w."isValid"
     UNION
     SELECT m."tenantId", m."entityId", e.id
       FROM "WatchlistEntry" e
       JOIN "MonitoredLookupKey" l ON l.key = ANY(ARRAY(SELECT 'id:' || n FROM unnest(e."idNumbersNorm") n))
        AND (e."tenantId" IS NULL OR l."tenantId" = e."tenantId")
       JOIN "MonitoredNameKey" m ON m.id = l."monitoredKeyId"
      WHERE e.id = ANY($1::uuid[]) AND e."isValid" AND cardinality(e."idNumbersNorm") > 0`,
    [entryIds, reverseCandidateLimit()],
  );
  return rows;
}

/** Existing matches of monitored entities with these entries: re-scored even when the new version no longer shares a key. */
async function monitoredMatchesOf(db: SqlQueryable, entryIds: string[]): Promise<Pair[]> {
  if (!entryIds.length) return [];
  const { rows } = await db.query<Pair>(
    `SELECT m."tenantId", m."entityId", m."watchlistEntryId" AS "entryId"
       FROM "Match" m JOIN "Entity" e ON e.id = m."entityId"
      WHERE m."watchlistEntryId" = ANY($1::uuid[]) AND e."ongoingMonitoring"`,
    [entryIds],
  );
  return rows;
}

/** Scores each (entity, entry) pair of one tenant and stores the outcome. */
async function rescreenPairs(tenantId: string, pairs: Pair[], updatedEntries: Set<string>): Promise<RecordedChange[]> {
  return withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const byEntity = groupBy(pairs, (p) => p.entityId);
    const inputs = (await loadEntityScreeningInputs(db, tenantId, [...byEntity.keys()])).filter((e) => e.ongoingMonitoring);
    if (!inputs.length) return [];
    const entryIds = [...new Set(pairs.map((p) => p.entryId))];
    const entries = new Map((await loadEntries(db, entryIds)).map((e) => [e.id, e]));
    const versions = await entryVersions(db, entryIds);
    const thresholds = await loadTenantThresholds(db, tenantId);
    const now = new Date();
    const screenings: EntityScreening[] = inputs.map(({ entityId, input }) => {
      const ids = [...new Set(byEntity.get(entityId)!.map((p) => p.entryId))];
      const candidates = ids.map((id) => entries.get(id)).filter((e): e is EntryRow => !!e);
      const scored = scoreEntries(input, candidates, thresholds);
      return {
        entityId,
        matches: scored.map((c) => toScreenedMatch(toMatchDto(c, now), versions.get(c.entry.id) ?? '')),
        // An updated entry that no longer matches this entity: its match (if any) is deprecated.
        staleEntryIds: ids.filter((id) => updatedEntries.has(id)),
      };
    });
    return recordScreening(tx, { tenantId, screenings, screenedAt: null, reason: 'Watchlist update.' });
  });
}

/** Matches of removed entries, in every tenant, are deprecated (their cases and entities refreshed). */
async function deprecateEntryMatches(entryIds: string[]): Promise<RecordedChange[]> {
  const rows = await withPlatform((tx) =>
    tx.match.findMany({
      where: { watchlistEntryId: { in: entryIds }, deprecatedAt: null },
      select: { tenantId: true, entityId: true, watchlistEntryId: true },
    }),
  );
  const out: RecordedChange[] = [];
  for (const [tenantId, matches] of groupBy(rows, (r) => r.tenantId)) {
    const byEntity = groupBy(matches, (m) => m.entityId);
    const screenings: EntityScreening[] = [...byEntity].map(([entityId, ms]) => ({ entityId, matches: [], staleEntryIds: ms.map((m) => m.watchlistEntryId) }));
    out.push(...(await withTenant(tenantId, (tx) => recordScreening(tx, { tenantId, screenings, screenedAt: null, reason: 'Watchlist update.' }))));
  }
  return out;
}

async function entryVersions(db: SqlQueryable, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; contentHash: string }>(`SELECT id, "contentHash" FROM "WatchlistEntry" WHERE id = ANY($1::uuid[])`, [ids]);
  return new Map(rows.map((r) => [r.id, r.contentHash]));
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
