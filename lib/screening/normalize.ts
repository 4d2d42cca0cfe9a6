/**
 * Name normalization for Latin and Arabic script → a list of canonical Latin tokens.
 *
 * Latin: NFKD + diacritics removed, lower case, ß/æ/ø/ł/đ/ı folded, apostrophes and
 * ʿayn/hamza marks removed, other punctuation → space.
 * Arabic: see arabic.ts (tashkeel, tatweel, alef/hamza forms, taa marbuta, alef maqsura,
 * digits), then transliterate.ts.
 * Both scripts: honorifics dropped (Mr, Dr, Sheikh, Haji, الشيخ, السيد, الدكتور …);
 * particles bin / ibn / bint / بن / ابن / بنت dropped; the article al- / el- / ال (separate
 * or attached, and sun-letter forms ar-, as-, ad- …) removed; abd / abdul / abdel / عبد and
 * abu / abou / ابو glued to the following word ("Abd Al-Rahman", "Abdulrahman",
 * "Abdurrahman", "عبد الرحمن" → abdrahman); frequent names canonicalized through
 * names-dictionary.ts (Mohammed / Muhammad / Mohamad / Mohd / محمد → muhammad);
 * a final "-ah" of long tokens folded to "-a" (Fatimah = Fatima).
 * Organizations: legal-form words (LLC, Ltd, Co, Corp, GmbH, شركة, مؤسسة, ذ.م.م …) are
 * kept but flagged `legal` (weight ≈ 0) and generic business words (trading, group,
 * international, للتجارة …) flagged `generic` (low weight), so "CORP" alone never matches.
 */
import { hasArabic, normalizeArabic } from './arabic';
import { COMMON_GIVEN_NAMES, LATIN_NAME_TO_CANONICAL } from './names-dictionary';
import { skeleton, blockingCode } from './phonetic';
import { transliterateArabicToken } from './transliterate';

export type Script = 'Latin' | 'Arabic';

export interface NameToken {
  /** canonical Latin key (a-z0-9) */
  key: string;
  /** consonant skeleton (phonetic.ts) */
  skel: string;
  /** blocking code: skeleton prefix */
  code: string;
  script: Script;
  /** key came from letter-by-letter transliteration of Arabic (short vowels missing) */
  vowelPoor: boolean;
  /** single letter, e.g. "M." */
  initial: boolean;
  /** organization legal-form word (LLC, شركة …) */
  legal: boolean;
  /** generic organization word (trading, group …) */
  generic: boolean;
  /** informativeness weight used by the scorer */
  weight: number;
}

export interface NormalizedName {
  original: string;
  script: Script;
  tokens: NameToken[];
  /** tokens' keys joined with a space (search key stored in the database) */
  key: string;
}

