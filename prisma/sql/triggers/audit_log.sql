-- The audit log is append-only, for its owner too (crm_app has no UPDATE/DELETE on it at all).
CREATE OR REPLACE TRIGGER "AuditLog_append_only" BEFORE UPDATE OR DELETE ON "AuditLog"
  FOR EACH ROW EXECUTE FUNCTION crm_audit_log_is_append_only();
