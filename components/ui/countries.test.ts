import { describe, expect, it } from 'vitest';
import { countryName } from './countries';

describe('country names', () => {
  it('names the countries the runtimes disagree on the same way on the server and in the browser', () => {
    expect(['PS', 'HK', 'MO', 'FK'].map((code) => countryName('en', code))).toEqual(['Palestine', 'Hong Kong', 'Macao', 'Falkland Islands']);
    expect(countryName('ar', 'PS')).toBe('فلسطين');
    expect(countryName('ar', 'ps')).toBe('فلسطين');
  });

  it('takes every other name from Intl in the page language, and answers an unknown code with the code', () => {
    expect(countryName('en', 'SA')).toBe('Saudi Arabia');
    expect(countryName('ar', 'SA')).toBe('المملكة العربية السعودية');
    expect(countryName('en', '??')).toBe('??');
  });
});
