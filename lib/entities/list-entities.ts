import type { PageMeta, PageQuery } from '@/lib/core/pagination';
import { RawJson } from '@/lib/core/raw-json';
import { queryAsTenant } from '@/lib/db/sql';
import type { ENTITY_SORTS, ENTITY_WORKLISTS, EntityOut } from './schemas';

export interface EntityListFilters {
  role?: 'client' | 'prospect' | 'screening';
  status?: 'Active' | 'Blocked' | 'Deactivated' | 'Deceased';
  type?: 'Individual' | 'Organization';
  q?: string;
  tagId?: string;
  crmId?: string;
  sort?: (typeof ENTITY_SORTS)[number];
  worklist?: (typeof ENTITY_WORKLISTS)[number];
}

const ROLE = { client: 'Client', prospect: 'Prospect', screening: 'Screening' } as const;

interface ListArgs {
  tenantId: string;
  page: PageQuery;
  filters?: EntityListFilters;
}

/**
 * A tenant's entities, newest first, with the filters of decisions.md, as the response body, in
 * one statement: `crm_entity_list_body` (prisma/sql/functions) scopes row-level
 * security to the tenant for its own statement, gets the page's ids and total from
 * `crm_list_entity_ids` (which lets every filter use its index, which row-level security would
 * otherwise prevent for `q`) and joins the page's stored documents (EntityDocument, nationality
 * included) into `{"meta":…,"data":[…]}`. `q` is folded and split into words in SQL
 * (`crm_search_fold`: Arabic letter forms, diacritics, case, digits, punctuation); every word must
 * occur in `searchText` (names in both languages, e-mail, crmId, identity numbers, IBANs, stored
 * folded), each through the trigram GIN index.
 */
export async function listEntitiesJson({ tenantId, page, filters = {} }: ListArgs): Promise<RawJson> {
  const rows = await queryAsTenant<{ body: string }>(tenantId, {
    name: 'crm_entity_list_body',
    text: 'SELECT crm_entity_list_body($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) AS body',
    values: [
      filters.role ? ROLE[filters.role] : null,
      filters.status ?? null,
      filters.type ?? null,
      filters.crmId ?? null,
      filters.tagId ?? null,
      filters.q ?? null,
      page.page,
      page.size,
      filters.sort ?? null,
      filters.worklist ?? null,
    ],
  });
  return new RawJson(rows[0]!.body);
}

/** The same page, parsed (the officer UI). */
export async function listEntities(args: ListArgs): Promise<{ meta: PageMeta; data: EntityOut[] }> {
  return (await listEntitiesJson(args)).parse();
}
