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
import { withPlatformReadConnection, withTenantConnection, type SqlQueryable } from '@/lib/db/sql';
import { withPlatform, withTenant } from '@/lib/db/tenant-tx';
import { recordScreening, type EntityScreening, type RecordedChange } from '@/lib/cases/record-screening';
import { loadEntries, type EntryRow } from '@/lib/screening/candidates';
import { scoreEntries, toMatchDto } from '@/lib/screening/screen';
import { loadTenantThresholds } from '@/lib/screening/thresholds';
import { loadEntityScreeningInputs } from './entity-inputs';
import { toScreenedMatch } from './screen-entities';

/**
 * Monitored names examined per changed entry name among the strong candidates (sharing two exact
 * keys or more, or a single-token or rare key), most shared exact keys first, then trigram similarity.
 */
export function reverseCandidateLimit(): number {
  return Number(process.env.MONITORING_CANDIDATES_PER_NAME ?? 100);
}

/**
 * Monitored names examined per changed entry name among the weak candidates (one exact key of a
 * common name pair, or loose-code keys only: spelling variants), best trigram similarity first.
 * 100, not 20: at 100,000 monitored clients hundreds of namesakes tie for a common pair, and 20
 * dropped real matches at the review threshold (72 of one 1,000-entry update; 30 at 100, for 2.6×
 * the pairs scored). A missed match costs a compliance team more than a slower update.
 */
export function weakCandidateLimit(): number {
  return Number(process.env.MONITORING_WEAK_CANDIDATES_PER_NAME ?? 100);
}

/** A lookup key carried by at most this many monitored names (in the entry's scope) is rare. */
export function rareMonitoredKeyMax(): number {
  return Number(process.env.MONITORING_RARE_KEY_MAX ?? 50);
}

/** Sort and hash memory of the reverse lookup's transaction (PostgreSQL's default, 4 MB, spilled to disk at 10,000 clients). */
const LOOKUP_WORK_MEM = '64MB';

/** Entries screened per round (one set of transactions per tenant and round). */
const BATCH = 250;

export interface ImportScreeningSummary {
  importId: string;
  entries: number;
  candidatePairs: number;
  changes: Record<RecordedChange['change'], number>;
  tookMs: number;
  /** where the time went: the reverse lookup (SQL), loading and scoring the pairs, storing the outcome */
  lookupMs: number;
  scoreMs: number;
  recordMs: number;
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
    lookupMs: 0,
    scoreMs: 0,
    recordMs: 0,
  };
  const count = (recorded: RecordedChange[]) => recorded.forEach((c) => summary.changes[c.change]++);

  const removed = changes.filter((c) => c.change === 'Deprecated').map((c) => c.entryId);
  for (let i = 0; i < removed.length; i += BATCH) count(await deprecateEntryMatches(removed.slice(i, i + BATCH)));

  const changed = changes.filter((c) => c.change !== 'Deprecated');
  for (let i = 0; i < changed.length; i += BATCH) {
    const batch = changed.slice(i, i + BATCH);
    const updated = batch.filter((c) => c.change === 'Updated').map((c) => c.entryId);
    const lookupStarted = performance.now();
    const pairs = await withPlatformReadConnection(async (db) => {
      // the key hits of a batch are sorted and grouped in memory rather than on disk
      await db.query(`SET LOCAL work_mem = '${LOOKUP_WORK_MEM}'`);
      return [
        ...(await reverseCandidates(
          db,
          batch.map((c) => c.entryId),
        )),
        ...(await monitoredMatchesOf(db, updated)),
      ];
    });
    summary.lookupMs += performance.now() - lookupStarted;
    summary.candidatePairs += pairs.length;
    for (const [tenantId, tenantPairs] of groupBy(pairs, (p) => p.tenantId)) count(await rescreenPairs(tenantId, tenantPairs, new Set(updated), summary));
  }
  summary.tookMs = Math.round(performance.now() - started);
  summary.lookupMs = Math.round(summary.lookupMs);
  summary.scoreMs = Math.round(summary.scoreMs);
  summary.recordMs = Math.round(summary.recordMs);
  log('info', 'monitoring: import screened', { ...summary });
  return summary;
}

