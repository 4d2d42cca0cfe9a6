/** Arabic-script normalization shared by the transliterator and the name dictionary. */
const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u08D3-\u08FF]/g;
const TATWEEL = /\u0640/g;

export const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export function hasArabic(s: string): boolean {
  return ARABIC_LETTER.test(s);
}

export function normalizeArabic(input: string): string {
  let s = input.normalize('NFKC');
  s = s.replace(TASHKEEL, '').replace(TATWEEL, '');
  s = s
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/ء/g, '')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ی/g, 'ي')
    .replace(/[کگ]/g, 'ك');
  s = s.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  s = s.replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  // Arabic punctuation → space
  s = s.replace(/[،؛؟٪٫٬۔]/g, ' ');
  return s;
}
