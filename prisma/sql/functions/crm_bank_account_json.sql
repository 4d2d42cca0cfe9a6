-- The API's BankAccount object: a profile's `bankAccounts` (crm_entity_profile_body) and the
-- answers of the bank-account routes and the review queue. `attachment` may be the NULL row of a
-- LEFT JOIN. Inlined by PostgreSQL.
CREATE OR REPLACE FUNCTION crm_bank_account_json(b "BankAccount", attachment "Attachment") RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', b."id", 'createdAt', crm_timestamp_text(b."createdAt"), 'updatedAt', crm_timestamp_text(b."updatedAt"),
    'iban', b."iban", 'primary', b."primary", 'bankNameEn', b."bankNameEn", 'bankNameAr', b."bankNameAr",
    'swiftCode', b."swiftCode", 'bankCode', b."bankCode", 'holderName', b."holderName", 'status', b."status",
    'source', b."source", 'verificationStatus', b."verificationStatus",
    'attachment', CASE WHEN attachment."id" IS NULL THEN NULL ELSE crm_attachment_json(attachment) END,
    'entityId', b."entityId")
$fn$;