/**
 * (tenant, entity, entry) candidates of changed entries: monitored names sharing a lookup key with one
 * of the entry's names, and monitored identities equal to one of its numbers. A Custom entry only
 * reaches its own tenant.
 *
 * A cheap pre-score in SQL, before any pair is scored in TypeScript: the key hits of each (entry name,
 * monitored name) pair are counted from the key index. A pair is strong when it shares two exact keys
 * or more (two token pairs, or a token pair and the `f:` subset key or the `i:` family-initial key),
 * a single-token key (`s:`/`t:`/`w:`), or a key that at most rareMonitoredKeyMax() monitored names
 * carry; the others share one exact key of a common pair, or only loose-code keys (`l:`, spelling
 * variants). Per entry name and class, a pair is kept when it is among the best
 * reverseCandidateLimit() strong (weakCandidateLimit() weak) pairs by either of two orders, so at
 * most twice those limits: by the number of shared keys (exact, then all, then trigram similarity,
 * as the forward search ranks its name rows by the keys they carry and keeps maxCandidates), or by
 * the rarity of the shared keys (the sum over them of 1 / monitored names carrying the key, then the
 * same). Either order alone lost true matches at 10,000 monitored clients (bench:bulk): by the number
 * of keys, namesakes sharing the common pair of a changed name (a frequent first name and family
 * name, its loose code) filled the bound and cut the clients sharing its rarer pair (two 0.82 matches
 * of the alias "Abdullah Sami Al-Hashimi"); by rarity alone, clients sharing one rare key outranked
 * one sharing three common ones (a 0.88 match). Only the rows of a bounded pre-cut (3× and 5× those
 * limits, by the same two orders) are read and compared by similarity. Before, every monitored name sharing any key with a
 * changed name was read and compared (at common Gulf names about 22 per changed entry per 1,000
 * monitored clients), and up to 500 per name scored.
 */
