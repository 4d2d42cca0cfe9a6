// One SQL statement that returns entities in the API's exact shape (json_build_object), so a
// profile or a page of 100 entities costs one round trip instead of one query per relation.
// Formats are produced by PostgreSQL: timestamps `YYYY-MM-DD HH:mm:ss.SSS` (UTC), other
// timestamps ISO `...Z`, dates `YYYY-MM-DD`, decimals as text (digits and scale as stored).

const ts = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')`;
const iso = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const date = (c: string) => `to_char(${c}, 'YYYY-MM-DD')`;
const stamps = (t: string) => `'id', ${t}."id", 'createdAt', ${ts(`${t}."createdAt"`)}, 'updatedAt', ${ts(`${t}."updatedAt"`)}`;

export const attachmentJson = (t: string) =>
  `json_build_object(${stamps(t)}, 'name', ${t}."name", 'mimeType', ${t}."mimeType", 'size', ${t}."size"::text, 'createdBy', NULL)`;

// Set-based: each relation is aggregated once for all requested entities (grouped by entityId)
// and joined, instead of correlated subqueries per entity; a page of 100 costs a few index scans.
const FOR_PAGE = `"tenantId" = $1::uuid AND "entityId" = ANY($2::uuid[])`;

const identitiesCte = `ident AS (
  SELECT i."entityId",
    json_agg(json_build_object(
      ${stamps('i')},
      'verifiedAt', ${date('i."verifiedAt"')}, 'expiresAt', ${date('i."expiresAt"')}, 'type', i."type", 'subtype', i."subtype",
      'number', i."number", 'issuingCountryCode', i."issuingCountryCode",
      'selfie', CASE WHEN sa."id" IS NULL THEN NULL ELSE ${attachmentJson('sa')} END,
      'documents', coalesce(docs."j", '[]'::json),
      'verification', CASE WHEN v."id" IS NULL THEN NULL ELSE json_build_object(${stamps('v')}, 'status', v."status", 'source', v."source") END
    ) ORDER BY i."createdAt", i."id") AS "j",
    bool_or(v."status" = 'Verified') AS "verified"
  FROM "Identity" i
  LEFT JOIN "IdentityVerification" v ON v."identityId" = i."id"
  LEFT JOIN "Attachment" sa ON sa."id" = i."selfieId"
  LEFT JOIN docs ON docs."identityId" = i."id"
  WHERE i.${FOR_PAGE}
  GROUP BY i."entityId")`;

const docsCte = `docs AS (
  SELECT d."identityId", json_agg(${attachmentJson('da')} ORDER BY d."position", d."attachmentId") AS "j"
  FROM "IdentityDocument" d JOIN "Attachment" da ON da."id" = d."attachmentId"
  WHERE d."identityId" IN (SELECT "id" FROM "Identity" WHERE ${FOR_PAGE})
  GROUP BY d."identityId")`;

const tagsCte = `tags AS (
  SELECT et."entityId", json_agg(json_build_object(${stamps('tg')}, 'nameEn', tg."nameEn", 'nameAr', tg."nameAr", 'scope', tg."scope") ORDER BY et."createdAt", tg."id") AS "j"
  FROM "EntityTag" et JOIN "Tag" tg ON tg."id" = et."tagId"
  WHERE et."entityId" = ANY($2::uuid[]) AND et."tenantId" = $1::uuid
  GROUP BY et."entityId")`;

const orgCte = `org AS (
  SELECT os."entityId", json_build_object(${stamps('os')}, 'value', os."value",
    'confirmationDate', ${iso('os."confirmationDate"')}, 'suspensionDate', ${iso('os."suspensionDate"')},
    'reactivationDate', ${iso('os."reactivationDate"')}, 'deletionDate', ${iso('os."deletionDate"')},
    'liquidificationDate', ${iso('os."liquidificationDate"')}, 'entityId', os."entityId", 'structure', os."structure") AS "j"
  FROM "OrganizationStatus" os WHERE os."entityId" = ANY($2::uuid[]) AND os."tenantId" = $1::uuid)`;

const activitiesCte = `acts AS (
  SELECT ac."entityId", json_agg(json_build_object(${stamps('ac')}, 'externalId', ac."externalId", 'nameAr', ac."nameAr", 'nameEn', ac."nameEn") ORDER BY ac."createdAt", ac."id") AS "j"
  FROM "Activity" ac WHERE ac.${FOR_PAGE} GROUP BY ac."entityId")`;

const banksCte = (profile: boolean) => `banks AS (
  SELECT b."entityId", bool_or(b."verificationStatus" = 'Verified') AS "verified"
  ${profile ? `, json_agg(json_build_object(${stamps('b')}, 'iban', b."iban", 'primary', b."primary", 'bankNameEn', b."bankNameEn",
    'bankNameAr', b."bankNameAr", 'swiftCode', b."swiftCode", 'bankCode', b."bankCode", 'holderName', b."holderName", 'status', b."status",
    'source', b."source", 'verificationStatus', b."verificationStatus",
    'attachment', CASE WHEN ba."id" IS NULL THEN NULL ELSE ${attachmentJson('ba')} END, 'entityId', b."entityId"
  ) ORDER BY b."primary" DESC, b."createdAt", b."id") AS "j"` : ''}
  FROM "BankAccount" b ${profile ? 'LEFT JOIN "Attachment" ba ON ba."id" = b."attachmentId"' : ''}
  WHERE b.${FOR_PAGE} GROUP BY b."entityId")`;

