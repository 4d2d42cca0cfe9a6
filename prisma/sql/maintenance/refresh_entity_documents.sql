-- Recomputes every stored entity document, a tenant at a time: appended by db:new-migration after
-- a change to anything a document is built from (the files that say `@then-run` this file).
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT "tenantId", array_agg("id") AS ids FROM "Entity" GROUP BY "tenantId" LOOP
    PERFORM crm_refresh_entity_documents(t."tenantId", t.ids);
  END LOOP;
END
$do$;
