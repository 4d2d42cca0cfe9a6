-- Every insert, update and delete of a tenant's rules moves its TransactionRuleSet.version.
CREATE OR REPLACE TRIGGER "TransactionRule_version" AFTER INSERT OR UPDATE OR DELETE ON "TransactionRule"
  FOR EACH ROW EXECUTE FUNCTION crm_count_transaction_rule_changes();
