-- One side of a relationship as its `sourceEntity` / `targetEntity`: the entity's identifying
-- fields (a summary, not the whole document, so that documents never nest each other; without
-- timestamps, so that only a change of what it shows refreshes the other side's document).
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_relationship_party_json(e "Entity") RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', e."id", 'crmId', e."crmId", 'role', e."role", 'type', e."type", 'nameEn', e."nameEn", 'nameAr', e."nameAr", 'email', e."email",
    'status', e."status", 'nationalityCode', e."nationalityCode")
$fn$;
