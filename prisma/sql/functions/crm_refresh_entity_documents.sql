-- Recomputes the documents of the given entities. Each document row is locked first (in id
-- order, so two writers cannot deadlock) and only then computed: under READ COMMITTED the
-- computing statement takes a fresh snapshot after the lock, so it sees what a concurrent
-- writer of the same entity committed and the last writer never stores an older view.
-- Generic plans (plan_cache_mode, for this call and the functions it calls): the document
-- statement (crm_entity_documents, seven aggregates and a dozen joins) takes ~6 ms to plan, more
-- than it takes to run for one entity (~1.5 ms), and with the default mode the service's
-- connections planned it afresh for nearly every refresh (bench:kyc: 11 ms of planning per
-- submission; a custom plan for a one-entity array can look cheaper than the generic one). The
-- generic plan is made once per connection (PostgreSQL 18 caches a SQL function's plans; 15
-- plans its statements once per call whatever the mode) and ran as fast for one entity and
-- faster for 50 (13 against 41 ms) and 2,000 (0.5 against 1.1 s) than custom ones.
CREATE OR REPLACE FUNCTION crm_refresh_entity_documents(p_tenant uuid, p_ids uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $fn$
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
