-- Writes the lookup keys (WatchlistLookupKey) of the given watchlist name rows, and returns how many
-- it wrote: each blocking key of the row and `id:<number>` for each identity number of its entry;
-- nothing for a deprecated entry. The list import calls it after writing name rows
-- (lib/screening/watchlist-import.ts). Candidate search looks these keys up by btree equality, which
-- works under row-level security (see the table's comment in prisma/schema/screening.prisma). A
-- change here rebuilds every stored key.
-- @then-run maintenance/fill_lookup_keys.sql
CREATE OR REPLACE FUNCTION crm_add_watchlist_lookup_keys(name_key_ids uuid[]) RETURNS integer
LANGUAGE sql AS $$
  WITH added AS (
    INSERT INTO "WatchlistLookupKey" ("tenantId", key, source, "entryType", "nameKeyId")
    SELECT n."tenantId", k.key, n.source, n."entryType", n.id
      FROM "WatchlistNameKey" n
      JOIN "WatchlistEntry" e ON e.id = n."entryId"
      CROSS JOIN LATERAL (SELECT unnest(n."blockKeys") UNION SELECT 'id:' || unnest(e."idNumbersNorm")) k(key)
     WHERE n.id = ANY(name_key_ids) AND n."isValid" AND e."isValid"
    ON CONFLICT DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::int FROM added
$$;