const HONORIFICS_LATIN = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mister',
  'dr',
  'doctor',
  'prof',
  'professor',
  'sheikh',
  'shaikh',
  'shaykh',
  'sheik',
  'haji',
  'hajji',
  'hajj',
  'alhaj',
  'alhajj',
  'alhaji',
  'eng',
  'engr',
  'sir',
  'madam',
  'mme',
  'mlle',
  'hrh',
  'he',
  'prince',
  'princess',
  'emir',
  'amir',
  'mullah',
  'mulla',
  'maulana',
  'imam',
]);
const PARTICLES_LATIN = new Set(['bin', 'ibn', 'bint', 'binti', 'binte', 'bn', 'ben', 'al', 'el', 'ul', 'ould', 'walad', 'wld']);
const SUN_PARTICLES = new Set(['ad', 'ar', 'as', 'at', 'az', 'an', 'ash', 'ath', 'adh', 'ud', 'ur', 'us', 'un', 'ed', 'er', 'es', 'en', 'et', 'ez']);
const AL_PROTECT = new Set([
  'alan',
  'allan',
  'allen',
  'albert',
  'alberto',
  'alberta',
  'alfred',
  'alfredo',
  'alex',
  'alexander',
  'alexandra',
  'alexandre',
  'alexei',
  'alexey',
  'alice',
  'alicia',
  'alison',
  'allison',
  'alvin',
  'alvaro',
  'alba',
  'alma',
  'alina',
  'aliya',
  'alia',
  'aliyah',
  'alaa',
  'alam',
  'alawi',
  'alfonso',
  'alonso',
  'alphonse',
  'alain',
  'albina',
  'aleksandr',
  'aleksei',
  'alessandro',
  'alessandra',
  'alicja',
  'almaz',
  'alisher',
  'aliev',
  'aliyev',
  'alva',
  'elena',
  'elias',
  'elizabeth',
  'ella',
  'ellen',
  'elliot',
  'elliott',
  'elsa',
  'elton',
  'elvis',
  'elmer',
  'elisa',
  'elif',
  'eldar',
  'elmira',
  'elnur',
  'elena',
  'elijah',
  'eliza',
  'eleanor',
  'elaine',
  'elbert',
  'eloise',
  'elvira',
  'elhadj',
  'alliance',
  'allied',
  'alpha',
  'alpine',
  'altai',
  'altay',
  'alternative',
  'aluminium',
  'aluminum',
  'element',
  'electric',
  'electronics',
  'elite',
  'elevator',
  'alkali',
  'alamo',
]);
const ABD_PREFIXES = new Set(['abd', 'abdul', 'abdel', 'abdal', 'abdol', 'abdou', 'abdu', 'abdoul', 'abdil', 'abdi', 'abdur', 'abdus', 'abdel']);
const ABU_PREFIXES = new Set(['abu', 'abou', 'abo', 'aboo']);

