-- The referential integrity of the chosen options kept on KycAnswer."chosenOptions"
-- (functions/crm_kyc_answer_options_check.sql, functions/crm_kyc_option_guard.sql).
-- @then-run maintenance/move_kyc_answer_options.sql

-- Transition tables need one trigger per event.
CREATE OR REPLACE TRIGGER "KycAnswer_options_insert" AFTER INSERT ON "KycAnswer"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_kyc_answer_options_check();
CREATE OR REPLACE TRIGGER "KycAnswer_options_update" AFTER UPDATE ON "KycAnswer"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_kyc_answer_options_check();

CREATE OR REPLACE TRIGGER "KycOption_answer_guard" BEFORE UPDATE OF "id", "questionId" OR DELETE ON "KycOption"
  FOR EACH ROW EXECUTE FUNCTION crm_kyc_option_guard();
