/**
 * Arabic script → Latin keys.
 *
 * 1. `normalizeArabic` removes tashkeel (harakat, tanwin, shadda, sukun, superscript alef,
 *    Quranic marks), tatweel and zero-width joiners, unifies alef forms (أ إ آ ٱ → ا), hamza
 *    carriers (ؤ → و, ئ → ي, lone ء dropped), taa marbuta (ة → ه), alef maqsura (ى → ي),
 *    Persian, Urdu and Pashto letter forms (ی ے → ي, ک → ك, ہ ھ ۀ → ه, ٹ ڈ ڑ → ت د ر …), and
 *    Arabic-Indic / Eastern Arabic-Indic digits → 0-9.
 * 2. `transliterateArabicToken` first looks the (normalized) token up in a dictionary of
 *    common given and family names, which gives the same canonical Latin key as the Latin
 *    spellings of that name (محمد → muhammad = Mohammed / Muhamad / Mohd); otherwise it
 *    transliterates letter by letter (a consonant skeleton with the long vowels that Arabic
 *    writes: حربي → hrbi, راجحي → rajhi). Such keys are flagged `vowelPoor`: the scorer then
 *    also compares consonant skeletons (phonetic.ts), since short vowels are missing.
 * 3. `persianReading`: the same letters as read in Persian, Dari, Urdu and Pashto names, where
 *    ث ص س → s, ذ ز ض ظ → z, ط ت → t and a و before a vowel is v (فیض → faiz, not fid;
 *    علوی → alvi). Names from Afghanistan, Pakistan and Iran are spelled in Latin that way;
 *    the normalizer keeps it as a second reading of the token.
 */
import { ARABIC_NAME_TO_CANONICAL } from './names-dictionary';

export { normalizeArabic, hasArabic, ARABIC_LETTER } from './arabic';

const LETTERS: Record<string, string> = {
  ا: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: 'a',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  و: 'w',
  ي: 'y',
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  ڤ: 'v',
  گ: 'g',
};
const PERSIAN: Record<string, string> = { ...LETTERS, ث: 's', ذ: 'z', ض: 'z', ظ: 'z' };
const VOWEL_LETTERS = new Set(['ا', 'ي', 'و']);

/** Letter-by-letter transliteration of one normalized Arabic token. */
export function transliterateLetters(token: string, reading: 'arabic' | 'persian' = 'arabic'): string {
  const table = reading === 'persian' ? PERSIAN : LETTERS;
  let out = '';
  const chars = [...token];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const first = i === 0;
    const last = i === chars.length - 1;
    if (c === 'و') {
      // Persian: a و before a vowel letter is the consonant v (نواز navaz, علوی alvi)
      out += first ? (reading === 'persian' ? 'v' : 'w') : reading === 'persian' && VOWEL_LETTERS.has(chars[i + 1] ?? '') && chars[i + 1] !== 'و' ? 'v' : 'u';
    } else if (c === 'ي') {
      out += first ? 'y' : 'i';
    } else if (c === 'ه' && last && chars.length > 2) {
      // taa marbuta (unified to ه) at the end of a word is a vowel: فاطمة → fatma
      out += 'a';
    } else if (c === 'ع' && !first && out.endsWith('a')) {
      // سعاد: avoid "aa" runs from ع next to alef
      continue;
    } else if (c === 'ع' && reading === 'persian' && !first) {
      // Persian pronounces ع as a glottal stop or not at all (نعمانی Nomani)
      continue;
    } else if (/[0-9]/.test(c)) {
      out += c;
    } else {
      const l = table[c];
      if (l !== undefined) out += l;
    }
  }
  return out;
}

export interface TransliteratedToken {
  key: string;
  /** true when no dictionary entry was found (short vowels are missing). */
  vowelPoor: boolean;
}

/** Transliterates one normalized Arabic token (no ال prefix handling here). */
export function transliterateArabicToken(token: string): TransliteratedToken {
  const dict = ARABIC_NAME_TO_CANONICAL.get(token);
  if (dict !== undefined) return { key: dict, vowelPoor: false };
  return { key: transliterateLetters(token), vowelPoor: true };
}

/** The Persian reading of a token when it differs from the Arabic one, else null. */
export function persianReading(token: string): string | null {
  if (ARABIC_NAME_TO_CANONICAL.has(token) || !/[ثذضظوع]/.test(token)) return null;
  const p = transliterateLetters(token, 'persian');
  return p !== transliterateLetters(token) ? p : null;
}