export async function reverseCandidates(db: SqlQueryable, entryIds: string[]): Promise<Pair[]> {
  if (!entryIds.length) return [];
  const { rows } = await db.query<Pair>(
    `WITH w AS MATERIALIZED (
       SELECT id, "entryId", "tenantId", key, "blockKeys" FROM "WatchlistNameKey" WHERE "entryId" = ANY($1::uuid[]) AND "isValid"),
     wk AS MATERIALIZED (
       SELECT DISTINCT w.id AS wid, w."tenantId", x.key FROM w CROSS JOIN LATERAL unnest(w."blockKeys") AS x(key)),
     kl AS MATERIALIZED (
       -- the monitored names carrying each key of the batch (in the entry's scope), read once per key
       -- from the key index, with their number (the key's weight in the ranking: 1 / carriers; before,
       -- each key's carriers were counted apart, up to 1,000, and the counts scanned once per entry name)
       SELECT k."tenantId", k.key, c."monitoredKeyId", c.n
         FROM (SELECT DISTINCT "tenantId", key FROM wk) k
         CROSS JOIN LATERAL (
           SELECT l."monitoredKeyId", count(*) OVER () AS n
             FROM "MonitoredLookupKey" l
            WHERE l.key = k.key AND (k."tenantId" IS NULL OR l."tenantId" = k."tenantId")) c),
     h AS MATERIALIZED (
       -- key hits per (entry name, monitored name); weight: the rarity of the shared keys (the sum of
       -- 1 / carriers), so that a key many namesakes share (the common first name and family name)
       -- weighs little however many such keys they share
       SELECT wk.wid, kl."monitoredKeyId",
              count(*) FILTER (WHERE kl.key NOT LIKE 'l:%') AS exact, count(*) AS total,
              round(sum(1.0 / kl.n), 9) AS weight,
              count(*) FILTER (WHERE kl.key NOT LIKE 'l:%') >= 2 OR bool_or(kl.key ~ '^[stw]:' OR kl.n <= $4::int) AS strong
         FROM wk
         JOIN kl ON kl.key = wk.key
                AND coalesce(kl."tenantId", '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(wk."tenantId", '00000000-0000-0000-0000-000000000000'::uuid)
        GROUP BY 1, 2),
     cut AS (
       -- bounded before any name row is read: the best of each class by the number of shared keys,
       -- and the best by their rarity
       SELECT * FROM (
         SELECT h.*,
                row_number() OVER (PARTITION BY h.wid, h.strong ORDER BY h.exact DESC, h.total DESC, h."monitoredKeyId") AS by_hits,
                row_number() OVER (PARTITION BY h.wid, h.strong ORDER BY h.weight DESC, h.exact DESC, h.total DESC, h."monitoredKeyId") AS by_rarity
           FROM h) x
        WHERE least(x.by_hits, x.by_rarity) <= CASE WHEN x.strong THEN 3 * $2::int ELSE 5 * $3::int END),
     ranked AS (
       SELECT w."entryId", m."tenantId", m."entityId", c.strong,
              least(
                row_number() OVER (PARTITION BY c.wid, c.strong ORDER BY c.exact DESC, c.total DESC, similarity(m.key, w.key) DESC, m.id),
                row_number() OVER (PARTITION BY c.wid, c.strong ORDER BY c.weight DESC, c.exact DESC, c.total DESC, similarity(m.key, w.key) DESC, m.id)
              ) AS rank
         FROM cut c
         JOIN w ON w.id = c.wid
         JOIN "MonitoredNameKey" m ON m.id = c."monitoredKeyId")
     SELECT DISTINCT "tenantId", "entityId", "entryId" FROM ranked
      WHERE rank <= CASE WHEN strong THEN $2::int ELSE $3::int END
     UNION
     -- one index lookup per identity number, forced by the lateral subquery (OFFSET 0): as a plain join
     -- the planner, misjudging the rows under row-level security, materialized every monitored key row
     -- and compared it with every number (9.9 M rows for 250 entries at 10,000 clients, 2.3 s of a
     -- batch's 4 s, growing with the monitored clients)
     SELECT c."tenantId", c."entityId", e.id
       FROM "WatchlistEntry" e
       CROSS JOIN LATERAL unnest(e."idNumbersNorm") AS n(number)
       CROSS JOIN LATERAL (
         SELECT m."tenantId", m."entityId"
           FROM "MonitoredLookupKey" l
           JOIN "MonitoredNameKey" m ON m.id = l."monitoredKeyId"
          WHERE l.key = 'id:' || n.number AND (e."tenantId" IS NULL OR l."tenantId" = e."tenantId")
         OFFSET 0) c
      WHERE e.id = ANY($1::uuid[]) AND e."isValid" AND cardinality(e."idNumbersNorm") > 0`,
    [entryIds, reverseCandidateLimit(), weakCandidateLimit(), rareMonitoredKeyMax()],
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

/**
 * Scores each (entity, entry) pair of one tenant and stores the outcome. The pairs are loaded and
 * scored on a pooled connection in the tenant's scope, and only the outcome is written in a tenant
 * transaction: scoring a batch at 100,000 monitored clients takes longer than the interactive
 * transaction's timeout (30 s) on a loaded host, and would hold the transaction open meanwhile.
 */
async function rescreenPairs(
  tenantId: string,
  pairs: Pair[],
  updatedEntries: Set<string>,
  timing: { scoreMs: number; recordMs: number },
): Promise<RecordedChange[]> {
  const scoreStarted = performance.now();
  const screenings = await withTenantConnection(tenantId, async (db) => {
    const byEntity = groupBy(pairs, (p) => p.entityId);
    const inputs = (await loadEntityScreeningInputs(db, tenantId, [...byEntity.keys()])).filter((e) => e.ongoingMonitoring);
    if (!inputs.length) return [];
    const entryIds = [...new Set(pairs.map((p) => p.entryId))];
    const entries = new Map((await loadEntries(db, entryIds)).map((e) => [e.id, e]));
    const versions = await entryVersions(db, entryIds);
    const thresholds = await loadTenantThresholds(db, tenantId);
    const now = new Date();
    return inputs.map(({ entityId, input }): EntityScreening => {
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
  });
  const recordStarted = performance.now();
  timing.scoreMs += recordStarted - scoreStarted;
  if (!screenings.length) return [];
  const recorded = await withTenant(tenantId, (tx) => recordScreening(tx, { tenantId, screenings, screenedAt: null, reason: 'Watchlist update.' }));
  timing.recordMs += performance.now() - recordStarted;
  return recorded;
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
