-- The entity's `kyc` object (decisions.md, KYC): the record, its relationship manager (a User) and
-- every score, newest first; NULL when the entity has none (screening entities). Entity documents
-- embed it (crm_entity_documents), hence the refresh.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_kyc_json(p_tenant uuid, p_entity uuid) RETURNS json
LANGUAGE sql STABLE AS $fn$
  SELECT json_build_object('id', k."id", 'createdAt', crm_timestamp_text(k."createdAt"), 'updatedAt', crm_timestamp_text(k."updatedAt"),
    'classification', k."classification", 'status', k."status", 'completedAt', crm_timestamp_text(k."completedAt"),
    'eddStatus', k."eddStatus", 'qualifiedStatus', k."qualifiedStatus", 'entityId', k."entityId", 'flowId', k."flowId", 'rmId', k."rmId",
    'rm', (SELECT json_build_object('id', u."id", 'createdAt', crm_timestamp_text(u."createdAt"), 'updatedAt', crm_timestamp_text(u."updatedAt"),
             'email', u."email", 'displayName', u."displayName", 'roleId', u."role")
           FROM "User" u WHERE u."id" = k."rmId"),
    'scores', coalesce((SELECT json_agg(crm_kyc_score_json(s) ORDER BY s."createdAt" DESC, s."id" DESC)
                        FROM "KycScore" s WHERE s."tenantId" = p_tenant AND s."kycId" = k."id"), '[]'::json))
  FROM "Kyc" k WHERE k."tenantId" = p_tenant AND k."entityId" = p_entity
$fn$;
