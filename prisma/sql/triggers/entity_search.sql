-- Entity."searchText" is stored folded for the Arabic- and case-insensitive `q` search.
-- @then-run maintenance/refold_entity_search_text.sql
CREATE OR REPLACE TRIGGER "Entity_search_text_fold" BEFORE INSERT OR UPDATE OF "searchText" ON "Entity"
  FOR EACH ROW EXECUTE FUNCTION crm_fold_entity_search_text();
