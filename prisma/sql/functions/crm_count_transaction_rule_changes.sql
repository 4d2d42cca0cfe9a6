-- TransactionRuleSet.version counts the changes of a tenant's transaction rules: the ingest's cache
-- of Published rules (lib/transactions/rules/load-rules.ts) is good while the number stands.
-- SECURITY DEFINER: the application may read the counter but not write it.
CREATE OR REPLACE FUNCTION crm_count_transaction_rule_changes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
BEGIN
  INSERT INTO "TransactionRuleSet" AS s ("tenantId", "version") VALUES (coalesce(NEW."tenantId", OLD."tenantId"), 1)
    ON CONFLICT ("tenantId") DO UPDATE SET "version" = s."version" + 1;
  RETURN NULL;
END
$fn$;
