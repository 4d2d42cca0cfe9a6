import { buildMeta, pageOf, type PageQuery } from '@/lib/api/pagination';
import { loadEntities, withTenantReader } from './load-entities';

export interface EntityListFilters {
  role?: 'client' | 'prospect' | 'screening';
  status?: 'Active' | 'Blocked' | 'Deactivated' | 'Deceased';
  type?: 'Individual' | 'Organization';
  q?: string;
  tagId?: string;
  crmId?: string;
}

const ROLE = { client: 'Client', prospect: 'Prospect', screening: 'Screening' } as const;

/** `%`, `_` and `\` in the search text are literal characters, not LIKE wildcards. */
export const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A tenant's entities, newest first, with the filters of decisions.md. The page's ids and the
 * total come from `crm_list_entity_ids` (records migration): it reads the tenant from this
 * transaction's RLS setting and lets every filter use its index, which row-level security would
 * otherwise prevent for `q` (see the migration). `q` matches `searchText` (names in both
 * languages, e-mail, crmId and identity numbers, lower-cased) through a trigram GIN index.
 * The page's entities are then read in the API's shape with one statement (entity-json-sql.ts).
 */
export async function listEntities({ tenantId, page, filters = {} }: { tenantId: string; page: PageQuery; filters?: EntityListFilters }) {
  const { skip, take } = pageOf(page);
  return withTenantReader(tenantId, async (run) => {
    const [{ r }] = await run<{ r: { ids: string[]; total: number } }>(
      `SELECT crm_list_entity_ids($1::"EntityRole", $2::"EntityStatus", $3::"EntityType", $4::text, $5::uuid, $6::text, $7::int, $8::int) AS r`,
      [filters.role ? ROLE[filters.role] : null, filters.status ?? null, filters.type ?? null, filters.crmId ?? null, filters.tagId ?? null, filters.q ? likePattern(filters.q) : null, take, skip],
    );
    return { meta: buildMeta(page, Number(r.total)), data: await loadEntities(run, tenantId, r.ids) };
  });
}
