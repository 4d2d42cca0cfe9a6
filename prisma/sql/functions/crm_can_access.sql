-- True when a row of tenant `row_tenant` is visible in this transaction: the tenant set by
-- withTenant() (app.tenant_id), or platform scope set by withPlatform() (app.scope). Every
-- tenant_isolation policy (security/row_level_security.sql) calls it.
CREATE OR REPLACE FUNCTION crm_can_access(row_tenant uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT row_tenant = nullif(current_setting('app.tenant_id', true), '')::uuid
      OR coalesce(current_setting('app.scope', true), '') = 'platform'
$$;
