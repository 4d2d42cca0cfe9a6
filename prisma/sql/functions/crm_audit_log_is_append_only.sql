-- The audit log is append-only for everyone: crm_app has no UPDATE/DELETE on it
-- (security/grants.sql), and this trigger function (triggers/audit_log.sql) refuses both even for
-- the owner.
CREATE OR REPLACE FUNCTION crm_audit_log_is_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'AuditLog is append-only';
END $$;
