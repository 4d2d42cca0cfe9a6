import { sqlOf } from '@/lib/db/sql';
import { withTenant } from '@/lib/db/tenant-tx';
import type { WatchlistStatus } from './schemas';

/** Imports listed per list: enough to see the update rhythm and what the last ones changed. */
const IMPORTS_SHOWN = 10;

interface StatusRow {
  source: WatchlistStatus['source'];
  shared: boolean;
  active: string;
  deprecated: string;
  imports:
    { id: string; createdAt: string; format: string; fileName: string | null; added: number; updated: number; deprecated: number; unchanged: number }[] | null;
}

/**
 * GET /screening/lists (ours): the lists the tenant is screened against (the shared ListSourceA and
 * ListSourceB, its own Custom list), each with its active and removed entries and its last imports,
 * so an officer (or an auditor) can tell which version of a list screened the clients and whether
 * it is current. Each list's rows are selected by an equality on `tenantId` (null for the shared
 * lists), so the counts walk the (tenantId, source, isValid) index.
 */
export async function getWatchlistStatus({ tenantId }: { tenantId: string }): Promise<{ data: WatchlistStatus[] }> {
  // One SELECT per list; `owner` is the list's tenantId condition (a constant or the bound $1).
  const one = (source: WatchlistStatus['source'], owner: 'IS NULL' | '= $1::uuid') => `
    SELECT '${source}' AS source, ${owner === 'IS NULL'} AS shared,
           (SELECT count(*) FROM "WatchlistEntry" e WHERE e."tenantId" ${owner} AND e.source = '${source}' AND e."isValid") AS active,
           (SELECT count(*) FROM "WatchlistEntry" e WHERE e."tenantId" ${owner} AND e.source = '${source}' AND NOT e."isValid") AS deprecated,
           (SELECT json_agg(i ORDER BY i.at DESC, i.id DESC)
              FROM (SELECT w.id, w."createdAt" AS at, crm_timestamp_text(w."createdAt") AS "createdAt", w.format, w."fileName",
                           w.added, w.updated, w.deprecated, w.unchanged
                      FROM "WatchlistImport" w WHERE w."tenantId" ${owner} AND w.source = '${source}'
                     ORDER BY w."createdAt" DESC, w.id DESC LIMIT ${IMPORTS_SHOWN}) i) AS imports`;
  return withTenant(tenantId, async (tx) => {
    const { rows } = await sqlOf(tx).query<StatusRow>(
      `${one('ListSourceA', 'IS NULL')} UNION ALL ${one('ListSourceB', 'IS NULL')} UNION ALL ${one('Custom', '= $1::uuid')}`,
      [tenantId],
    );
    return {
      data: rows.map((r) => {
        const imports = (r.imports ?? []).map(({ id, createdAt, format, fileName, added, updated, deprecated, unchanged }) => ({
          id,
          createdAt,
          format,
          fileName,
          added,
          updated,
          deprecated,
          unchanged,
        }));
        return {
          source: r.source,
          shared: r.shared,
          activeEntries: Number(r.active),
          deprecatedEntries: Number(r.deprecated),
          lastImportAt: imports[0]?.createdAt ?? null,
          imports,
        };
      }),
    };
  });
}
