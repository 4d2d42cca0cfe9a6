/**
 * The haystack for `q`: names in both languages, e-mail, crmId, identity numbers and IBANs. The
 * database folds it on write (trigger `Entity_search_text_fold`, function `crm_search_fold`: case,
 * Arabic letter forms, diacritics, digits, punctuation) and the list folds `q` the same way, so
 * this only gathers the values.
 */
export function buildSearchText(
  e: { nameEn?: string | null; nameAr?: string | null; email?: string | null; crmId?: string | null },
  identityNumbers: string[],
  ibans: string[] = [],
): string {
  return [e.nameEn, e.nameAr, e.email, e.crmId, ...identityNumbers, ...ibans]
    .filter((v): v is string => Boolean(v))
    .join(' ')
    .toLowerCase();
}
