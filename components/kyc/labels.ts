import type { BadgeTone } from '@/components/ui/badge';
import { countryName } from '@/components/ui/countries';

/** The text of the page's language, falling back to the other one. */
export function localized(locale: string, en: string | null | undefined, ar: string | null | undefined): string {
  return (locale === 'ar' ? ar || en : en || ar) ?? '';
}

export function formStatusTone(status: string): BadgeTone {
  return status === 'Published' ? 'good' : status === 'Draft' ? 'warn' : 'neutral';
}

export function kycStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'KycComplete':
    case 'Approved':
      return 'good';
    case 'KycRejected':
    case 'Rejected':
      return 'bad';
    case 'KycUnderReview':
    case 'KycSubmitted':
    case 'Submitted':
    case 'Pending':
      return 'warn';
    default:
      return 'neutral';
  }
}

export function riskTone(level: string | null | undefined): BadgeTone {
  return level === 'High' ? 'bad' : level === 'Medium' ? 'warn' : level === 'Low' ? 'good' : 'neutral';
}

/** Every ISO 3166-1 alpha-2 code, for country pickers (names come from Intl.DisplayNames in the page's language). */
export const COUNTRY_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'.split(
    ' ',
  );

export interface CountryOption {
  code: string;
  name: string;
}

const countryLists = new Map<'en' | 'ar', CountryOption[]>();

/**
 * Every country with its name in `lang` (`countryName`, which names alike on the server and in the
 * browser), sorted by name; made once per language, not at every render of a preview.
 */
export function countryOptions(lang: 'en' | 'ar'): CountryOption[] {
  let list = countryLists.get(lang);
  if (!list) {
    list = COUNTRY_CODES.map((code) => ({ code, name: countryName(lang, code) })).sort((a, b) => a.name.localeCompare(b.name, lang));
    countryLists.set(lang, list);
  }
  return list;
}
