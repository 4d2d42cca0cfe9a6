-- Entity documents carry their relationships (both directions, with the other side's summary):
-- statement-level triggers with transition tables refresh the documents of both sides
-- (functions/crm_relationship_documents_trigger.sql). One trigger per table and event, as
-- PostgreSQL allows transition tables on single-event triggers only.
-- @then-run maintenance/refresh_entity_documents.sql

CREATE OR REPLACE TRIGGER "Relationship_document_insert" AFTER INSERT ON "Relationship"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_relationship_documents_trigger();
CREATE OR REPLACE TRIGGER "Relationship_document_update" AFTER UPDATE ON "Relationship"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_relationship_documents_trigger();
CREATE OR REPLACE TRIGGER "Relationship_document_delete" AFTER DELETE ON "Relationship"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_relationship_documents_trigger();

CREATE OR REPLACE TRIGGER "RelationshipFile_document_insert" AFTER INSERT ON "RelationshipFile"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_relationship_documents_trigger();
CREATE OR REPLACE TRIGGER "RelationshipFile_document_delete" AFTER DELETE ON "RelationshipFile"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_relationship_documents_trigger();

CREATE OR REPLACE TRIGGER "RelationshipNote_document_insert" AFTER INSERT ON "RelationshipNote"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_relationship_documents_trigger();
CREATE OR REPLACE TRIGGER "RelationshipNote_document_delete" AFTER DELETE ON "RelationshipNote"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_relationship_documents_trigger();

-- The other side's summary shows the entity's names, e-mail, status, ...
CREATE OR REPLACE TRIGGER "Entity_relationship_documents_update" AFTER UPDATE ON "Entity"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_relationship_documents_trigger();
