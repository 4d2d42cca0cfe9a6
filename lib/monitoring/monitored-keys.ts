/**
 * Reverse lookup keys of monitored entities. For each name of the entity: every blocking key a
 * screening query of that name looks up (lib/screening: primary and fallback pair keys, the `f:`
 * subset keys of individuals, the loose keys of the spelling-variant fallback), plus `id:<number>`
 * for each identity number (normalized as the engine compares them). A watchlist entry whose own
 * blocking keys (WatchlistNameKey.blockKeys) or `id:` numbers meet these is a candidate for that
 * entity: the same keys the forward search uses, looked up the other way round. Each key is also a
 * row of MonitoredLookupKey (the lookup reads those, by btree equality).
 */
import { randomUUID } from 'node:crypto';
import { sqlOf } from '@/lib/db/sql';
import type { Tx } from '@/lib/db/tenant-tx';
import { queryBlockKeySets, queryLooseKeys, querySubsetKeys } from '@/lib/screening/keys';
import { prepareQuery, type ScreeningInput } from '@/lib/screening/score';

/** The forward search looks identity numbers up only from this length (candidates.ts). */
const MIN_ID_LENGTH = 5;

export interface MonitoredKeyRow {
  key: string;
  lookupKeys: string[];
}

export function monitoredKeyRows(input: ScreeningInput): MonitoredKeyRow[] {
  const q = prepareQuery(input);
  const idKeys = [...new Set(q.identities.map((i) => i.number).filter((n) => n.length >= MIN_ID_LENGTH))].map((n) => `id:${n}`);
  const rows: MonitoredKeyRow[] = [];
  const seen = new Set<string>();
  for (const n of q.names) {
    if (!n.key || seen.has(n.key)) continue;
    seen.add(n.key);
    const { primary, fallback } = queryBlockKeySets(n, q.type);
    const keys = new Set([...primary, ...fallback, ...(q.type === 'Individual' ? querySubsetKeys(n) : []), ...queryLooseKeys(n, q.type), ...idKeys]);
    if (keys.size) rows.push({ key: n.key, lookupKeys: [...keys] });
  }
  if (!rows.length && idKeys.length) rows.push({ key: '', lookupKeys: idKeys });
  return rows;
}

/**
 * Replaces the keys of `entities` (set-based): monitored ones get their current keys, the others
 * none (monitoring switched off, or a one-time screening entity).
 */
export async function replaceMonitoredKeys(
  tx: Tx,
  tenantId: string,
  entities: { entityId: string; ongoingMonitoring: boolean; input: ScreeningInput }[],
): Promise<void> {
  if (!entities.length) return;
  const db = sqlOf(tx);
  await db.query(`DELETE FROM "MonitoredNameKey" WHERE "tenantId" = $1::uuid AND "entityId" = ANY($2::uuid[])`, [tenantId, entities.map((e) => e.entityId)]);
  const rows = entities
    .filter((e) => e.ongoingMonitoring)
    .flatMap((e) => monitoredKeyRows(e.input).map((r) => ({ id: randomUUID(), entityId: e.entityId, ...r })));
  if (!rows.length) return;
  await db.query(
    `INSERT INTO "MonitoredNameKey" (id, "tenantId", "entityId", key, "lookupKeys", "createdAt")
     SELECT x.id, $1::uuid, x."entityId", x.key, x."lookupKeys", now()
       FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, "entityId" uuid, key text, "lookupKeys" text[])`,
    [tenantId, JSON.stringify(rows)],
  );
  // one row per key (MonitoredLookupKey), what the reverse lookup reads: btree, usable under row-level security
  await db.query('SELECT crm_add_monitored_lookup_keys($1::uuid[])', [rows.map((r) => r.id)]);
}
