-- The API's format for the other timestamps (e.g. an organization's confirmationDate): ISO 8601 UTC
-- without milliseconds, `YYYY-MM-DDTHH:mm:ssZ`. Inlined by PostgreSQL like crm_timestamp_text.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_iso_timestamp_text(p_at timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$fn$;
