/** Lower-cased haystack for `q`: names, e-mail, crmId and identity numbers (one trigram index). */
export function buildSearchText(
  e: { nameEn?: string | null; nameAr?: string | null; email?: string | null; crmId?: string | null },
  identityNumbers: string[],
): string {
  return [e.nameEn, e.nameAr, e.email, e.crmId, ...identityNumbers]
    .filter((v): v is string => Boolean(v))
    .join(' ')
    .toLowerCase();
}
