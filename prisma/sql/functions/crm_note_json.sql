-- The API's Note object (POST /notes and a relationship's `notes`). `u` is the officer who wrote
-- it, or the NULL row of a LEFT JOIN for notes written with an API key. Inlined by PostgreSQL.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_note_json(n "Note", u "User") RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', n."id", 'createdAt', crm_timestamp_text(n."createdAt"), 'updatedAt', crm_timestamp_text(n."updatedAt"),
    'title', n."title", 'description', n."description",
    'createdBy', CASE WHEN u."id" IS NULL THEN NULL ELSE json_build_object('id', u."id", 'createdAt', crm_timestamp_text(u."createdAt"),
      'updatedAt', crm_timestamp_text(u."updatedAt"), 'email', u."email", 'displayName', u."displayName", 'roleId', u."role"::text) END)
$fn$;
