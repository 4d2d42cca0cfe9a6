-- The ownership graph above an entity, for its beneficial owners (lib/relationships/beneficial-owners.ts)
-- and the profile's ownership diagram: every entity reachable from p_entity through Approved,
-- currently valid IsShareholderOf / IsBeneficialOwnerOf relationships (source = the owned
-- organization, target = the owner), those relationships, and the tenant's UBO threshold. UNION
-- keeps each entity once, so ownership cycles terminate. Scopes row-level security to the tenant
-- for its own statement, like crm_entity_profile_body (the GET /entities/{id} statement calls both).
CREATE OR REPLACE FUNCTION crm_ownership_graph(p_tenant uuid, p_entity uuid) RETURNS json
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  graph json;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  WITH RECURSIVE reach("id", "depth") AS (
    SELECT p_entity, 0
    UNION
    SELECT r."targetEntityId", reach."depth" + 1
    FROM reach JOIN "Relationship" r ON r."tenantId" = p_tenant AND r."sourceEntityId" = reach."id"
    WHERE r."approvalStatus" = 'Approved' AND r."type" IN ('IsShareholderOf', 'IsBeneficialOwnerOf')
      AND (r."validFrom" IS NULL OR r."validFrom" <= now()) AND (r."validTo" IS NULL OR r."validTo" > now())
      AND reach."depth" < 32
  ), ids AS (SELECT DISTINCT "id" FROM reach), edges AS (
    SELECT r.* FROM "Relationship" r
    WHERE r."tenantId" = p_tenant AND r."sourceEntityId" IN (SELECT "id" FROM ids)
      AND r."approvalStatus" = 'Approved' AND r."type" IN ('IsShareholderOf', 'IsBeneficialOwnerOf')
      AND (r."validFrom" IS NULL OR r."validFrom" <= now()) AND (r."validTo" IS NULL OR r."validTo" > now()))
  SELECT json_build_object(
      'threshold', (SELECT t."uboThreshold"::text FROM "Tenant" t WHERE t."id" = p_tenant),
      'nodes', (SELECT coalesce(json_agg(json_build_object('id', e."id", 'type', e."type", 'nameEn', e."nameEn", 'nameAr', e."nameAr") ORDER BY e."id"), '[]'::json)
                FROM "Entity" e WHERE e."tenantId" = p_tenant AND e."id" IN (SELECT "id" FROM ids)),
      'edges', (SELECT coalesce(json_agg(json_build_object('relationshipId', x."id", 'ownedId', x."sourceEntityId", 'ownerId', x."targetEntityId",
                  'type', x."type", 'ownershipPercent', x."ownershipPercent"::text) ORDER BY x."createdAt", x."id"), '[]'::json) FROM edges x))
    INTO graph
  WHERE EXISTS (SELECT 1 FROM "Entity" e WHERE e."tenantId" = p_tenant AND e."id" = p_entity);
  RETURN graph;
END
$fn$;
