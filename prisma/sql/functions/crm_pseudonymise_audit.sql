-- The one door through which an audit row changes: the erasure job (lib/privacy/erase-entity.ts)
-- replaces the personal values in `before`/`after` of one tenant's rows with their pseudonyms.
-- SECURITY DEFINER because crm_app has no UPDATE on AuditLog at all; the flag it sets is what the
-- append-only trigger (crm_audit_log_is_append_only) checks, and it is switched off again before
-- returning. A SECURITY DEFINER function runs as its owner, which row-level security does not hold
-- when that owner is a superuser (the embedded server's), so the caller's scope is checked here:
-- the tenant's own transaction (app.tenant_id) or platform scope, never another tenant's rows.
CREATE OR REPLACE FUNCTION crm_pseudonymise_audit(p_tenant uuid, p_id uuid, p_before jsonb, p_after jsonb) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
DECLARE
  changed integer;
BEGIN
  IF NOT coalesce(crm_can_access(p_tenant), false) THEN
    RAISE EXCEPTION 'crm_pseudonymise_audit: tenant % is outside the caller''s scope', p_tenant USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM set_config('app.audit_pseudonymise', 'on', true);
  UPDATE "AuditLog" SET "before" = p_before, "after" = p_after WHERE "id" = p_id AND "tenantId" = p_tenant;
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM set_config('app.audit_pseudonymise', 'off', true);
  RETURN changed = 1;
END $fn$;
REVOKE ALL ON FUNCTION crm_pseudonymise_audit(uuid, uuid, jsonb, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_pseudonymise_audit(uuid, uuid, jsonb, jsonb) TO crm_app;
