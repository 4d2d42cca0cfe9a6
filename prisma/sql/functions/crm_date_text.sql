-- The API's format for date-only fields (dob, expiresAt, ...): `YYYY-MM-DD`. Inlined by PostgreSQL.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_date_text(p_date date) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT to_char(p_date, 'YYYY-MM-DD')
$fn$;
