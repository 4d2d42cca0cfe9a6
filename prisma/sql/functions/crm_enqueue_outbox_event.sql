-- Outbox → job queue in the same transaction. SECURITY DEFINER so crm_app needs no rights on the
-- queue's private tables; graphile_worker's schema is installed at start-up, before any insert.
CREATE OR REPLACE FUNCTION crm_enqueue_outbox_event() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM graphile_worker.add_job(
    'outbox.dispatch',
    json_build_object('eventId', NEW.id, 'tenantId', NEW."tenantId", 'type', NEW.type),
    max_attempts => 25
  );
  RETURN NEW;
END $$;
