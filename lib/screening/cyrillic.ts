/**
 * Cyrillic → Latin for names (Russian, Ukrainian, Belarusian and Central Asian letters), close to
 * the BGN/PCGN romanization the lists use: Магомедович → Magomedovich, Асельдеров → Aselderov,
 * Бютукаев → Byutukaev. Soft and hard signs disappear. Applied before Latin normalization, so a
 * Cyrillic name meets the Latin spellings of the list through the same pipeline.
 */
const MAP: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian, Belarusian
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  // Kazakh, Uzbek, Tajik, Kyrgyz, Tatar, Bashkir, Azeri (Cyrillic)
  ә: 'a',
  ғ: 'gh',
  қ: 'q',
  ң: 'ng',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  ҳ: 'h',
  ӣ: 'i',
  ӯ: 'u',
  ҷ: 'j',
  ҙ: 'z',
  ҫ: 's',
  ҡ: 'q',
  ј: 'j',
};

const CYRILLIC = /[\u0400-\u04FF]/;

export function hasCyrillic(s: string): boolean {
  return CYRILLIC.test(s);
}

export function transliterateCyrillic(input: string): string {
  if (!CYRILLIC.test(input)) return input;
  let out = '';
  for (const ch of input) {
    const lower = ch.toLowerCase();
    const m = MAP[lower];
    if (m === undefined) out += ch;
    else out += ch !== lower && m.length > 0 ? m[0]!.toUpperCase() + m.slice(1) : m;
  }
  return out;
}
