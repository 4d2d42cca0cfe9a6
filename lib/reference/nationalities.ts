import crypto from 'node:crypto';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import ar from 'i18n-iso-countries/langs/ar.json';
import { formatTimestamp } from '@/lib/core/format';
import { isCountryCode } from './country-codes';

countries.registerLocale(en);
countries.registerLocale(ar);

export interface Nationality {
  id: string;
  createdAt: string;
  updatedAt: string;
  nameEn: string;
  nameAr: string;
  nationalityEn: string;
  nationalityAr: string;
  twoCode: string;
  threeCode: string;
}

// Reference data comes from i18n-iso-countries at runtime, not from a table: there is nothing a
// tenant can change. Ids are derived from the alpha-2 code (stable across installations) and the
// timestamps are the date this reference set was adopted.
const REFERENCE_DATE = formatTimestamp(new Date(Date.UTC(2026, 10, 22)));
const cache = new Map<string, Nationality | null>();

function stableUuid(seed: string): string {
  const h = crypto.createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export { isCountryCode };

/**
 * Nationality of an ISO 3166-1 alpha-2 code. The package has country names but no demonyms, so
 * `nationalityEn`/`nationalityAr` carry the country's name (as Saudi government forms do: "الجنسية:
 * السعودية"); `nameEn`/`nameAr` are the same names.
 */
export function getNationality(code: string | null | undefined): Nationality | null {
  if (!code) return null;
  const cached = cache.get(code);
  if (cached !== undefined) return cached;
  let out: Nationality | null = null;
  if (isCountryCode(code)) {
    const nameEn = countries.getName(code, 'en', { select: 'official' }) ?? code;
    const nameAr = countries.getName(code, 'ar', { select: 'official' }) ?? nameEn;
    out = {
      id: stableUuid(`nationality:${code}`),
      createdAt: REFERENCE_DATE,
      updatedAt: REFERENCE_DATE,
      nameEn,
      nameAr,
      nationalityEn: nameEn,
      nationalityAr: nameAr,
      twoCode: code,
      threeCode: countries.alpha2ToAlpha3(code) ?? '',
    };
  }
  cache.set(code, out);
  return out;
}
