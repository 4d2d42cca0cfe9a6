-- The API's Attachment object (used for selfies, identity documents, bank-account and address
-- attachments, and the attachment routes). Inlined by PostgreSQL like crm_timestamp_text.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_attachment_json(a "Attachment") RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', a."id", 'createdAt', crm_timestamp_text(a."createdAt"), 'updatedAt', crm_timestamp_text(a."updatedAt"),
    'name', a."name", 'mimeType', a."mimeType", 'size', a."size"::text, 'createdBy', NULL)
$fn$;
