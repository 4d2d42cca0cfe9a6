-- A side's wallet for crm_transaction_ingest_open: the tenant's wallet with vIban p_viban, or, when
-- it has none and the side names entity p_entity, that entity's new Draft wallet in currency
-- p_currency (decisions.md). Concurrent creators meet on the unique vIban: the one that loses reads
-- the winner's wallet in a statement of its own, whose snapshot sees it. Answers the wallet with
-- its owner and the owner's country risk grade, or NULL.
CREATE OR REPLACE FUNCTION crm_transaction_ingest_wallet(p_tenant uuid, p_viban text, p_entity uuid, p_currency text) RETURNS json
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  w record;
BEGIN
  SELECT id, "entityId", currency, "lastTransactionAt" INTO w FROM "Wallet" WHERE "tenantId" = p_tenant AND "vIban" = p_viban;
  IF NOT FOUND AND p_entity IS NOT NULL THEN
    INSERT INTO "Wallet" (id, "tenantId", "entityId", currency, "vIban", "updatedAt")
    VALUES (gen_random_uuid(), p_tenant, p_entity, p_currency, p_viban, now())
    ON CONFLICT ("tenantId", "vIban") DO NOTHING RETURNING id, "entityId", currency, "lastTransactionAt" INTO w;
    IF NOT FOUND THEN
      SELECT id, "entityId", currency, "lastTransactionAt" INTO w FROM "Wallet" WHERE "tenantId" = p_tenant AND "vIban" = p_viban;
    END IF;
  END IF;
  IF w.id IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object('id', w.id, 'entityId', w."entityId", 'currency', w.currency, 'lastTransactionAt', w."lastTransactionAt",
    'owner', (SELECT json_build_object('id', e.id, 'nationalityCode', e."nationalityCode", 'crmId', e."crmId", 'type', e.type, 'nameEn', e."nameEn",
                                       'nameAr', e."nameAr", 'grade', (SELECT c.grade FROM "CountryRisk" c WHERE c.code = e."nationalityCode"))
                FROM "Entity" e WHERE e."tenantId" = p_tenant AND e.id = w."entityId"));
END
$fn$;
REVOKE ALL ON FUNCTION crm_transaction_ingest_wallet(uuid, text, uuid, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_transaction_ingest_wallet(uuid, text, uuid, text) TO crm_app;
