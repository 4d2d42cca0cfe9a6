-- The list-shape JSON of entities p_ids of tenant p_tenant (set-based: each relation aggregated
-- once for all of them), `nationality` included (NationalityReference). Stored in EntityDocument
-- by crm_refresh_entity_documents. Formats as decisions.md, through the format functions:
-- createdAt/updatedAt crm_timestamp_text, other timestamps crm_iso_timestamp_text, dates
-- crm_date_text, decimals as text; the nested objects come from the crm_*_json builders that the
-- other routes answer with too. A change of the shape must recompute the stored documents (the
-- line below makes db:new-migration append that step).
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_entity_documents(p_tenant uuid, p_ids uuid[])
RETURNS TABLE ("entityId" uuid, "document" json)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
  WITH docs AS (
    SELECT d."identityId", json_agg(crm_attachment_json(da) ORDER BY d."position", d."attachmentId") AS "j"
    FROM "IdentityDocument" d JOIN "Attachment" da ON da."id" = d."attachmentId"
    WHERE d."identityId" IN (SELECT "id" FROM "Identity" WHERE "tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)))
    GROUP BY d."identityId"), ident AS (
    SELECT i."entityId", json_agg(crm_identity_json(i, v, sa, docs."j") ORDER BY i."createdAt", i."id") AS "j",
      bool_or(v."status" = 'Verified') AS "verified"
    FROM "Identity" i
    LEFT JOIN "IdentityVerification" v ON v."identityId" = i."id"
    LEFT JOIN "Attachment" sa ON sa."id" = i."selfieId"
    LEFT JOIN docs ON docs."identityId" = i."id"
    WHERE i."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids))
    GROUP BY i."entityId"), tags AS (
    SELECT et."entityId", json_agg(crm_tag_json(tg) ORDER BY et."createdAt", tg."id") AS "j"
    FROM "EntityTag" et JOIN "Tag" tg ON tg."id" = et."tagId"
    WHERE et."entityId" IN (SELECT unnest(p_ids)) AND et."tenantId" = p_tenant
    GROUP BY et."entityId"), org AS (
    SELECT os."entityId", json_build_object('id', os."id", 'createdAt', crm_timestamp_text(os."createdAt"), 'updatedAt', crm_timestamp_text(os."updatedAt"), 'value', os."value",
      'confirmationDate', crm_iso_timestamp_text(os."confirmationDate"), 'suspensionDate', crm_iso_timestamp_text(os."suspensionDate"),
      'reactivationDate', crm_iso_timestamp_text(os."reactivationDate"), 'deletionDate', crm_iso_timestamp_text(os."deletionDate"),
      'liquidificationDate', crm_iso_timestamp_text(os."liquidificationDate"), 'entityId', os."entityId", 'structure', os."structure") AS "j"
    FROM "OrganizationStatus" os WHERE os."entityId" IN (SELECT unnest(p_ids)) AND os."tenantId" = p_tenant), acts AS (
    SELECT ac."entityId", json_agg(json_build_object('id', ac."id", 'createdAt', crm_timestamp_text(ac."createdAt"), 'updatedAt', crm_timestamp_text(ac."updatedAt"), 'externalId', ac."externalId", 'nameAr', ac."nameAr", 'nameEn', ac."nameEn") ORDER BY ac."createdAt", ac."id") AS "j"
    FROM "Activity" ac WHERE ac."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY ac."entityId"), banks AS (
    SELECT b."entityId", bool_or(b."verificationStatus" = 'Verified') AS "verified"
    FROM "BankAccount" b
    WHERE b."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY b."entityId"), addrs AS (
    SELECT ad."entityId", bool_or(ad."status" = 'Verified') AS "verified"
    FROM "Address" ad
    WHERE ad."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY ad."entityId")
  SELECT e."id", json_build_object(
    'id', e."id", 'createdAt', crm_timestamp_text(e."createdAt"), 'updatedAt', crm_timestamp_text(e."updatedAt"), 'archivedAt', crm_timestamp_text(e."archivedAt"), 'crmId', e."crmId", 'role', e."role", 'type', e."type", 'email', e."email",
    'nameEn', e."nameEn", 'nameAr', e."nameAr", 'status', e."status", 'verificationBlocked', e."verificationBlocked",
    'classification', e."classification", 'category', e."category", 'gender', e."gender", 'countryCode', e."countryCode",
    'phoneNumber', e."phoneNumber", 'accountOpenDate', crm_date_text(e."accountOpenDate"), 'dob', crm_date_text(e."dob"), 'dobHijri', e."dobHijri",
    'dateOfIncorporation', crm_date_text(e."dateOfIncorporation"), 'dateOfIncorporationHijri', e."dateOfIncorporationHijri",
    'netIncome', e."netIncome"::text, 'netAssets', e."netAssets"::text, 'ongoingMonitoring', e."ongoingMonitoring",
    'identities', coalesce(ident."j", '[]'::json), 'nationalityCode', e."nationalityCode", 'kyc', crm_kyc_json(p_tenant, e."id"),
    'verifications', json_build_object('identity', coalesce(ident."verified", false), 'email', e."emailVerified",
      'phoneNumber', e."phoneNumberVerified", 'address', coalesce(addrs."verified", false), 'bankAccount', coalesce(banks."verified", false)),
    'tags', coalesce(tags."j", '[]'::json),
    'reviewStatus', json_build_object('hasPublicCase', e."hasPublicCase", 'hasLocalCase', e."hasLocalCase", 'hasNewsMedia', e."hasNewsMedia", 'isUnderReview', e."isUnderReview"),
    'caseCount', e."caseCount", 'matchCount', e."matchCount", 'screeningStatus', e."screeningStatus", 'organizationStatus', org."j",
    'activities', coalesce(acts."j", '[]'::json), 'relationships', crm_entity_relationships_json(p_tenant, e."id"),
    'nationality', (SELECT n."json"::json FROM "NationalityReference" n WHERE n."code" = e."nationalityCode")
  )
  FROM "Entity" e
  LEFT JOIN ident ON ident."entityId" = e."id"
  LEFT JOIN tags ON tags."entityId" = e."id"
  LEFT JOIN org ON org."entityId" = e."id"
  LEFT JOIN acts ON acts."entityId" = e."id"
  LEFT JOIN banks ON banks."entityId" = e."id"
  LEFT JOIN addrs ON addrs."entityId" = e."id"
  WHERE e."tenantId" = p_tenant AND e."id" = ANY(p_ids)
$fn$;
