-- Ends a deferral (crm_defer_entity_documents) and refreshes each collected entity document once,
-- per tenant, now that the transaction has written everything it defers for.
CREATE OR REPLACE FUNCTION crm_flush_entity_documents() RETURNS void
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $fn$
DECLARE
  collected text := ltrim(coalesce(current_setting('crm.deferred_entity_documents', true), ''), '*');
  affected record;
BEGIN
  PERFORM set_config('crm.deferred_entity_documents', '', true);
  FOR affected IN
    SELECT split_part(pair, '/', 1)::uuid AS tenant, array_agg(DISTINCT split_part(pair, '/', 2)::uuid) AS ids
      FROM unnest(string_to_array(collected, ',')) AS pair
     WHERE pair <> ''
     GROUP BY 1
  LOOP
    PERFORM crm_refresh_entity_documents(affected.tenant, affected.ids);
  END LOOP;
END
$fn$;
