-- The entity a side of a transaction names, for crm_transaction_ingest_open: by id, by crmId, or by
-- both (which must then agree); NULL when it names none or the tenant has no such entity. Each way is
-- a statement of its own, so each keeps its index condition in the generic plan (a condition such as
-- `id = coalesce(p_id, …)` is no index condition under row-level security: a sequential scan).
CREATE OR REPLACE FUNCTION crm_transaction_ingest_party(p_tenant uuid, p_id uuid, p_crm_id text) RETURNS json
LANGUAGE plpgsql STABLE SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  e record;
BEGIN
  IF p_id IS NOT NULL AND p_crm_id IS NOT NULL THEN
    SELECT id, "nationalityCode", "crmId", type, "nameEn", "nameAr" INTO e FROM "Entity" WHERE "tenantId" = p_tenant AND id = p_id AND "crmId" = p_crm_id;
  ELSIF p_id IS NOT NULL THEN
    SELECT id, "nationalityCode", "crmId", type, "nameEn", "nameAr" INTO e FROM "Entity" WHERE "tenantId" = p_tenant AND id = p_id;
  ELSIF p_crm_id IS NOT NULL THEN
    SELECT id, "nationalityCode", "crmId", type, "nameEn", "nameAr" INTO e FROM "Entity" WHERE "tenantId" = p_tenant AND "crmId" = p_crm_id LIMIT 1;
  ELSE
    RETURN NULL;
  END IF;
  IF e.id IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object('id', e.id, 'nationalityCode', e."nationalityCode", 'crmId', e."crmId", 'type', e.type, 'nameEn', e."nameEn", 'nameAr', e."nameAr");
END
$fn$;
REVOKE ALL ON FUNCTION crm_transaction_ingest_party(uuid, uuid, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_transaction_ingest_party(uuid, uuid, text) TO crm_app;
