-- Lets the application (crm_app, no rights on the queue's private tables) schedule bulk-onboarding
-- and monitoring jobs in the same transaction as the rows they work on (a bulk job and its next
-- chunk, a re-screening), so committed work always has its job. Restricted to those tasks.
-- graphile_worker's schema is installed after the migrations; PL/pgSQL resolves the call at run time.
CREATE OR REPLACE FUNCTION crm_enqueue_job(task text, payload json, run_at timestamptz DEFAULT NULL, job_key text DEFAULT NULL, job_key_mode text DEFAULT 'replace')
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF task NOT LIKE 'bulk.%' AND task NOT LIKE 'monitoring.%' THEN
    RAISE EXCEPTION 'crm_enqueue_job: % is not a bulk or monitoring task', task;
  END IF;
  -- The queue's second wall, as row-level security is the tables': a job runs in the scope of the
  -- tenant its payload names (the task opens withTenant(payload.tenantId)), so only that tenant's
  -- own transaction, or platform scope, may schedule it. A payload built with the wrong tenant
  -- fails here instead of running one tenant's work in another's.
  IF payload->>'tenantId' IS NOT NULL AND NOT coalesce(crm_can_access((payload->>'tenantId')::uuid), false) THEN
    RAISE EXCEPTION 'crm_enqueue_job: tenant % is outside the caller''s scope', payload->>'tenantId' USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM graphile_worker.add_job(task, payload, run_at => run_at, max_attempts => 25, job_key => job_key, job_key_mode => job_key_mode);
END $$;
REVOKE ALL ON FUNCTION crm_enqueue_job(text, json, timestamptz, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_enqueue_job(text, json, timestamptz, text, text) TO crm_app;
