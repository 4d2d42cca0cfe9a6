-- Gives every prospect and client that has no KYC record one (on its tenant's default flow when the
-- tenant has one, else without a flow until one is made the default): appended by db:new-migration
-- when functions/crm_create_kyc_records.sql changes. Runs before the document refresh.
SELECT set_config('app.scope', 'platform', true);
INSERT INTO "Kyc" ("tenantId", "entityId", "flowId", "classification")
SELECT e."tenantId", e."id", f."id", e."classification"::text::"KycClassification"
FROM "Entity" e
LEFT JOIN "KycFlow" f ON f."tenantId" = e."tenantId" AND f."isDefault"
WHERE e."role" IN ('Client', 'Prospect') AND NOT EXISTS (SELECT 1 FROM "Kyc" k WHERE k."entityId" = e."id");
