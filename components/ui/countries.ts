/** A country's name in the page's language (Intl.DisplayNames: no country list in the browser bundle); the code itself when unknown. */
export function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
