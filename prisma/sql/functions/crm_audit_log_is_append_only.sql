-- The audit log is append-only for everyone: crm_app has no UPDATE/DELETE on it
-- (security/grants.sql), and this trigger function (triggers/audit_log.sql) refuses both even for
-- the owner. One exception, for the personal-data erasure after the retention period: an update
-- made through crm_pseudonymise_audit (which sets app.audit_pseudonymise for its own statement) may
-- replace `before` and `after`, and nothing else, so who did what, to which record and when stays.
CREATE OR REPLACE FUNCTION crm_audit_log_is_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('app.audit_pseudonymise', true), '') = 'on'
     AND (NEW."id", NEW."tenantId", NEW."actorType", NEW."actorId", NEW."action", NEW."targetType", NEW."targetId",
          NEW."requestId", NEW."ip", NEW."userAgent", NEW."createdAt")
         IS NOT DISTINCT FROM
         (OLD."id", OLD."tenantId", OLD."actorType", OLD."actorId", OLD."action", OLD."targetType", OLD."targetId",
          OLD."requestId", OLD."ip", OLD."userAgent", OLD."createdAt") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'AuditLog is append-only';
END $$;
