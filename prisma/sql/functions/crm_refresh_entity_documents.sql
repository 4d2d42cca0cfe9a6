-- Recomputes the documents of the given entities. Each document row is locked first (in id
-- order, so two writers cannot deadlock) and only then computed: under READ COMMITTED the
-- computing statement takes a fresh snapshot after the lock, so it sees what a concurrent
-- writer of the same entity committed and the last writer never stores an older view.
CREATE OR REPLACE FUNCTION crm_refresh_entity_documents(p_tenant uuid, p_ids uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "EntityDocument" d
    WHERE d."tenantId" = p_tenant AND d."entityId" IN (SELECT unnest(p_ids))
    ORDER BY d."entityId" FOR UPDATE;
  INSERT INTO "EntityDocument" AS d ("tenantId", "entityId", "document")
    SELECT p_tenant, x."entityId", x."document" FROM crm_entity_documents(p_tenant, p_ids) x
    ON CONFLICT ("tenantId", "entityId") DO UPDATE SET "document" = EXCLUDED."document";
END
$fn$;
