// The statements that read entities in the API's shape. The list shape of each entity is its
// stored document (EntityDocument, kept by triggers: see the entity_documents migration, which
// holds the SQL that builds it); the profile adds bank accounts, addresses and rawData, built
// here with json_build_object. Formats are produced by PostgreSQL: timestamps
// `YYYY-MM-DD HH:mm:ss.SSS` (UTC), other timestamps ISO `...Z`, dates `YYYY-MM-DD`.

const ts = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')`;
const stamps = (t: string) => `'id', ${t}."id", 'createdAt', ${ts(`${t}."createdAt"`)}, 'updatedAt', ${ts(`${t}."updatedAt"`)}`;

const attachmentJson = (t: string) =>
  `json_build_object(${stamps(t)}, 'name', ${t}."name", 'mimeType', ${t}."mimeType", 'size', ${t}."size"::text, 'createdBy', NULL)`;

const bankAccountsJson = `coalesce((
  SELECT json_agg(json_build_object(${stamps('b')}, 'iban', b."iban", 'primary', b."primary", 'bankNameEn', b."bankNameEn",
    'bankNameAr', b."bankNameAr", 'swiftCode', b."swiftCode", 'bankCode', b."bankCode", 'holderName', b."holderName", 'status', b."status",
    'source', b."source", 'verificationStatus', b."verificationStatus",
    'attachment', CASE WHEN ba."id" IS NULL THEN NULL ELSE ${attachmentJson('ba')} END, 'entityId', b."entityId"
  ) ORDER BY b."primary" DESC, b."createdAt", b."id")
  FROM "BankAccount" b LEFT JOIN "Attachment" ba ON ba."id" = b."attachmentId"
  WHERE b."tenantId" = $1::uuid AND b."entityId" = $2::uuid), '[]'::json)`;

const addressesJson = `coalesce((
  SELECT json_agg(json_build_object(${stamps('ad')}, 'district', ad."district", 'districtArea', ad."districtArea",
    'districtName', ad."districtName", 'locationX', ad."locationX", 'locationY', ad."locationY", 'locationZ', ad."locationZ",
    'latitude', ad."latitude", 'longitude', ad."longitude", 'phoneNumber', ad."phoneNumber", 'streetNameEn', ad."streetNameEn",
    'streetNameAr', ad."streetNameAr", 'unitNumber', ad."unitNumber", 'unitTypeId', ad."unitTypeId", 'shortCode', ad."shortCode",
    'status', ad."status", 'source', ad."source", 'category', ad."category", 'fullAddress', ad."fullAddress",
    'attachment', CASE WHEN aa."id" IS NULL THEN NULL ELSE ${attachmentJson('aa')} END,
    'city', CASE WHEN c."id" IS NULL THEN NULL ELSE json_build_object(${stamps('c')}, 'nameEn', c."nameEn", 'nameAr', c."nameAr") END
  ) ORDER BY ad."createdAt", ad."id")
  FROM "Address" ad LEFT JOIN "Attachment" aa ON aa."id" = ad."attachmentId" LEFT JOIN "City" c ON c."id" = ad."cityId"
  WHERE ad."tenantId" = $1::uuid AND ad."entityId" = $2::uuid), '[]'::json)`;

/** Stored documents of tenant $1's entities whose ids are in $2 (uuid[]), as text. */
export const ENTITY_DOCUMENTS_SQL = `SELECT d."entityId", d."nationalityCode", d."document"::text AS "document"
FROM "EntityDocument" d WHERE d."tenantId" = $1::uuid AND d."entityId" = ANY($2::uuid[])`;

/** Entity $2 of tenant $1: its document and the profile's extra sections (`extra`), as text. */
export const ENTITY_PROFILE_SQL = `SELECT d."nationalityCode", d."document"::text AS "document",
  json_build_object('bankAccounts', ${bankAccountsJson}, 'addresses', ${addressesJson}, 'rawData', e."rawData")::text AS "extra"
FROM "EntityDocument" d JOIN "Entity" e ON e."tenantId" = d."tenantId" AND e."id" = d."entityId"
WHERE d."tenantId" = $1::uuid AND d."entityId" = $2::uuid`;
