-- Keeps entity documents' `relationships` fresh (statement-level, with transition tables, like
-- crm_entity_documents_trigger): a relationship row, its files or its notes change → the
-- documents of both its source and its target; an entity's identifying fields change → the
-- documents of the entities related to it (their `sourceEntity` / `targetEntity` summaries).
-- The triggers themselves: triggers/relationships.sql.
CREATE OR REPLACE FUNCTION crm_relationship_documents_trigger() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
DECLARE
  pairs uuid[][] := '{}';
  found uuid[][];
  affected record;
BEGIN
  IF TG_TABLE_NAME = 'Relationship' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      SELECT array_agg(ARRAY[x.tenant, x.id]) INTO found FROM (
        SELECT n."tenantId" AS tenant, n."sourceEntityId" AS id FROM new_rows n
        UNION SELECT n."tenantId", n."targetEntityId" FROM new_rows n) x;
      pairs := pairs || coalesce(found, '{}');
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      SELECT array_agg(ARRAY[x.tenant, x.id]) INTO found FROM (
        SELECT o."tenantId" AS tenant, o."sourceEntityId" AS id FROM old_rows o
        UNION SELECT o."tenantId", o."targetEntityId" FROM old_rows o) x;
      pairs := pairs || coalesce(found, '{}');
    END IF;
  ELSIF TG_TABLE_NAME IN ('RelationshipFile', 'RelationshipNote') THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      SELECT array_agg(ARRAY[x.tenant, x.id]) INTO found FROM (
        SELECT r."tenantId" AS tenant, r."sourceEntityId" AS id FROM new_rows n JOIN "Relationship" r ON r."id" = n."relationshipId"
        UNION SELECT r."tenantId", r."targetEntityId" FROM new_rows n JOIN "Relationship" r ON r."id" = n."relationshipId") x;
      pairs := pairs || coalesce(found, '{}');
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      SELECT array_agg(ARRAY[x.tenant, x.id]) INTO found FROM (
        SELECT r."tenantId" AS tenant, r."sourceEntityId" AS id FROM old_rows o JOIN "Relationship" r ON r."id" = o."relationshipId"
        UNION SELECT r."tenantId", r."targetEntityId" FROM old_rows o JOIN "Relationship" r ON r."id" = o."relationshipId") x;
      pairs := pairs || coalesce(found, '{}');
    END IF;
  ELSIF TG_TABLE_NAME = 'Entity' THEN
    -- Only the fields a party summary shows (crm_relationship_party_json); the entity's own
    -- document is refreshed by crm_entity_documents_trigger.
    SELECT array_agg(ARRAY[x.tenant, x.id]) INTO found FROM (
      SELECT DISTINCT r."tenantId" AS tenant, CASE WHEN r."sourceEntityId" = n."id" THEN r."targetEntityId" ELSE r."sourceEntityId" END AS id
      FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      JOIN "Relationship" r ON r."tenantId" = n."tenantId" AND (r."sourceEntityId" = n."id" OR r."targetEntityId" = n."id")
      WHERE (n."crmId", n."role", n."type", n."nameEn", n."nameAr", n."email", n."status", n."nationalityCode")
        IS DISTINCT FROM (o."crmId", o."role", o."type", o."nameEn", o."nameAr", o."email", o."status", o."nationalityCode")) x;
    pairs := pairs || coalesce(found, '{}');
  END IF;
  IF cardinality(pairs) = 0 THEN
    RETURN NULL;
  END IF;
  FOR affected IN
    SELECT pairs[i][1] AS tenant, array_agg(DISTINCT pairs[i][2]) AS ids FROM generate_subscripts(pairs, 1) AS i GROUP BY pairs[i][1]
  LOOP
    PERFORM crm_refresh_entity_documents(affected.tenant, affected.ids);
  END LOOP;
  RETURN NULL;
END
$fn$;
