-- The API's timestamp format for createdAt/updatedAt-style fields: `YYYY-MM-DD HH:mm:ss.SSS`, UTC.
-- A plain SQL expression, so PostgreSQL inlines it into the queries that call it.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_timestamp_text(p_at timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')
$fn$;
