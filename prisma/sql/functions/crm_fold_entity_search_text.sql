-- Entity."searchText" is stored folded (crm_search_fold), whoever writes it: the services build
-- the haystack (names in both languages, e-mail, crmId, identity numbers, IBANs) and this trigger
-- folds it, so the folding has one definition and the trigram index holds folded text.
CREATE OR REPLACE FUNCTION crm_fold_entity_search_text() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW."searchText" := coalesce(crm_search_fold(NEW."searchText"), '');
  RETURN NEW;
END
$fn$;
