-- EntityCount (tenant, role, status, type → n) follows every insert, update and delete of Entity.
-- @then-run maintenance/recount_entities.sql
CREATE OR REPLACE TRIGGER "Entity_count" AFTER INSERT OR UPDATE OR DELETE ON "Entity"
  FOR EACH ROW EXECUTE FUNCTION crm_count_entities();
