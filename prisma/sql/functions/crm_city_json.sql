-- The API's City object: an address's `city` and GET /cities. Inlined by PostgreSQL.
CREATE OR REPLACE FUNCTION crm_city_json(c "City") RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', c."id", 'createdAt', crm_timestamp_text(c."createdAt"), 'updatedAt', crm_timestamp_text(c."updatedAt"),
    'nameEn', c."nameEn", 'nameAr', c."nameAr")
$fn$;
