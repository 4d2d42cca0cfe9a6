-- Every prospect and client gets its KYC record when it is created, on its tenant's default flow
-- (decisions.md; screening entities get none). A trigger rather than service code, so that every
-- way of creating entities (single, bulk, seeds) keeps the invariant. Statement-level with a
-- transition table like the document triggers: a bulk insert creates its records in one statement.
-- Its trigger "Entity_create_kyc" (triggers/kyc.sql) fires before "Entity_document_insert" (same
-- event, so alphabetical order), so a new entity's stored document already holds its KYC.
-- @then-run maintenance/create_missing_kyc.sql
CREATE OR REPLACE FUNCTION crm_create_kyc_records() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
BEGIN
  INSERT INTO "Kyc" ("tenantId", "entityId", "flowId", "classification")
  SELECT n."tenantId", n."id", f."id", n."classification"::text::"KycClassification"
  FROM new_rows n
  LEFT JOIN "KycFlow" f ON f."tenantId" = n."tenantId" AND f."isDefault"
  WHERE n."role" IN ('Client', 'Prospect');
  RETURN NULL;
END
$fn$;
