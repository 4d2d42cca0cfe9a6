-- The API's Tag object: an entity's `tags` and the tag routes. Inlined by PostgreSQL.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_tag_json(t "Tag") RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', t."id", 'createdAt', crm_timestamp_text(t."createdAt"), 'updatedAt', crm_timestamp_text(t."updatedAt"),
    'nameEn', t."nameEn", 'nameAr', t."nameAr", 'scope', t."scope")
$fn$;
