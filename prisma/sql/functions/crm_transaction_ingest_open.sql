-- POST /transactions, the ingest's first statement (lib/transactions/create-transaction.ts). It
-- scopes row-level security to tenant p_tenant for the rest of the transaction, finds the entities
-- the sides name (by id and/or crmId), takes their ingest locks in key order (two ingests of one
-- entity never interleave; two entities never deadlock), and only then (each statement below has
-- its own snapshot, so it sees what committed while this one waited for a lock) reads the stored
-- request hash of p_external_ref, the named entities' bank accounts by IBAN, the tenant's Published
-- rules, the risk grades of the countries the sides may have, the tags, whether the corrected
-- transaction exists, and the sides' wallets by vIban with their owners, creating a named entity's
-- unknown vIban as its Draft wallet (decisions.md). A NULL parameter means the body does not send it.
-- One statement and one round trip for what were three statements and two round trips.
-- An entity named but not found answers at once (nothing written): the caller answers 404.
-- A stored externalRef answers its request hash at once: the caller answers the retry (or 409).
CREATE OR REPLACE FUNCTION crm_transaction_ingest_open(
  p_tenant uuid,
  p_source_id uuid, p_source_crm_id text, p_target_id uuid, p_target_crm_id text,
  p_source_iban text, p_target_iban text, p_source_viban text, p_target_viban text, p_currency text,
  p_countries text[], p_tag_ids uuid[], p_corrects uuid, p_external_ref text, p_rules_version bigint) RETURNS json
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  source_entity json;
  target_entity json;
  source_id uuid;
  target_id uuid;
  source_nationality text;
  target_nationality text;
  lock_key text;
  request_hash text;
  source_wallet json;
  target_wallet json;
  source_bank json;
  target_bank json;
  rules json;
  rules_version bigint;
  grades json;
  tags json;
  corrects boolean := true;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);

  source_entity := crm_transaction_ingest_party(p_tenant, p_source_id, p_source_crm_id);
  source_id := (source_entity ->> 'id')::uuid;
  source_nationality := source_entity ->> 'nationalityCode';
  target_entity := crm_transaction_ingest_party(p_tenant, p_target_id, p_target_crm_id);
  target_id := (target_entity ->> 'id')::uuid;
  target_nationality := target_entity ->> 'nationalityCode';
  IF ((p_source_id IS NOT NULL OR p_source_crm_id IS NOT NULL) AND source_entity IS NULL)
     OR ((p_target_id IS NOT NULL OR p_target_crm_id IS NOT NULL) AND target_entity IS NULL) THEN
    RETURN json_build_object('sourceEntity', source_entity, 'targetEntity', target_entity);
  END IF;

  FOR lock_key IN
    SELECT DISTINCT 'transactions:' || p_tenant::text || ':' || i::text FROM unnest(ARRAY[source_id, target_id]) i WHERE i IS NOT NULL ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(lock_key, 0));
  END LOOP;

  SELECT t."requestHash" INTO request_hash FROM "Transaction" t WHERE t."tenantId" = p_tenant AND t."externalRef" = p_external_ref;
  IF request_hash IS NOT NULL THEN
    RETURN json_build_object('sourceEntity', source_entity, 'targetEntity', target_entity, 'requestHash', request_hash);
  END IF;

  IF p_source_iban IS NOT NULL AND source_id IS NOT NULL THEN
    SELECT json_build_object('id', b.id, 'entityId', b."entityId", 'iban', b.iban, 'bankNameEn', b."bankNameEn", 'bankNameAr', b."bankNameAr") INTO source_bank
      FROM "BankAccount" b WHERE b."tenantId" = p_tenant AND b."entityId" = source_id AND b.iban = p_source_iban LIMIT 1;
  END IF;
  IF p_target_iban IS NOT NULL AND target_id IS NOT NULL THEN
    SELECT json_build_object('id', b.id, 'entityId', b."entityId", 'iban', b.iban, 'bankNameEn', b."bankNameEn", 'bankNameAr', b."bankNameAr") INTO target_bank
      FROM "BankAccount" b WHERE b."tenantId" = p_tenant AND b."entityId" = target_id AND b.iban = p_target_iban LIMIT 1;
  END IF;

  SELECT coalesce(max(v."version"), 0) INTO rules_version FROM "TransactionRuleSet" v WHERE v."tenantId" = p_tenant;
  IF rules_version IS DISTINCT FROM p_rules_version THEN
    -- As lib/transactions/rules/load-rules.ts PUBLISHED_RULES_SQL, in code order.
    SELECT json_agg(r ORDER BY r.code) INTO rules FROM (
      SELECT r.id, r.code, r.version, r.template, r.config, r.type, r.severity, r."nameEn", r."nameAr" FROM "TransactionRule" r
       WHERE r."tenantId" = p_tenant AND r.status = 'Published' AND NOT r."autoSuspended") r;
    rules := coalesce(rules, '[]'::json);
  END IF;

  SELECT json_object_agg(c.code, c.grade) INTO grades FROM "CountryRisk" c
   WHERE c.code = ANY(p_countries || array_remove(ARRAY[source_nationality, target_nationality], NULL));

  IF cardinality(p_tag_ids) > 0 THEN
    SELECT json_agg(crm_tag_json(tg)) INTO tags FROM "Tag" tg WHERE tg."tenantId" = p_tenant AND tg.id = ANY(p_tag_ids);
  END IF;
  IF p_corrects IS NOT NULL THEN
    corrects := EXISTS (SELECT 1 FROM "Transaction" c WHERE c."tenantId" = p_tenant AND c.id = p_corrects);
  END IF;

  IF p_source_viban IS NOT NULL THEN
    source_wallet := crm_transaction_ingest_wallet(p_tenant, p_source_viban, source_id, p_currency);
  END IF;
  IF p_target_viban IS NOT NULL THEN
    target_wallet := crm_transaction_ingest_wallet(p_tenant, p_target_viban, target_id, p_currency);
  END IF;

  RETURN json_build_object('sourceEntity', source_entity, 'targetEntity', target_entity, 'sourceBank', source_bank, 'targetBank', target_bank,
                           'rulesVersion', rules_version, 'rules', rules, 'grades', grades, 'tags', tags, 'corrects', corrects, 'source', source_wallet, 'target', target_wallet);
END
$fn$;
REVOKE ALL ON FUNCTION crm_transaction_ingest_open(uuid, uuid, text, uuid, text, text, text, text, text, text, text[], uuid[], uuid, text, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_transaction_ingest_open(uuid, uuid, text, uuid, text, text, text, text, text, text, text[], uuid[], uuid, text, bigint) TO crm_app;
