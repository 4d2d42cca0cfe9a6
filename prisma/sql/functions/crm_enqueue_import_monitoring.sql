-- Delta monitoring: a committed watchlist import with added, updated or deprecated entries enqueues
-- `monitoring.import`, which screens its change set against the monitored entities. Written by a
-- trigger so that every import path (CLI, tests, benchmarks) gets it, in the import's transaction.
CREATE OR REPLACE FUNCTION crm_enqueue_import_monitoring() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM graphile_worker.add_job(
    'monitoring.import',
    json_build_object('importId', NEW.id),
    max_attempts => 25,
    job_key => 'monitoring.import:' || NEW.id::text
  );
  RETURN NEW;
END $$;
