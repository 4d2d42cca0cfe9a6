-- Entity.relationshipEndedAt follows status changes (functions/crm_relationship_end.sql).
CREATE OR REPLACE TRIGGER "Entity_relationship_end" BEFORE UPDATE OF "status" ON "Entity"
  FOR EACH ROW EXECUTE FUNCTION crm_relationship_end();
