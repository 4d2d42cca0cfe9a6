-- Folds every stored Entity."searchText" (the trigger folds on write) and adds the IBANs of the
-- entity's bank accounts, which the haystack did not hold before.
UPDATE "Entity" e
   SET "searchText" = concat_ws(' ', e."searchText",
         (SELECT string_agg(b."iban", ' ') FROM "BankAccount" b
           WHERE b."tenantId" = e."tenantId" AND b."entityId" = e."id"
             AND position(lower(b."iban") IN e."searchText") = 0));
