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
import { prepareQuery, type PreparedQuery } from '@/lib/screening/score';
import { loadTenantThresholds } from '@/lib/screening/thresholds';
import { loadEntityScreeningInputs } from './entity-inputs';
import { toScreenedMatch } from './screen-entities';

/** Sort and hash memory of the reverse lookup's transaction (PostgreSQL's default, 4 MB, spilled to disk at 10,000 clients). */
const LOOKUP_WORK_MEM = '64MB';

/** Entries screened per round (one lookup, and one set of transactions per tenant). */
const BATCH = 250;

export interface ImportScreeningSummary {
  importId: string;
  entries: number;
  candidatePairs: number;
  changes: Record<RecordedChange['change'], number>;
  tookMs: number;
  /**
   * where the time went: the reverse lookup (SQL), loading and scoring the pairs, storing the outcome;
   * a batch's lookup overlaps the previous batch's scoring, so they add up to more than tookMs
   */
  lookupMs: number;
  scoreMs: number;
  recordMs: number;
}

interface Pair {
  tenantId: string;
  entityId: string;
  entryId: string;
  /** the entity has a match with this entry already (monitoredMatchesOf): deprecated if it no longer holds */
  matched?: boolean;
}

export async function screenWatchlistImport({ importId, batchSize = BATCH }: { importId: string; batchSize?: number }): Promise<ImportScreeningSummary> {
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
  for (let i = 0; i < removed.length; i += batchSize) count(await deprecateEntryMatches(removed.slice(i, i + batchSize)));

  const changed = changes.filter((c) => c.change !== 'Deprecated');
  const queries: QueryCache = new Map();
  const batches: { entryIds: string[]; updated: string[] }[] = [];
  // the first batch is a fifth of the others: nothing overlaps its lookup, so it is kept short
  for (let i = 0, size = Math.max(1, Math.ceil(batchSize / 5)); i < changed.length; i += size, size = batchSize) {
    const batch = changed.slice(i, i + size);
    batches.push({ entryIds: batch.map((c) => c.entryId), updated: batch.filter((c) => c.change === 'Updated').map((c) => c.entryId) });
  }
  const lookup = ({ entryIds, updated }: (typeof batches)[number]) => {
    const lookupStarted = performance.now();
    const pairs = withPlatformReadConnection(async (db) => {
      // the key hits of a batch are sorted and grouped in memory rather than on disk
      await db.query(`SET LOCAL work_mem = '${LOOKUP_WORK_MEM}'`);
      return [...(await reverseCandidates(db, entryIds)), ...(await monitoredMatchesOf(db, updated))];
    }).then((found) => ((summary.lookupMs += performance.now() - lookupStarted), found));
    pairs.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
    return pairs;
  };
  // The next batch's lookup runs in the database while this one's pairs are scored here: the lookup
  // is the database's work and the scoring this process's, so on two cores they overlap.
  let next = batches.length ? lookup(batches[0]!) : null;
  for (let b = 0; b < batches.length; b++) {
    const pairs = await next!;
    next = b + 1 < batches.length ? lookup(batches[b + 1]!) : null;
    summary.candidatePairs += pairs.length;
    for (const [tenantId, tenantPairs] of groupBy(pairs, (p) => p.tenantId)) {
      const screenings = await scorePairs(tenantId, tenantPairs, queries, summary);
      if (screenings.length) count(await storeScreenings(tenantId, screenings, summary));
    }
  }
  summary.tookMs = Math.round(performance.now() - started);
  summary.lookupMs = Math.round(summary.lookupMs);
  summary.scoreMs = Math.round(summary.scoreMs);
  summary.recordMs = Math.round(summary.recordMs);
  log('info', 'monitoring: import screened', { ...summary });
  return summary;
}

