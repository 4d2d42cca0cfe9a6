-- Rebuilds the lookup-key tables from the key arrays they are derived from: every valid watchlist
-- name row (WatchlistLookupKey) and every monitored name (MonitoredLookupKey). Appended by
-- db:new-migration after a change to how they are derived (the files that say `@then-run` this
-- file); the first such migration fills them for the lists and entities already stored.
SELECT set_config('app.scope', 'platform', true);
DELETE FROM "WatchlistLookupKey";
SELECT crm_add_watchlist_lookup_keys(coalesce(array_agg(id), '{}')) FROM "WatchlistNameKey";
DELETE FROM "MonitoredLookupKey";
SELECT crm_add_monitored_lookup_keys(coalesce(array_agg(id), '{}')) FROM "MonitoredNameKey";
