-- GET /entities list query: the page's ids (newest first) and the total, as
-- {"ids": [...], "total": n}.
--
-- Row-level security keeps non-leakproof operators such as LIKE from being used as index
-- conditions (they may not run before the policy check), so under RLS every `q` search and every
-- count would scan the whole table. This function runs with its owner's rights (the migration
-- role, which bypasses RLS when it is a superuser or BYPASSRLS; if it is not, RLS still applies and
-- results stay correct, only slower) and takes the tenant ONLY from the transaction's
-- `app.tenant_id` (set by withTenant), never from an argument, so it cannot read another tenant's
-- rows.
--
-- The total comes from EntityCount (kept by triggers/entity_counts.sql) when only role/status/type
-- filter the list. A list filtered by q, tagId or crmId needs an exact count of its matches
-- anyway, so its matches are found once: the page and the total come from the same scan instead
-- of a page query and a second count(*) over the same rows.
CREATE OR REPLACE FUNCTION crm_list_entity_ids(
  p_role "EntityRole", p_status "EntityStatus", p_type "EntityType", p_crm_id text, p_tag_id uuid,
  p_pattern text, p_limit int, p_offset int
) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  cond text := '';
  ids jsonb;
  total bigint;
BEGIN
  IF tenant IS NULL THEN
    RETURN jsonb_build_object('ids', '[]'::jsonb, 'total', 0);
  END IF;
  IF p_role IS NOT NULL THEN cond := cond || ' AND e."role" = $2'; END IF;
  IF p_status IS NOT NULL THEN cond := cond || ' AND e."status" = $3'; END IF;
  IF p_type IS NOT NULL THEN cond := cond || ' AND e."type" = $4'; END IF;
  IF p_crm_id IS NOT NULL THEN cond := cond || ' AND e."crmId" = $5'; END IF;
  IF p_tag_id IS NOT NULL THEN
    cond := cond || ' AND EXISTS (SELECT 1 FROM "EntityTag" t WHERE t."tenantId" = $1 AND t."tagId" = $6 AND t."entityId" = e."id")';
  END IF;
  IF p_pattern IS NOT NULL THEN cond := cond || ' AND e."searchText" LIKE $7'; END IF;
  IF cond = '' THEN
    -- The unfiltered page, the most frequent call: static SQL, so PL/pgSQL keeps its plan.
    SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), '[]'::jsonb) INTO ids
      FROM (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = tenant
             ORDER BY e."createdAt" DESC, e."id" DESC LIMIT p_limit OFFSET p_offset) s;
  ELSIF p_crm_id IS NULL AND p_tag_id IS NULL AND p_pattern IS NULL THEN
    -- role/status/type: the page walks its (tenantId, column, createdAt) index; the total is below.
    EXECUTE 'SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), ''[]''::jsonb) FROM (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = $1'
         || cond || ' ORDER BY e."createdAt" DESC, e."id" DESC LIMIT $8 OFFSET $9) s'
      INTO ids USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern, p_limit, p_offset;
  ELSE
    -- Dynamic SQL: planned per call with its actual filters and values (no generic plan).
    EXECUTE 'WITH m AS MATERIALIZED (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = $1' || cond || ')
             SELECT (SELECT count(*) FROM m),
                    (SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), ''[]''::jsonb)
                       FROM (SELECT m."id", m."createdAt" FROM m ORDER BY m."createdAt" DESC, m."id" DESC LIMIT $8 OFFSET $9) s)'
      INTO total, ids USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern, p_limit, p_offset;
    RETURN jsonb_build_object('ids', ids, 'total', total);
  END IF;
  IF p_offset = 0 AND jsonb_array_length(ids) < p_limit THEN
    total := jsonb_array_length(ids);
  ELSE
    SELECT coalesce(sum(c."n"), 0) INTO total FROM "EntityCount" c
     WHERE c."tenantId" = tenant
       AND (p_role IS NULL OR c."role" = p_role)
       AND (p_status IS NULL OR c."status" = p_status)
       AND (p_type IS NULL OR c."type" = p_type);
  END IF;
  RETURN jsonb_build_object('ids', ids, 'total', total);
END
$fn$;
REVOKE ALL ON FUNCTION crm_list_entity_ids("EntityRole", "EntityStatus", "EntityType", text, uuid, text, int, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_list_entity_ids("EntityRole", "EntityStatus", "EntityType", text, uuid, text, int, int) TO crm_app;
