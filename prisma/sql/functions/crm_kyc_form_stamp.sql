-- GET /kyc-flows/{flowId}/forms/{formId}: the form's updatedAt when tenant p_tenant has form p_form
-- in flow p_flow, else NULL. One statement that scopes row-level security to the tenant for itself
-- (as crm_entity_profile_body does): a Published form's tree is cached by (id, updatedAt) in the
-- server (lib/kyc/form-tree.ts), so the route sends the cached body after this one round trip
-- instead of a transaction of four.
CREATE OR REPLACE FUNCTION crm_kyc_form_stamp(p_tenant uuid, p_flow uuid, p_form uuid) RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $fn$
DECLARE
  stamp timestamptz;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  SELECT f."updatedAt" INTO stamp FROM "KycForm" f WHERE f."tenantId" = p_tenant AND f."flowId" = p_flow AND f."id" = p_form;
  RETURN stamp;
END
$fn$;
