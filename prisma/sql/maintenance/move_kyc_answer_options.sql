-- Moves the chosen options of stored answers from the KycAnswerOption rows (one per choice) onto
-- their answer rows (KycAnswer."chosenOptions"), keeping each choice's id: appended by
-- db:new-migration when triggers/kyc_answers.sql changes. Does nothing once the table is gone.
SELECT set_config('app.scope', 'platform', true);
DO $move$
BEGIN
  IF to_regclass('"KycAnswerOption"') IS NOT NULL THEN
    EXECUTE $sql$
      UPDATE "KycAnswer" a
         SET "chosenOptions" = c.chosen
        FROM (SELECT ao."answerId",
                     jsonb_agg(jsonb_build_object('id', ao."id", 'optionId', ao."optionId", 'additionalInfo', ao."additionalInfo")
                               ORDER BY ao."createdAt", ao."id") AS chosen
                FROM "KycAnswerOption" ao GROUP BY ao."answerId") c
       WHERE c."answerId" = a."id" AND a."chosenOptions" = '[]'::jsonb
    $sql$;
  END IF;
END;
$move$;