const LEGAL_LATIN = new Set([
  'llc',
  'lc',
  'ltd',
  'limited',
  'co',
  'company',
  'corp',
  'corporation',
  'inc',
  'incorporated',
  'plc',
  'gmbh',
  'sa',
  'sarl',
  'sas',
  'ag',
  'bv',
  'nv',
  'pjsc',
  'jsc',
  'ojsc',
  'cjsc',
  'pjs',
  'pvt',
  'private',
  'pte',
  'llp',
  'lp',
  'fze',
  'fzco',
  'fzc',
  'fzllc',
  'est',
  'establishment',
  'wll',
  'spc',
  'spa',
  'srl',
  'kg',
  'oy',
  'ab',
  'as',
  'sdn',
  'bhd',
  'pty',
  'ooo',
  'zao',
  'oao',
  'tov',
  'kft',
  'sro',
  'doo',
  'ad',
  'ee',
  'cc',
  'gk',
  'kk',
  'sal',
  'saog',
  'saoc',
  'bsc',
  'qsc',
  'kscc',
  'ksc',
  'psc',
  'the',
  'and',
  'of',
  'for',
  'de',
  'du',
  'la',
  'le',
  'del',
  'y',
  'et',
  'und',
]);
const GENERIC_LATIN = new Set([
  'trading',
  'trade',
  'traders',
  'group',
  'holding',
  'holdings',
  'international',
  'intl',
  'general',
  'services',
  'service',
  'enterprise',
  'enterprises',
  'industries',
  'industrial',
  'industry',
  'global',
  'investment',
  'investments',
  'import',
  'export',
  'commercial',
  'contracting',
  'contractors',
  'development',
  'management',
  'partners',
  'associates',
  'solutions',
  'bank',
  'foundation',
  'organization',
  'organisation',
  'association',
  'society',
  'charity',
  'charitable',
  'trust',
  'fund',
  'agency',
  'center',
  'centre',
  'office',
  'national',
  'united',
  'middle',
  'east',
  'gulf',
  'arab',
  'arabian',
  'saudi',
  'emirates',
  'shipping',
  'logistics',
  'transport',
  'exchange',
  'financial',
  'finance',
  'capital',
  'real',
  'estate',
  'construction',
  'oil',
  'gas',
  'petroleum',
  'energy',
  'technology',
  'technologies',
  'tech',
  'systems',
  'network',
  'media',
  'consulting',
  'factory',
  'manufacturing',
  'import',
  'establishments',
  'brothers',
  'sons',
  'front',
  'movement',
  'brigade',
  'brigades',
  'army',
]);
const HONORIFICS_ARABIC = [
  'الشيخ',
  'شيخ',
  'الشيخه',
  'السيد',
  'السيده',
  'سيد',
  'الدكتور',
  'دكتور',
  'د',
  'م',
  'المهندس',
  'مهندس',
  'الحاج',
  'حاج',
  'الامير',
  'الاميره',
  'الاستاذ',
  'استاذ',
  'الملا',
  'ملا',
  'الامام',
].map(normalizeArabic);
const PARTICLES_ARABIC = new Set(['بن', 'ابن', 'بنت', 'ال', 'ولد'].map(normalizeArabic));
const LEGAL_ARABIC = new Set(
  [
    'شركه',
    'الشركه',
    'مؤسسه',
    'المؤسسه',
    'ذمم',
    'ذ.م.م',
    'محدوده',
    'المحدوده',
    'شمم',
    'شمع',
    'شمعم',
    'مساهمه',
    'المساهمه',
    'و',
    'في',
    'من',
    'ش.م.م',
    'ش.م.ع',
  ].map((w) => normalizeArabic(w).replace(/\./g, '')),
);
const GENERIC_ARABIC = new Set(
  [
    'مجموعه',
    'المجموعه',
    'للتجاره',
    'التجاره',
    'تجاره',
    'التجاريه',
    'تجاريه',
    'القابضه',
    'قابضه',
    'العالميه',
    'الدوليه',
    'دوليه',
    'العامه',
    'للخدمات',
    'الخدمات',
    'للاستثمار',
    'الاستثمار',
    'للمقاولات',
    'المقاولات',
    'الوطنيه',
    'العربيه',
    'السعوديه',
    'مصرف',
    'المصرفيه',
    'بنك',
    'جمعيه',
    'الخيريه',
    'مكتب',
    'للصرافه',
    'الصرافه',
    'للنقل',
    'جبهه',
    'حركه',
    'كتائب',
    'لواء',
    'جيش',
    'تنظيم',
    'للشحن',
    'الشحن',
    'شحن',
    'للصناعه',
    'الصناعيه',
    'للتطوير',
    'للاعمال',
    'الاعمال',
    'للنفط',
    'للطاقه',
    'للتقنيه',
    'للاتصالات',
    'للسياحه',
    'للتامين',
    'التامين',
    'الانسانيه',
    'الاغاثه',
    'للاغاثه',
    'الخيريه',
    'خيريه',
    'للتمويل',
    'التمويل',
    'للعقارات',
    'العقاريه',
  ].map(normalizeArabic),
);

