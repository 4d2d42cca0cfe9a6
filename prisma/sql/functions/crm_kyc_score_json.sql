-- The API's KYC score object (interface-specification.md, KYC score): decimals as strings with the
-- digits stored (riskScore always has 2 decimals), riskBreakdown and overrideReasons as stored.
-- Plain SQL over a row, so PostgreSQL inlines it. Entity documents embed it, hence the refresh.
-- @then-run maintenance/refresh_entity_documents.sql
CREATE OR REPLACE FUNCTION crm_kyc_score_json(s "KycScore") RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', s."id", 'createdAt', crm_timestamp_text(s."createdAt"), 'updatedAt', crm_timestamp_text(s."updatedAt"),
    'classification', s."classification", 'reason', s."reason", 'submissionId', s."submissionId",
    'riskBreakdown', s."riskBreakdown", 'riskScore', s."riskScore"::text, 'riskLevel', s."riskLevel",
    'suitabilityScore', s."suitabilityScore"::text, 'suitabilitySucceeded', s."suitabilitySucceeded",
    'localMatchCount', s."localMatchCount", 'publicMatchCount', s."publicMatchCount",
    'overrideReasons', s."overrideReasons", 'blocked', s."blocked")
$fn$;
