-- Statement-level triggers with transition tables: a bulk insert of 20,000 entities refreshes
-- their documents in one set-based statement, not 20,000 times. Every table a document reads
-- from has one (PostgreSQL allows transition tables on single-event triggers only, hence three
-- per table). The affected (tenant, entity) pairs are collected per table, then refreshed per
-- tenant. The triggers themselves: triggers/entity_documents.sql.
CREATE OR REPLACE FUNCTION crm_entity_documents_trigger() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
DECLARE
  tenants uuid[] := '{}';
  ids uuid[] := '{}';
  found_tenants uuid[];
  found_ids uuid[];
  affected record;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    CASE TG_TABLE_NAME
      WHEN 'Entity' THEN
        SELECT array_agg(n."tenantId"), array_agg(n."id") INTO found_tenants, found_ids FROM new_rows n;
      WHEN 'IdentityVerification', 'IdentityDocument' THEN
        SELECT array_agg(x."tenantId"), array_agg(x."entityId") INTO found_tenants, found_ids
          FROM (SELECT i."tenantId", i."entityId" FROM new_rows n JOIN "Identity" i ON i."id" = n."identityId") x;
      WHEN 'Attachment' THEN
        SELECT array_agg(x."tenantId"), array_agg(x."entityId") INTO found_tenants, found_ids
          FROM (SELECT i."tenantId", i."entityId" FROM new_rows n JOIN "Identity" i ON i."selfieId" = n."id"
                UNION SELECT i."tenantId", i."entityId" FROM new_rows n JOIN "IdentityDocument" d ON d."attachmentId" = n."id"
                                                           JOIN "Identity" i ON i."id" = d."identityId") x;
      WHEN 'Tag' THEN
        SELECT array_agg(et."tenantId"), array_agg(et."entityId") INTO found_tenants, found_ids FROM new_rows n JOIN "EntityTag" et ON et."tagId" = n."id";
      ELSE
        SELECT array_agg(n."tenantId"), array_agg(n."entityId") INTO found_tenants, found_ids FROM new_rows n;
    END CASE;
    tenants := tenants || coalesce(found_tenants, '{}');
    ids := ids || coalesce(found_ids, '{}');
  END IF;
  -- Deleted (or moved) children change their entity's document; an entity's own delete cascades
  -- to its document, and attachments and tags only matter through the rows that use them.
  IF TG_OP IN ('UPDATE', 'DELETE') AND TG_TABLE_NAME NOT IN ('Entity', 'Attachment', 'Tag') THEN
    IF TG_TABLE_NAME IN ('IdentityVerification', 'IdentityDocument') THEN
      SELECT array_agg(i."tenantId"), array_agg(i."entityId") INTO found_tenants, found_ids FROM old_rows o JOIN "Identity" i ON i."id" = o."identityId";
    ELSE
      SELECT array_agg(o."tenantId"), array_agg(o."entityId") INTO found_tenants, found_ids FROM old_rows o;
    END IF;
    tenants := tenants || coalesce(found_tenants, '{}');
    ids := ids || coalesce(found_ids, '{}');
  END IF;
  -- A transaction that changes one entity's document several times (a KYC submission: a score,
  -- then a status change) may defer the refreshes to one at its end (crm_flush_entity_documents).
  IF left(current_setting('crm.deferred_entity_documents', true), 1) = '*' THEN
    PERFORM set_config('crm.deferred_entity_documents',
      current_setting('crm.deferred_entity_documents', true) || coalesce((SELECT string_agg(DISTINCT u.tenant || '/' || u.id, ',')
        FROM unnest(tenants, ids) AS u(tenant, id) WHERE u.id IS NOT NULL) || ',', ''), true);
    RETURN NULL;
  END IF;
  FOR affected IN
    SELECT u.tenant, array_agg(DISTINCT u.id) AS ids FROM unnest(tenants, ids) AS u(tenant, id) GROUP BY u.tenant
  LOOP
    PERFORM crm_refresh_entity_documents(affected.tenant, affected.ids);
  END LOOP;
  RETURN NULL;
END
$fn$;
