-- Defers the entity-document refreshes of the rest of the transaction (until
-- crm_flush_entity_documents): crm_entity_documents_trigger then only collects the (tenant, entity)
-- pairs in the transaction-local setting crm.deferred_entity_documents ('*' while collecting, then
-- 'tenant/entity,' pairs). For a transaction that changes one entity's document several times (a KYC
-- submission: a score, then a status change). The services use it through
-- withDeferredEntityDocuments (lib/db/entity-documents.ts), which always flushes before its
-- transaction commits; a transaction that fails rolls its changes back with it.
CREATE OR REPLACE FUNCTION crm_defer_entity_documents() RETURNS void
LANGUAGE sql VOLATILE AS $fn$
  SELECT set_config('crm.deferred_entity_documents', '*' || ltrim(coalesce(current_setting('crm.deferred_entity_documents', true), ''), '*'), true);
$fn$;
