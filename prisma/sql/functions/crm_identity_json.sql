-- The API's Identity object: an entity's `identities` (crm_entity_documents) and the answer of
-- POST /entities/{id}/identities. The caller joins the rows (verification and selfie may be the
-- NULL rows of a LEFT JOIN) and aggregates the documents, so a list of entities still aggregates
-- each relation once for all of them. Inlined by PostgreSQL: no call per identity.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_identity_json(i "Identity", v "IdentityVerification", selfie "Attachment", documents json) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object(
    'id', i."id", 'createdAt', crm_timestamp_text(i."createdAt"), 'updatedAt', crm_timestamp_text(i."updatedAt"),
    'verifiedAt', crm_date_text(i."verifiedAt"), 'expiresAt', crm_date_text(i."expiresAt"), 'type', i."type", 'subtype', i."subtype",
    'number', i."number", 'issuingCountryCode', i."issuingCountryCode",
    'selfie', CASE WHEN selfie."id" IS NULL THEN NULL ELSE crm_attachment_json(selfie) END,
    'documents', coalesce(documents, '[]'::json),
    'verification', CASE WHEN v."id" IS NULL THEN NULL ELSE json_build_object('id', v."id", 'createdAt', crm_timestamp_text(v."createdAt"),
      'updatedAt', crm_timestamp_text(v."updatedAt"), 'status', v."status", 'source', v."source") END)
$fn$;
