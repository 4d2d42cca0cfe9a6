-- Same pattern as the outbox: the job is enqueued in the transaction that writes the row, so a
-- committed notification is always attempted, and a rolled-back change never sends one.
CREATE OR REPLACE FUNCTION crm_enqueue_email_notification() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM graphile_worker.add_job(
    'notifications.email',
    json_build_object('notificationId', NEW.id, 'tenantId', NEW."tenantId"),
    max_attempts => 5
  );
  RETURN NEW;
END $$;