/**
 * (tenant, entity, entry) candidates of changed entries: every monitored entity with a name sharing a
 * lookup key with one of the entry's names, and every one with an identity number equal to one of its
 * numbers. A Custom entry only reaches its own tenant.
 *
 * Unbounded on purpose: which of them can match is decided by the scorer (scorePairs), whose upper
 * bound of the name score (score.ts scoreEntryAtLeast) drops nearly all of them without aligning the
 * names. Bounding the pairs here instead (at most 100 strong and 100 weak monitored names per changed
 * entry name, chosen by the number and the rarity of the shared keys, then trigram similarity) lost
 * real matches at 100,000 monitored clients: hundreds of namesakes share a changed name's common
 * token pair and tie on every key-level signal, so which of them were scored was arbitrary (bench:bulk
 * lost 59 matches of one 1,000-entry update, between 0.80 and 0.81). The keys are deduplicated per
 * entry (not per entry name), and the pairs come back per entity with the entries as positions in
 * `entryIds`, so the answer stays small however many namesakes share a key.
 */
export async function reverseCandidates(db: SqlQueryable, entryIds: string[]): Promise<Pair[]> {
  if (!entryIds.length) return [];
  const { rows } = await db.query<{ tenantId: string; entityId: string; entries: number[] }>(
    `WITH wk AS MATERIALIZED (
       SELECT DISTINCT x.ord::int AS ord, w."tenantId", k.key
         FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, ord)
         JOIN "WatchlistNameKey" w ON w."entryId" = x.id AND w."isValid"
         CROSS JOIN LATERAL unnest(w."blockKeys") AS k(key)),
     kl AS MATERIALIZED (
       -- the monitored names carrying each key of the batch (in the entry's scope), read once per key
       SELECT k."tenantId", k.key, c."monitoredKeyId"
         FROM (SELECT DISTINCT "tenantId", key FROM wk) k
         CROSS JOIN LATERAL (
           SELECT l."monitoredKeyId" FROM "MonitoredLookupKey" l
            WHERE l.key = k.key AND (k."tenantId" IS NULL OR l."tenantId" = k."tenantId")) c),
     mk AS MATERIALIZED (
       SELECT DISTINCT wk.ord, kl."monitoredKeyId"
         FROM wk
         JOIN kl ON kl.key = wk.key
                AND coalesce(kl."tenantId", '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(wk."tenantId", '00000000-0000-0000-0000-000000000000'::uuid)),
     pairs AS (
       SELECT m."tenantId", m."entityId", mk.ord
         FROM mk JOIN "MonitoredNameKey" m ON m.id = mk."monitoredKeyId"
       UNION ALL
       -- one index lookup per identity number, forced by the lateral subquery (OFFSET 0): as a plain join
       -- the planner, misjudging the rows under row-level security, materialized every monitored key row
       -- and compared it with every number (9.9 M rows for 250 entries at 10,000 clients)
       SELECT c."tenantId", c."entityId", x.ord::int
         FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, ord)
         JOIN "WatchlistEntry" e ON e.id = x.id AND e."isValid" AND cardinality(e."idNumbersNorm") > 0
         CROSS JOIN LATERAL unnest(e."idNumbersNorm") AS n(number)
         CROSS JOIN LATERAL (
           SELECT m."tenantId", m."entityId"
             FROM "MonitoredLookupKey" l
             JOIN "MonitoredNameKey" m ON m.id = l."monitoredKeyId"
            WHERE l.key = 'id:' || n.number AND (e."tenantId" IS NULL OR l."tenantId" = e."tenantId")
           OFFSET 0) c)
     -- each (entity, entry) once, whichever names or numbers brought it
     SELECT "tenantId", "entityId", array_agg(DISTINCT ord) AS entries FROM pairs GROUP BY 1, 2`,
    [entryIds],
  );
  const out: Pair[] = [];
  for (const r of rows) for (const ord of r.entries) out.push({ tenantId: r.tenantId, entityId: r.entityId, entryId: entryIds[ord - 1]! });
  return out;
}

/** Existing matches of monitored entities with these entries: re-scored even when the new version no longer shares a key. */
async function monitoredMatchesOf(db: SqlQueryable, entryIds: string[]): Promise<Pair[]> {
  if (!entryIds.length) return [];
  const { rows } = await db.query<Pair>(
    `SELECT m."tenantId", m."entityId", m."watchlistEntryId" AS "entryId", true AS matched
       FROM "Match" m JOIN "Entity" e ON e.id = m."entityId"
      WHERE m."watchlistEntryId" = ANY($1::uuid[]) AND e."ongoingMonitoring"`,
    [entryIds],
  );
  return rows;
}

