-- An option that answers may have chosen stays what it is: it cannot be deleted, re-keyed or moved
-- to another question once its form is no longer a Draft (answers are taken only on Published
-- forms, and a Published form is immutable: "edit" makes a new Draft version). With the foreign key
-- KycAnswer.questionId → KycQuestion (an answered question cannot be deleted, and with it its
-- options), this is what keeps every optionId in KycAnswer."chosenOptions" pointing at its option.
-- When the question itself is being deleted (a Draft's tree replaced, cascading to its options) the
-- lookup finds no question: that deletion is guarded by the question's own foreign key.
CREATE OR REPLACE FUNCTION crm_kyc_option_guard() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."id" = OLD."id" AND NEW."questionId" = OLD."questionId" THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM "KycQuestion" q JOIN "KycSection" s ON s."id" = q."sectionId" JOIN "KycForm" f ON f."id" = s."formId"
              WHERE q."id" = OLD."questionId" AND f."status" <> 'Draft') THEN
    RAISE EXCEPTION 'KycOption %: an option of a form that is not a Draft cannot be deleted or moved', OLD."id"
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END;
$fn$;
