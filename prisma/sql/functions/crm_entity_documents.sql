-- The list-shape JSON of entities p_ids of tenant p_tenant (set-based: each relation aggregated
-- once for all of them), `nationality` included (NationalityReference). Stored in EntityDocument
-- by crm_refresh_entity_documents. Formats as decisions.md: createdAt/updatedAt
-- `YYYY-MM-DD HH:mm:ss.SSS` UTC, other timestamps ISO `...Z`, dates `YYYY-MM-DD`, decimals as text.
-- A change of the shape must recompute the stored documents (the line below makes
-- db:new-migration append that step).
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_entity_documents(p_tenant uuid, p_ids uuid[])
RETURNS TABLE ("entityId" uuid, "document" json)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
  WITH docs AS (
    SELECT d."identityId", json_agg(json_build_object('id', da."id", 'createdAt', to_char(da."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(da."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'name', da."name", 'mimeType', da."mimeType", 'size', da."size"::text, 'createdBy', NULL) ORDER BY d."position", d."attachmentId") AS "j"
    FROM "IdentityDocument" d JOIN "Attachment" da ON da."id" = d."attachmentId"
    WHERE d."identityId" IN (SELECT "id" FROM "Identity" WHERE "tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)))
    GROUP BY d."identityId"), ident AS (
    SELECT i."entityId",
      json_agg(json_build_object(
        'id', i."id", 'createdAt', to_char(i."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(i."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'),
        'verifiedAt', to_char(i."verifiedAt", 'YYYY-MM-DD'), 'expiresAt', to_char(i."expiresAt", 'YYYY-MM-DD'), 'type', i."type", 'subtype', i."subtype",
        'number', i."number", 'issuingCountryCode', i."issuingCountryCode",
        'selfie', CASE WHEN sa."id" IS NULL THEN NULL ELSE json_build_object('id', sa."id", 'createdAt', to_char(sa."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(sa."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'name', sa."name", 'mimeType', sa."mimeType", 'size', sa."size"::text, 'createdBy', NULL) END,
        'documents', coalesce(docs."j", '[]'::json),
        'verification', CASE WHEN v."id" IS NULL THEN NULL ELSE json_build_object('id', v."id", 'createdAt', to_char(v."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(v."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'status', v."status", 'source', v."source") END
      ) ORDER BY i."createdAt", i."id") AS "j",
      bool_or(v."status" = 'Verified') AS "verified"
    FROM "Identity" i
    LEFT JOIN "IdentityVerification" v ON v."identityId" = i."id"
    LEFT JOIN "Attachment" sa ON sa."id" = i."selfieId"
    LEFT JOIN docs ON docs."identityId" = i."id"
    WHERE i."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids))
    GROUP BY i."entityId"), tags AS (
    SELECT et."entityId", json_agg(json_build_object('id', tg."id", 'createdAt', to_char(tg."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(tg."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'nameEn', tg."nameEn", 'nameAr', tg."nameAr", 'scope', tg."scope") ORDER BY et."createdAt", tg."id") AS "j"
    FROM "EntityTag" et JOIN "Tag" tg ON tg."id" = et."tagId"
    WHERE et."entityId" IN (SELECT unnest(p_ids)) AND et."tenantId" = p_tenant
    GROUP BY et."entityId"), org AS (
    SELECT os."entityId", json_build_object('id', os."id", 'createdAt', to_char(os."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(os."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'value', os."value",
      'confirmationDate', to_char(os."confirmationDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'suspensionDate', to_char(os."suspensionDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'reactivationDate', to_char(os."reactivationDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'deletionDate', to_char(os."deletionDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'liquidificationDate', to_char(os."liquidificationDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'entityId', os."entityId", 'structure', os."structure") AS "j"
    FROM "OrganizationStatus" os WHERE os."entityId" IN (SELECT unnest(p_ids)) AND os."tenantId" = p_tenant), acts AS (
    SELECT ac."entityId", json_agg(json_build_object('id', ac."id", 'createdAt', to_char(ac."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(ac."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'externalId', ac."externalId", 'nameAr', ac."nameAr", 'nameEn', ac."nameEn") ORDER BY ac."createdAt", ac."id") AS "j"
    FROM "Activity" ac WHERE ac."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY ac."entityId"), banks AS (
    SELECT b."entityId", bool_or(b."verificationStatus" = 'Verified') AS "verified"
    
    FROM "BankAccount" b 
    WHERE b."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY b."entityId"), addrs AS (
    SELECT ad."entityId", bool_or(ad."status" = 'Verified') AS "verified"
    
    FROM "Address" ad 
    WHERE ad."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY ad."entityId")
  SELECT e."id", json_build_object(
    'id', e."id", 'createdAt', to_char(e."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(e."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'archivedAt', to_char(e."archivedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'crmId', e."crmId", 'role', e."role", 'type', e."type", 'email', e."email",
    'nameEn', e."nameEn", 'nameAr', e."nameAr", 'status', e."status", 'verificationBlocked', e."verificationBlocked",
    'classification', e."classification", 'category', e."category", 'gender', e."gender", 'countryCode', e."countryCode",
    'phoneNumber', e."phoneNumber", 'accountOpenDate', to_char(e."accountOpenDate", 'YYYY-MM-DD'), 'dob', to_char(e."dob", 'YYYY-MM-DD'), 'dobHijri', e."dobHijri",
    'dateOfIncorporation', to_char(e."dateOfIncorporation", 'YYYY-MM-DD'), 'dateOfIncorporationHijri', e."dateOfIncorporationHijri",
    'netIncome', e."netIncome"::text, 'netAssets', e."netAssets"::text, 'ongoingMonitoring', e."ongoingMonitoring",
    'identities', coalesce(ident."j", '[]'::json), 'nationalityCode', e."nationalityCode", 'kyc', NULL,
    'verifications', json_build_object('identity', coalesce(ident."verified", false), 'email', e."emailVerified",
      'phoneNumber', e."phoneNumberVerified", 'address', coalesce(addrs."verified", false), 'bankAccount', coalesce(banks."verified", false)),
    'tags', coalesce(tags."j", '[]'::json),
    'reviewStatus', json_build_object('hasPublicCase', e."hasPublicCase", 'hasLocalCase', e."hasLocalCase", 'hasNewsMedia', e."hasNewsMedia", 'isUnderReview', e."isUnderReview"),
    'caseCount', e."caseCount", 'matchCount', e."matchCount", 'organizationStatus', org."j",
    'activities', coalesce(acts."j", '[]'::json), 'relationships', '[]'::json,
    'nationality', (SELECT n."json"::json FROM "NationalityReference" n WHERE n."code" = e."nationalityCode")
  )
  FROM "Entity" e
  LEFT JOIN ident ON ident."entityId" = e."id"
  LEFT JOIN tags ON tags."entityId" = e."id"
  LEFT JOIN org ON org."entityId" = e."id"
  LEFT JOIN acts ON acts."entityId" = e."id"
  LEFT JOIN banks ON banks."entityId" = e."id"
  LEFT JOIN addrs ON addrs."entityId" = e."id"
  WHERE e."tenantId" = p_tenant AND e."id" IN (SELECT unnest(p_ids))
$fn$;
