-- Writes the lookup keys (MonitoredLookupKey) of the given monitored names, one row per element of
-- their lookupKeys, and returns how many it wrote. Called where monitored names are written
-- (lib/monitoring/monitored-keys.ts); the reverse lookup of delta monitoring reads them by btree
-- equality, which works under row-level security. A change here rebuilds every stored key.
-- @then-run maintenance/fill_lookup_keys.sql
CREATE OR REPLACE FUNCTION crm_add_monitored_lookup_keys(monitored_key_ids uuid[]) RETURNS integer
LANGUAGE sql AS $$
  WITH added AS (
    INSERT INTO "MonitoredLookupKey" ("tenantId", key, "monitoredKeyId")
    SELECT DISTINCT m."tenantId", k.key, m.id
      FROM "MonitoredNameKey" m
      CROSS JOIN LATERAL unnest(m."lookupKeys") k(key)
     WHERE m.id = ANY(monitored_key_ids)
    ON CONFLICT DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::int FROM added
$$;
