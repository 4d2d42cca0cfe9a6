-- Every watchlist import that changed something is screened against the monitored entities.
CREATE OR REPLACE TRIGGER "WatchlistImport_monitor" AFTER INSERT ON "WatchlistImport"
  FOR EACH ROW WHEN (NEW.added + NEW.updated + NEW.deprecated > 0)
  EXECUTE FUNCTION crm_enqueue_import_monitoring();