/** Lower-case, diacritics removed, punctuation → space (Latin part). */
export function normalizeLatinText(input: string): string {
  let s = input.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  s = s.toLowerCase();
  s = s
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/ı/g, 'i')
    .replace(/þ/g, 'th');
  // apostrophes, ʿayn and hamza signs disappear inside words: Sa'id, Al-Qa'ida, Mu`awiya
  s = s.replace(/['’‘`ʿʾʼ´]/g, '');
  return s;
}

/**
 * Dotted legal forms ("ذ.م.م", "l.l.c.", "w. l. l") → one word, before punctuation becomes space
 * and would leave their letters as tokens of the name. Other dotted letters ("a.b.") stay.
 */
function joinDottedLegalForms(s: string): string {
  return s.replace(/(?<![\p{L}\p{N}])\p{L}(?:\. ?\p{L})+\.?(?![\p{L}\p{N}])/gu, (dotted) => {
    const joined = dotted.replace(/[. ]/g, '');
    return LEGAL_LATIN.has(joined) || LEGAL_ARABIC.has(joined) ? joined : dotted;
  });
}

/**
 * Text normalization for both scripts (used for search keys and exact comparison).
 * `organization`: dotted legal forms are read as one word (joinDottedLegalForms).
 */
export function normalizeText(input: string, { organization = false } = {}): string {
  let s = normalizeArabic(normalizeLatinText(input));
  if (organization) s = joinDottedLegalForms(s);
  s = s.replace(/[^\p{L}\p{N}]+/gu, ' ');
  return s.replace(/\s+/g, ' ').trim();
}

function stripAlLatin(t: string): string {
  if (AL_PROTECT.has(t) || LATIN_NAME_TO_CANONICAL.has(t)) return t;
  const m = /^(?:al|el)(.{3,})$/.exec(t);
  return m ? m[1]! : t;
}

function foldAh(t: string): string {
  return t.length > 4 && t.endsWith('ah') ? t.slice(0, -1) : t;
}

/** Canonical form of one Latin token. */
export function canonicalLatinToken(raw: string): string {
  let t = raw;
  const direct = LATIN_NAME_TO_CANONICAL.get(t);
  if (direct) return direct;
  const abd = /^abd(?:ul|el|al|ol|oul|ou|ur|us|u|il|i|e|a|o)?(.{3,})$/.exec(t);
  if (abd && t !== 'abdi') {
    let stem = abd[1]!;
    if (stem.length >= 3 && stem[0] === stem[1]) stem = stem.slice(1); // Abdurrahman, Abdulla
    stem = stripAlLatin(stem);
    return foldAh('abd' + (LATIN_NAME_TO_CANONICAL.get(stem) ?? stem));
  }
  const abu = /^(?:abu|abou|abo)(.{3,})$/.exec(t);
  if (abu) {
    const stem = stripAlLatin(abu[1]!);
    return foldAh('abu' + (LATIN_NAME_TO_CANONICAL.get(stem) ?? stem));
  }
  t = stripAlLatin(t);
  return foldAh(LATIN_NAME_TO_CANONICAL.get(t) ?? t);
}

interface RawTok {
  text: string;
  arabic: boolean;
}

function makeToken(key: string, script: Script, vowelPoor: boolean, flags: { legal: boolean; generic: boolean }): NameToken {
  const initial = key.length === 1 && /[a-z]/.test(key);
  const skel = skeleton(key);
  let weight = 1;
  if (flags.legal) weight = 0.02;
  else if (flags.generic) weight = 0.15;
  else if (initial) weight = 0.35;
  else if (COMMON_GIVEN_NAMES.has(key)) weight = 0.6;
  return { key, skel, code: blockingCode(key), script, vowelPoor, initial, ...flags, weight };
}

function arabicStem(t: string): string {
  // لل (li-l-): للتجارة; ال: الحربي
  if (t.length > 4 && t.startsWith('لل')) return t.slice(2);
  if (t.length > 3 && t.startsWith('ال')) return t.slice(2);
  return t;
}

function arabicToLatin(stem: string): { key: string; vowelPoor: boolean } {
  const tr = transliterateArabicToken(stem);
  return { key: tr.key, vowelPoor: tr.vowelPoor };
}

/**
 * Normalizes a person or organization name in either script into canonical tokens.
 * `type` only changes how legal-form words are treated (they are flagged for both).
 */
export function normalizeName(input: string, type: 'Individual' | 'Organization' = 'Individual'): NormalizedName {
  const text = normalizeText(input, { organization: type === 'Organization' });
  const raw: RawTok[] = text
    .split(' ')
    .filter(Boolean)
    .map((t) => ({ text: t, arabic: hasArabic(t) }));
  const tokens: NameToken[] = [];
  let arabicCount = 0;
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i]!;
    const isFirst = tokens.length === 0;
    const next = raw[i + 1];
    if (r.arabic) {
      arabicCount++;
      let t = r.text;
      if (LEGAL_ARABIC.has(t)) {
        tokens.push(makeToken(arabicToLatin(arabicStem(t)).key, 'Arabic', true, { legal: true, generic: false }));
        continue;
      }
      if (GENERIC_ARABIC.has(t)) {
        tokens.push(makeToken(arabicToLatin(arabicStem(t)).key, 'Arabic', true, { legal: false, generic: true }));
        continue;
      }
      if (type === 'Individual' && HONORIFICS_ARABIC.includes(t) && raw.length - i > 1) continue;
      if (PARTICLES_ARABIC.has(t) && raw.length > 1) continue;
      // عبد + following word; عبدالرحمن written as one word
      let prefix = '';
      if ((t === 'عبد' || t === 'ابو') && next && next.arabic) {
        prefix = t === 'عبد' ? 'abd' : 'abu';
        t = next.text;
        i++;
      } else if (t.length > 4 && t.startsWith('عبد')) {
        prefix = 'abd';
        t = t.slice(3);
      } else if (t.length > 4 && t.startsWith('ابو') && type === 'Individual') {
        prefix = 'abu';
        t = t.slice(3);
      }
      const stem = prefix ? (t.startsWith('ال') && t.length > 2 ? t.slice(2) : t) : arabicStem(t);
      const tr = arabicToLatin(stem);
      const key = prefix ? foldAh(prefix + tr.key) : canonicalLatinToken(foldAh(tr.key));
      if (!key) continue;
      tokens.push(makeToken(key, 'Arabic', tr.vowelPoor, { legal: false, generic: false }));
      continue;
    }
    const t = r.text;
    if (LEGAL_LATIN.has(t) && (type === 'Organization' || !isFirst)) {
      if (type === 'Organization') tokens.push(makeToken(t, 'Latin', false, { legal: true, generic: false }));
      else if (['llc', 'ltd', 'limited', 'co', 'company', 'corp', 'corporation', 'inc', 'plc', 'gmbh'].includes(t))
        tokens.push(makeToken(t, 'Latin', false, { legal: true, generic: false }));
      // other short words (de, la, the …) inside personal names are dropped
      continue;
    }
    if (GENERIC_LATIN.has(t) && type === 'Organization') {
      tokens.push(makeToken(t, 'Latin', false, { legal: false, generic: true }));
      continue;
    }
    if (HONORIFICS_LATIN.has(t) && type === 'Individual' && raw.length - i > 1) continue;
    if (PARTICLES_LATIN.has(t) && raw.length > 1) continue;
    if (SUN_PARTICLES.has(t) && next && !next.arabic && next.text.startsWith(t.slice(1))) continue;
    if ((ABD_PREFIXES.has(t) || ABU_PREFIXES.has(t)) && next && !next.arabic) {
      const glued = (ABD_PREFIXES.has(t) ? 'abd' : 'abu') + '|' + next.text;
      i++;
      // skip an article between: "Abd Al Rahman"
      let stemRaw = next.text;
      if ((stemRaw === 'al' || stemRaw === 'el' || SUN_PARTICLES.has(stemRaw)) && raw[i + 1] && !raw[i + 1]!.arabic) {
        stemRaw = raw[i + 1]!.text;
        i++;
      }
      void glued;
      const stem = stripAlLatin(stemRaw);
      const pre = ABD_PREFIXES.has(t) ? 'abd' : 'abu';
      tokens.push(makeToken(foldAh(pre + (LATIN_NAME_TO_CANONICAL.get(stem) ?? stem)), 'Latin', false, { legal: false, generic: false }));
      continue;
    }
    const key = canonicalLatinToken(t);
    if (!key) continue;
    const legal = type === 'Organization' && LEGAL_LATIN.has(key);
    tokens.push(makeToken(key, 'Latin', false, { legal, generic: type === 'Organization' && !legal && GENERIC_LATIN.has(key) }));
  }
  return {
    original: input,
    script: arabicCount > 0 && arabicCount >= raw.length / 2 ? 'Arabic' : 'Latin',
    tokens,
    key: tokens.map((t) => t.key).join(' '),
  };
}

/** Informative tokens: not legal-form words, not generic business words. */
export function informativeTokens(n: NormalizedName): NameToken[] {
  return n.tokens.filter((t) => !t.legal && !t.generic);
}
