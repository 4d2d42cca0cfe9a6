import countries from 'i18n-iso-countries';

/**
 * Whether a code is an ISO 3166-1 alpha-2 country. Kept apart from `nationalities.ts` (which uses
 * node:crypto for its stable ids) because the request schemas that call it also run in the browser.
 */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}
