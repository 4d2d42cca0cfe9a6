/**
 * Names the runtimes disagree on: Node.js's ICU and Chromium's name these four differently (e.g.
 * "Palestinian Territories" against "Palestine"), so a page rendered on the server and hydrated in
 * the browser would not match. One name each, the one a Gulf compliance team uses.
 */
const FIXED_NAMES: Record<string, { en: string; ar: string }> = {
  PS: { en: 'Palestine', ar: 'فلسطين' },
  HK: { en: 'Hong Kong', ar: 'هونغ كونغ' },
  MO: { en: 'Macao', ar: 'ماكاو' },
  FK: { en: 'Falkland Islands', ar: 'جزر فوكلاند' },
};

/** A country's name in the page's language (Intl.DisplayNames: no country list in the browser bundle); the code itself when unknown. */
export function countryName(locale: string, code: string): string {
  const fixed = FIXED_NAMES[code.toUpperCase()];
  if (fixed) return locale === 'ar' ? fixed.ar : fixed.en;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