/**
 * The prepared screening queries of the monitored entities an import's lookups reached (null: not
 * monitored), kept across its batches: a common name reaches the same namesakes from many changed
 * entries. Emptied past QUERY_CACHE_MAX entities, which bounds the worker's memory for a tenant with
 * millions of monitored clients: a prepared query of a client named in both scripts, with a date of
 * birth and an identity, holds about 3 KB (306 MB for 100,000), so the cache stays under 500 MB.
 */
type QueryCache = Map<string, PreparedQuery | null>;
const QUERY_CACHE_MAX = 150_000;

/**
 * Scores each (entity, entry) pair of one tenant, on a pooled connection in the tenant's scope
 * (storeScreenings writes the outcome in a tenant transaction: scoring a batch at 100,000 monitored
 * clients takes longer than the interactive transaction's timeout, 30 s, on a loaded host, and would
 * hold the transaction open meanwhile). Only entities with a match, or a match to deprecate, are
 * returned: the lookup reaches every namesake.
 */
async function scorePairs(tenantId: string, pairs: Pair[], queries: QueryCache, timing: { scoreMs: number }): Promise<EntityScreening[]> {
  const scoreStarted = performance.now();
  const screenings = await withTenantConnection(tenantId, async (db) => {
    const byEntity = groupBy(pairs, (p) => p.entityId);
    const unknown = [...byEntity.keys()].filter((id) => !queries.has(id));
    if (queries.size + unknown.length > QUERY_CACHE_MAX) queries.clear();
    for (let i = 0; i < unknown.length; i += INPUTS_PER_READ) {
      const part = unknown.slice(i, i + INPUTS_PER_READ);
      for (const { entityId, ongoingMonitoring, input } of await loadEntityScreeningInputs(db, tenantId, part))
        queries.set(entityId, ongoingMonitoring ? prepareQuery(input) : null);
      for (const id of part) if (!queries.has(id)) queries.set(id, null);
    }
    const entryIds = [...new Set(pairs.map((p) => p.entryId))];
    const entries = new Map((await loadEntries(db, entryIds)).map((e) => [e.id, e]));
    const versions = await entryVersions(db, entryIds);
    const thresholds = await loadTenantThresholds(db, tenantId);
    const now = new Date();
    const out: EntityScreening[] = [];
    for (const [entityId, entityPairs] of byEntity) {
      const query = queries.get(entityId);
      if (!query) continue;
      const ids = [...new Set(entityPairs.map((p) => p.entryId))];
      const candidates = ids.map((id) => entries.get(id)).filter((e): e is EntryRow => !!e);
      const scored = scoreEntries(query, candidates, thresholds);
      // An updated entry this entity matched before and no longer matches: that match is deprecated.
      const staleEntryIds = [...new Set(entityPairs.filter((p) => p.matched).map((p) => p.entryId))];
      if (scored.length || staleEntryIds.length)
        out.push({ entityId, matches: scored.map((c) => toScreenedMatch(toMatchDto(c, now), versions.get(c.entry.id) ?? '')), staleEntryIds });
    }
    return out;
  });
  timing.scoreMs += performance.now() - scoreStarted;
  return screenings;
}

async function storeScreenings(tenantId: string, screenings: EntityScreening[], timing: { recordMs: number }): Promise<RecordedChange[]> {
  const started = performance.now();
  const recorded = await withTenant(tenantId, (tx) => recordScreening(tx, { tenantId, screenings, screenedAt: null, reason: 'WatchlistUpdate' }));
  timing.recordMs += performance.now() - started;
  return recorded;
}

/** Entities whose screening inputs are read in one statement. */
const INPUTS_PER_READ = 5000;

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
    out.push(...(await withTenant(tenantId, (tx) => recordScreening(tx, { tenantId, screenings, screenedAt: null, reason: 'WatchlistUpdate' }))));
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
