-- The referential check of KycAnswer."chosenOptions" (the chosen options of an answer, kept on its
-- row): every element's optionId must be an option of the answer's own question, of the same
-- tenant. Stricter than the foreign key of the one-row-per-choice table it replaces (which only
-- required the option to exist). Statement-level with a transition table: one set-based lookup per
-- statement, however many answers it writes (a 200-question submission is one INSERT).
CREATE OR REPLACE FUNCTION crm_kyc_answer_options_check() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
DECLARE
  bad record;
BEGIN
  SELECT a."id" AS answer, c.value AS choice INTO bad
    FROM new_rows a
    CROSS JOIN LATERAL jsonb_array_elements(a."chosenOptions") AS c(value)
    LEFT JOIN "KycOption" o
      ON o."id" = (c.value->>'optionId')::uuid AND o."questionId" = a."questionId" AND o."tenantId" = a."tenantId"
   WHERE o."id" IS NULL OR (c.value->>'id') IS NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'KycAnswer %: chosen option % is not an option of the answer''s question', bad.answer, bad.choice
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$fn$;
