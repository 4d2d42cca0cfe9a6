/** Arabic-script normalization shared by the transliterator and the name dictionary. */
const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u08D3-\u08FF]/g;
const TATWEEL = /\u0640/g;
/** zero-width joiners and direction marks (Persian writes a ZWNJ inside compound words) */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export function hasArabic(s: string): boolean {
  return ARABIC_LETTER.test(s);
}

/**
 * Persian, Urdu and Pashto letter forms → the Arabic letter they are read as in names
 * (Urdu ہ ھ ۃ and Persian ۀ → ه; ے ۓ ې ۍ → ي; Urdu retroflex ٹ ڈ ڑ → ت د ر; ں ڼ → ن;
 * Pashto ټ ډ ړ ښ ږ ځ څ → ت د ر ش ژ ز س). Persian پ چ ژ گ and ڤ keep their own letters
 * (transliterated p, ch, zh, g, v).
 */
const LETTER_FORMS: Record<string, string> = {
  ی: 'ي',
  ى: 'ي',
  ے: 'ي',
  ۓ: 'ي',
  ې: 'ي',
  ۍ: 'ي',
  ئ: 'ي',
  ک: 'ك',
  ڪ: 'ك',
  ڭ: 'ك',
  ہ: 'ه',
  ھ: 'ه',
  ۃ: 'ه',
  ۀ: 'ه',
  ة: 'ه',
  ٹ: 'ت',
  ټ: 'ت',
  ڈ: 'د',
  ډ: 'د',
  ڑ: 'ر',
  ړ: 'ر',
  ں: 'ن',
  ڼ: 'ن',
  ښ: 'ش',
  ږ: 'ژ',
  ځ: 'ز',
  څ: 'س',
  ڨ: 'گ',
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ؤ: 'و',
  ۇ: 'و',
  ۆ: 'و',
  ۈ: 'و',
};
const LETTER_FORM_RE = new RegExp(`[${Object.keys(LETTER_FORMS).join('')}]`, 'g');

export function normalizeArabic(input: string): string {
  let s = input.normalize('NFKC');
  s = s.replace(TASHKEEL, '').replace(TATWEEL, '').replace(INVISIBLE, '');
  s = s.replace(LETTER_FORM_RE, (c) => LETTER_FORMS[c]!).replace(/ء/g, '');
  s = s.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  s = s.replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  // Arabic punctuation → space
  s = s.replace(/[،؛؟٪٫٬۔]/g, ' ');
  return s;
}
