-- The entity read model (EntityDocument) follows every table a document reads from:
-- statement-level triggers with transition tables, so a bulk insert refreshes its documents in one
-- set-based statement (crm_entity_documents_trigger). PostgreSQL allows transition tables on
-- single-event triggers only, hence one trigger per table and event.
-- @then-run maintenance/refresh_entity_documents.sql

-- Entity: an entity's own delete cascades to its document, so no DELETE trigger.
CREATE OR REPLACE TRIGGER "Entity_document_insert" AFTER INSERT ON "Entity"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "Entity_document_update" AFTER UPDATE ON "Entity"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- Identity
CREATE OR REPLACE TRIGGER "Identity_document_insert" AFTER INSERT ON "Identity"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "Identity_document_update" AFTER UPDATE ON "Identity"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "Identity_document_delete" AFTER DELETE ON "Identity"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- IdentityVerification
CREATE OR REPLACE TRIGGER "IdentityVerification_document_insert" AFTER INSERT ON "IdentityVerification"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "IdentityVerification_document_update" AFTER UPDATE ON "IdentityVerification"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "IdentityVerification_document_delete" AFTER DELETE ON "IdentityVerification"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- IdentityDocument
CREATE OR REPLACE TRIGGER "IdentityDocument_document_insert" AFTER INSERT ON "IdentityDocument"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "IdentityDocument_document_update" AFTER UPDATE ON "IdentityDocument"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "IdentityDocument_document_delete" AFTER DELETE ON "IdentityDocument"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- Attachment: attachments matter only through the identities that use them: no INSERT or DELETE trigger.
CREATE OR REPLACE TRIGGER "Attachment_document_update" AFTER UPDATE ON "Attachment"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- EntityTag
CREATE OR REPLACE TRIGGER "EntityTag_document_insert" AFTER INSERT ON "EntityTag"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "EntityTag_document_update" AFTER UPDATE ON "EntityTag"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "EntityTag_document_delete" AFTER DELETE ON "EntityTag"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- Tag: tags matter only through EntityTag rows: no INSERT or DELETE trigger.
CREATE OR REPLACE TRIGGER "Tag_document_update" AFTER UPDATE ON "Tag"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- OrganizationStatus
CREATE OR REPLACE TRIGGER "OrganizationStatus_document_insert" AFTER INSERT ON "OrganizationStatus"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "OrganizationStatus_document_update" AFTER UPDATE ON "OrganizationStatus"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "OrganizationStatus_document_delete" AFTER DELETE ON "OrganizationStatus"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- Activity
CREATE OR REPLACE TRIGGER "Activity_document_insert" AFTER INSERT ON "Activity"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "Activity_document_update" AFTER UPDATE ON "Activity"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "Activity_document_delete" AFTER DELETE ON "Activity"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- BankAccount
CREATE OR REPLACE TRIGGER "BankAccount_document_insert" AFTER INSERT ON "BankAccount"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "BankAccount_document_update" AFTER UPDATE ON "BankAccount"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "BankAccount_document_delete" AFTER DELETE ON "BankAccount"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();

-- Address
CREATE OR REPLACE TRIGGER "Address_document_insert" AFTER INSERT ON "Address"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "Address_document_update" AFTER UPDATE ON "Address"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
CREATE OR REPLACE TRIGGER "Address_document_delete" AFTER DELETE ON "Address"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger();
