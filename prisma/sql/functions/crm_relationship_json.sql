-- The API's Relationship object: entity documents' `relationships`, the answer of
-- POST /entity-relationships/invite and the officers' approval queue. `files` and `notes` are the
-- relationship's attachments and notes already built (JSON arrays, or NULL for none). Inlined by
-- PostgreSQL.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_relationship_json(r "Relationship", src "Entity", tgt "Entity", files json, notes json) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', r."id", 'createdAt', crm_timestamp_text(r."createdAt"), 'updatedAt', crm_timestamp_text(r."updatedAt"),
    'type', r."type", 'subType', r."subType", 'approvalStatus', r."approvalStatus",
    'validFrom', crm_iso_timestamp_text(r."validFrom"), 'validTo', crm_iso_timestamp_text(r."validTo"), 'isPrimary', r."isPrimary",
    'sourceEntityId', r."sourceEntityId", 'targetEntityId', r."targetEntityId",
    'isAttachmentRequired', r."isAttachmentRequired", 'isConfirmationRequired', r."isConfirmationRequired",
    'preIdVerificationPreference', r."preIdVerificationPreference", 'uboConnection', r."uboConnection",
    'ownershipPercent', r."ownershipPercent"::text,
    'contribution', CASE WHEN r."contributionCountInUnits" IS NULL AND r."contributionCashInUnits" IS NULL AND r."contributionInKindInUnits" IS NULL
      THEN NULL ELSE json_build_object('totalCountInUnits', r."contributionCountInUnits", 'totalCashInUnits', r."contributionCashInUnits",
        'totalInKindInUnits', r."contributionInKindInUnits") END,
    'sourceEntity', crm_relationship_party_json(src), 'targetEntity', crm_relationship_party_json(tgt),
    'attachments', coalesce(files, '[]'::json), 'notes', coalesce(notes, '[]'::json),
    'decision', CASE WHEN r."decidedAt" IS NULL THEN NULL ELSE json_build_object('by', r."decidedBy", 'reason', r."decisionReason",
      'at', crm_timestamp_text(r."decidedAt")) END)
$fn$;
