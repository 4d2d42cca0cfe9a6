-- An entity document's `relationships`: every relationship the entity is the source or the target
-- of, oldest first, each with both sides' summaries (crm_relationship_json). Kept fresh by the
-- triggers of triggers/relationships.sql, which refresh the documents of both sides.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_entity_relationships_json(p_tenant uuid, p_entity uuid) RETURNS json
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
  SELECT coalesce(json_agg(x."relationship" ORDER BY r."createdAt", r."id"), '[]'::json)
  FROM "Relationship" r
  CROSS JOIN LATERAL crm_relationships_json(p_tenant, ARRAY[r."id"]) x
  WHERE r."tenantId" = p_tenant AND (r."sourceEntityId" = p_entity OR r."targetEntityId" = p_entity)
$fn$;
