import { sqlOf } from '@/lib/db/sql';
import { withTenant } from '@/lib/db/tenant-tx';
import { STALE_AFTER_DAYS, type CoverageGaps, type WatchlistStatus } from './schemas';

/** Imports listed per list: enough to see the update rhythm and what the last ones changed. */
const IMPORTS_SHOWN = 10;

type Source = WatchlistStatus['source'];
type Owner = 'IS NULL' | '= $1::uuid';
const LISTS: { source: Source; owner: Owner }[] = [
  { source: 'ListSourceA', owner: 'IS NULL' },
  { source: 'ListSourceB', owner: 'IS NULL' },
  { source: 'Custom', owner: '= $1::uuid' },
];

interface StatusRow {
  source: Source;
  imports: WatchlistStatus['imports'] | null;
}

/**
 * GET /screening/lists (ours): the lists the tenant is screened against (the shared ListSourceA and
 * ListSourceB, its own Custom list), each with its active and removed entries and its last imports,
 * so an officer (or an auditor) can tell which version of a list screened the clients and whether
 * it is current. A list's size is the one its last import recorded (one row, where counting a
 * shared list of a million entries under row-level security took 0.75 s); a list whose last import
 * predates those figures, or that was never imported, is counted.
 */
export async function getWatchlistStatus({ tenantId }: { tenantId: string }): Promise<{ data: WatchlistStatus[] }> {
  const importsOf = ({ source, owner }: (typeof LISTS)[number]) => `
    SELECT '${source}' AS source,
           (SELECT json_agg(json_build_object('id', i.id, 'createdAt', crm_timestamp_text(i."createdAt"), 'format', i.format,
                                              'fileName', i."fileName", 'added', i.added, 'updated', i.updated,
                                              'deprecated', i.deprecated, 'unchanged', i.unchanged,
                                              'activeEntries', i."activeEntries", 'deprecatedEntries', i."deprecatedEntries")
                            ORDER BY i."createdAt" DESC, i.id DESC)
              FROM (SELECT * FROM "WatchlistImport" w WHERE w."tenantId" ${owner} AND w.source = '${source}'
                     ORDER BY w."createdAt" DESC, w.id DESC LIMIT ${IMPORTS_SHOWN}) i) AS imports`;
  return withTenant(tenantId, async (tx) => {
    const sql = sqlOf(tx);
    const { rows } = await sql.query<StatusRow>(LISTS.map(importsOf).join(' UNION ALL '), [tenantId]);
    const data: WatchlistStatus[] = [];
    for (const list of LISTS) {
      const imports = rows.find((r) => r.source === list.source)?.imports ?? [];
      const recorded = imports[0];
      let sizes: { activeEntries: number; deprecatedEntries: number } | null =
        recorded && recorded.activeEntries !== null && recorded.deprecatedEntries !== null
          ? { activeEntries: recorded.activeEntries, deprecatedEntries: recorded.deprecatedEntries }
          : null;
      if (!sizes) {
        const counted = await sql.query<{ activeEntries: number; deprecatedEntries: number }>(
          `SELECT count(*) FILTER (WHERE e."isValid")::int AS "activeEntries", count(*) FILTER (WHERE NOT e."isValid")::int AS "deprecatedEntries"
             FROM "WatchlistEntry" e WHERE e."tenantId" ${list.owner} AND e.source = '${list.source}'`,
          list.owner === 'IS NULL' ? [] : [tenantId],
        );
        sizes = counted.rows[0]!;
      }
      data.push({
        source: list.source,
        shared: list.owner === 'IS NULL',
        activeEntries: sizes.activeEntries,
        deprecatedEntries: sizes.deprecatedEntries,
        lastImportAt: recorded?.createdAt ?? null,
        imports,
      });
    }
    return { data };
  });
}

/**
 * The shared lists that leave a gap in screening: never imported (no active entry, so nobody can be
 * found on them), or not updated for more than STALE_AFTER_DAYS days.
 */
export function coverageGaps(lists: WatchlistStatus[], now: Date): CoverageGaps {
  const shared = lists.filter((list) => list.shared);
  const never = shared.filter((list) => list.activeEntries === 0).map((list) => list.source);
  const stale = shared.flatMap((list) => {
    if (list.activeEntries === 0 || !list.lastImportAt) return [];
    // lastImportAt is `YYYY-MM-DD HH:mm:ss.SSS` in UTC.
    const days = Math.floor((now.getTime() - Date.parse(`${list.lastImportAt.replace(' ', 'T')}Z`)) / 86_400_000);
    return days > STALE_AFTER_DAYS ? [{ source: list.source, days }] : [];
  });
  return { never, stale };
}
