-- KYC triggers.
-- @then-run maintenance/refresh_entity_documents.sql

-- A new prospect's or client's KYC record (functions/crm_create_kyc_records.sql). Named to sort
-- before "Entity_document_insert": PostgreSQL fires triggers of one event in name order, so the
-- document built by that trigger already sees the record (Kyc therefore needs no INSERT trigger).
CREATE OR REPLACE TRIGGER "Entity_create_kyc" AFTER INSERT ON "Entity"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_create_kyc_records();

-- The entity document embeds the KYC (status, classification, relationship manager) and its scores.
-- Kyc rows are deleted only with their entity (cascade), scores never: no DELETE triggers.
CREATE OR REPLACE TRIGGER "Kyc_document_update" AFTER UPDATE ON "Kyc"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "KycScore_document_insert" AFTER INSERT ON "KycScore"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