const addressesCte = (profile: boolean) => `addrs AS (
  SELECT ad."entityId", bool_or(ad."status" = 'Verified') AS "verified"
  ${profile ? `, json_agg(json_build_object(${stamps('ad')}, 'district', ad."district", 'districtArea', ad."districtArea",
    'districtName', ad."districtName", 'locationX', ad."locationX", 'locationY', ad."locationY", 'locationZ', ad."locationZ",
    'latitude', ad."latitude", 'longitude', ad."longitude", 'phoneNumber', ad."phoneNumber", 'streetNameEn', ad."streetNameEn",
    'streetNameAr', ad."streetNameAr", 'unitNumber', ad."unitNumber", 'unitTypeId', ad."unitTypeId", 'shortCode', ad."shortCode",
    'status', ad."status", 'source', ad."source", 'category', ad."category", 'fullAddress', ad."fullAddress",
    'attachment', CASE WHEN aa."id" IS NULL THEN NULL ELSE ${attachmentJson('aa')} END,
    'city', CASE WHEN c."id" IS NULL THEN NULL ELSE json_build_object(${stamps('c')}, 'nameEn', c."nameEn", 'nameAr', c."nameAr") END
  ) ORDER BY ad."createdAt", ad."id") AS "j"` : ''}
  FROM "Address" ad ${profile ? 'LEFT JOIN "Attachment" aa ON aa."id" = ad."attachmentId" LEFT JOIN "City" c ON c."id" = ad."cityId"' : ''}
  WHERE ad.${FOR_PAGE} GROUP BY ad."entityId")`;

const entityJson = (profile: boolean) => `json_build_object(
  ${stamps('e')}, 'archivedAt', ${ts('e."archivedAt"')}, 'crmId', e."crmId", 'role', e."role", 'type', e."type", 'email', e."email",
  'nameEn', e."nameEn", 'nameAr', e."nameAr", 'status', e."status", 'verificationBlocked', e."verificationBlocked",
  'classification', e."classification", 'category', e."category", 'gender', e."gender", 'countryCode', e."countryCode",
  'phoneNumber', e."phoneNumber", 'accountOpenDate', ${date('e."accountOpenDate"')}, 'dob', ${date('e."dob"')}, 'dobHijri', e."dobHijri",
  'dateOfIncorporation', ${date('e."dateOfIncorporation"')}, 'dateOfIncorporationHijri', e."dateOfIncorporationHijri",
  'netIncome', e."netIncome"::text, 'netAssets', e."netAssets"::text, 'ongoingMonitoring', e."ongoingMonitoring",
  'identities', coalesce(ident."j", '[]'::json), 'nationalityCode', e."nationalityCode", 'nationality', NULL, 'kyc', NULL,
  'verifications', json_build_object('identity', coalesce(ident."verified", false), 'email', e."emailVerified",
    'phoneNumber', e."phoneNumberVerified", 'address', coalesce(addrs."verified", false), 'bankAccount', coalesce(banks."verified", false)),
  'tags', coalesce(tags."j", '[]'::json),
  'reviewStatus', json_build_object('hasPublicCase', e."hasPublicCase", 'hasLocalCase', e."hasLocalCase", 'hasNewsMedia', e."hasNewsMedia", 'isUnderReview', e."isUnderReview"),
  'caseCount', e."caseCount", 'matchCount', e."matchCount", 'organizationStatus', org."j",
  'activities', coalesce(acts."j", '[]'::json), 'relationships', '[]'::json
  ${profile ? `, 'bankAccounts', coalesce(banks."j", '[]'::json), 'addresses', coalesce(addrs."j", '[]'::json), 'rawData', e."rawData"` : ''}
)`;

const entitySql = (profile: boolean) => `WITH ${docsCte}, ${identitiesCte}, ${tagsCte}, ${orgCte}, ${activitiesCte}, ${banksCte(profile)}, ${addressesCte(profile)}
SELECT e."id", ${entityJson(profile)} AS "entity"
FROM "Entity" e
LEFT JOIN ident ON ident."entityId" = e."id"
LEFT JOIN tags ON tags."entityId" = e."id"
LEFT JOIN org ON org."entityId" = e."id"
LEFT JOIN acts ON acts."entityId" = e."id"
LEFT JOIN banks ON banks."entityId" = e."id"
LEFT JOIN addrs ON addrs."entityId" = e."id"
WHERE e."tenantId" = $1::uuid AND e."id" = ANY($2::uuid[])`;

/** Entities of tenant $1 whose ids are in $2 (uuid[]), each as one `entity` json column. */
export const ENTITY_LIST_SQL = entitySql(false);
/** The complete profile (adds bankAccounts, addresses and rawData). */
export const ENTITY_PROFILE_SQL = entitySql(true);
