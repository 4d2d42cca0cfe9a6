-- The API's Address object: a profile's `addresses` (crm_entity_profile_body) and
-- GET /entities/{id}/addresses. `attachment` and `city` may be the NULL rows of LEFT JOINs.
-- Inlined by PostgreSQL.
CREATE OR REPLACE FUNCTION crm_address_json(ad "Address", attachment "Attachment", city "City") RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', ad."id", 'createdAt', crm_timestamp_text(ad."createdAt"), 'updatedAt', crm_timestamp_text(ad."updatedAt"),
    'district', ad."district", 'districtArea', ad."districtArea", 'districtName', ad."districtName",
    'locationX', ad."locationX", 'locationY', ad."locationY", 'locationZ', ad."locationZ",
    'latitude', ad."latitude", 'longitude', ad."longitude", 'phoneNumber', ad."phoneNumber",
    'streetNameEn', ad."streetNameEn", 'streetNameAr', ad."streetNameAr", 'unitNumber', ad."unitNumber",
    'unitTypeId', ad."unitTypeId", 'shortCode', ad."shortCode", 'status', ad."status", 'source', ad."source",
    'category', ad."category", 'fullAddress', ad."fullAddress",
    'attachment', CASE WHEN attachment."id" IS NULL THEN NULL ELSE crm_attachment_json(attachment) END,
    'city', CASE WHEN city."id" IS NULL THEN NULL ELSE crm_city_json(city) END)
$fn$;
