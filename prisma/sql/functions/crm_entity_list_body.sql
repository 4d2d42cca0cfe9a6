-- GET /entities: one page as the response body `{"meta":{…},"data":[…]}`. Scopes row-level security
-- to the tenant for the statement's own transaction (the function runs as the caller, so the
-- policies apply), finds the page with crm_list_entity_ids and joins the page's documents in its
-- order (sort and worklist: see crm_list_entity_ids). plan_cache_mode = force_generic_plan for the same reason as crm_entity_profile_body:
-- re-planning on every call cost more than running the statements.
DROP FUNCTION IF EXISTS crm_entity_list_body(uuid, "EntityRole", "EntityStatus", "EntityType", text, uuid, text, int, int);
CREATE OR REPLACE FUNCTION crm_entity_list_body(
  p_tenant uuid, p_role "EntityRole", p_status "EntityStatus", p_type "EntityType", p_crm_id text, p_tag_id uuid,
  p_query text, p_page int, p_size int, p_sort text DEFAULT NULL, p_worklist text DEFAULT NULL
) RETURNS text
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  r jsonb;
  ids uuid[];
  total bigint;
  data text;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  r := crm_list_entity_ids(p_role, p_status, p_type, p_crm_id, p_tag_id, p_query, p_size, (p_page - 1) * p_size, p_sort, p_worklist);
  total := (r->>'total')::bigint;
  ids := ARRAY(SELECT jsonb_array_elements_text(r->'ids')::uuid);
  -- `= ANY(ids)`: primary-key lookups in the generic plan (a join on the unnested ids was planned
  -- as a scan of all the tenant's documents). At most 100 ids, so array_position is cheap.
  SELECT string_agg(d."document"::text, ',' ORDER BY array_position(ids, d."entityId")) INTO data
    FROM "EntityDocument" d
    WHERE d."tenantId" = p_tenant AND d."entityId" = ANY(ids);
  RETURN '{"meta":{"page":' || p_page || ',"size":' || p_size || ',"totalCount":' || total
    || ',"totalPages":' || (total + p_size - 1) / p_size || '},"data":[' || coalesce(data, '') || ']}';
END
$fn$;
