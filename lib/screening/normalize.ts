/**
 * Name normalization for Latin, Arabic (Arabic, Persian, Urdu, Pashto letters) and Cyrillic
 * script → a list of canonical Latin tokens. The rules are documented with real examples in
 * README.md ("Normalization"); in short:
 *
 * - Cyrillic is transliterated first (cyrillic.ts); Latin text is folded (NFKD, diacritics,
 *   case, apostrophes); Arabic script through arabic.ts and transliterate.ts.
 * - "LAST, First" (one comma) is read "First LAST".
 * - Titles (Mr, Dr, Sheikh, Haji, Mullah, Mawlawi, Qari, الشيخ, ملا …) are dropped when other
 *   tokens remain; particles (bin, ibn, ben, ould, ag, al-, el-, بن, ال …) too. Weak tokens
 *   (Sayyid, Agha, Khan, Akhund, kunyas Abu X, patronymics -ovich) are kept with a low weight.
 * - Compounds are one token: abd + name (Abd al-Rahman = Abdurrahman = عبدالرحمن), abu + name,
 *   name + Allah / al-Din / al-Rahman in one word or several (Saifullah = Saif Allah = سيف الله).
 * - Frequent names get one canonical key through names-dictionary.ts (Mohammed = محمد → muhammad),
 *   also after spelling rewrites (Naseer → nasir, Djamel → jamal, Maxamed → muhammad).
 * - A token may carry variants, other readings compared with a small discount: the article or
 *   bin glued to a name (Alizai / izai, Binalshibh / shibh), the stem of a compound (Siraj for
 *   Sirajuddin), the Persian reading of Arabic letters (فیض → faiz, علوی → alvi).
 * - Organizations: legal-form words are flagged `legal` (weight ≈ 0) and generic business words
 *   `generic` (low weight), so "CORP" alone never matches.
 */
import { hasArabic, normalizeArabic } from './arabic';
import { transliterateCyrillic } from './cyrillic';
import { COMMON_GIVEN_NAMES, KNOWN_CANONICAL, LATIN_NAME_TO_CANONICAL } from './names-dictionary';
import {
  ABD_PREFIXES,
  ABU_PREFIXES,
  AL_PROTECT,
  ARABIC_COMPOUND_WORDS,
  BIN_PROTECT,
  COMPOUND_CONNECTORS,
  COMPOUND_SUFFIX_RE,
  COMPOUND_WORDS,
  GENERIC_ARABIC,
  GENERIC_LATIN,
  HONORIFICS_ARABIC,
  HONORIFICS_LATIN,
  LEGAL_ARABIC,
  LEGAL_LATIN,
  PARTICLES_ARABIC,
  PARTICLES_LATIN,
  PATRONYMIC_RE,
  PERSON_LEGAL_KEPT,
  SUN_PARTICLES,
  WEAK_ARABIC,
  WEAK_LATIN,
  type CompoundSuffix,
} from './name-words';
import { skeleton, blockingCode, vowelFold } from './phonetic';
import { persianReading, transliterateArabicToken } from './transliterate';

export type Script = 'Latin' | 'Arabic';

/** What the token comparison needs of one reading of a token. */
export interface TokenForm {
  /** canonical Latin key (a-z0-9) */
  key: string;
  /** consonant skeleton (phonetic.ts) */
  skel: string;
  /** vowel fold (phonetic.ts): the key with disputed vowel spellings unified */
  fold: string;
  /** key came from letter-by-letter transliteration of Arabic (short vowels missing) */
  vowelPoor: boolean;
  /** compound (X-ullah, X-uddin, X-ur-Rahman, abd-X) or patronymic (X-ovich): the suffix tag and the stem's form */
  suffix?: CompoundSuffix | 'abd' | 'patronymic';
  stem?: TokenForm;
}

/** Another reading of a token, compared too; its similarity is multiplied by `factor`. */
export interface TokenVariant extends TokenForm {
  factor: number;
}

export interface NameToken extends TokenForm {
  /** blocking code: skeleton prefix */
  code: string;
  script: Script;
  /** single letter, e.g. "M." */
  initial: boolean;
  /** organization legal-form word (LLC, شركة …) */
  legal: boolean;
  /** generic organization word (trading, group …) */
  generic: boolean;
  /** title, kunya or patronymic: weak evidence */
  weak: boolean;
  /** frequent given name (COMMON_GIVEN_NAMES): alone it identifies nobody */
  common: boolean;
  /** informativeness weight used by the scorer */
  weight: number;
  variants: TokenVariant[];
}

export interface NormalizedName {
  original: string;
  script: Script;
  tokens: NameToken[];
  /** tokens' keys joined with a space (search key stored in the database) */
  key: string;
}

/** Lower-case, diacritics removed, punctuation → space (Latin part); Cyrillic transliterated. */
export function normalizeLatinText(input: string): string {
  let s = transliterateCyrillic(input)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
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

/** "ZLITNI, Abdul Hafid" → "Abdul Hafid ZLITNI": one comma between two non-empty parts. */
function lastCommaFirst(s: string): string {
  const parts = s.split(',');
  if (parts.length !== 2) return s;
  const [last, first] = parts.map((p) => p.trim()) as [string, string];
  return last && first ? `${first} ${last}` : s;
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

// ---------------------------------------------------------------- Latin tokens

function stripAlLatin(t: string, person = true): string {
  if (AL_PROTECT.has(t) || LATIN_NAME_TO_CANONICAL.has(t) || KNOWN_CANONICAL.has(t)) return t;
  // in a person's name not before i: Alireza, Alizai, Alimov are names (Al-Issawi is written apart)
  const m = (person ? /^(?:al|el)([^i].{2,})$/ : /^(?:al|el)(.{3,})$/).exec(t);
  return m ? m[1]! : t;
}

function foldAh(t: string): string {
  return t.length > 4 && t.endsWith('ah') ? t.slice(0, -1) : t;
}

/** Spelling rewrites tried, in order, when a token is not in the dictionary (Naseer → nasir, Mourad → murad). */
const REWRITES: ((t: string) => string)[] = [
  (t) => t.replace(/dj/g, 'j').replace(/ou/g, 'u').replace(/oo/g, 'u').replace(/ee/g, 'i').replace(/ch/g, 'sh').replace(/ph/g, 'f'),
  (t) => REWRITES[0]!(t).replace(/e/g, 'i'),
  (t) => REWRITES[0]!(t).replace(/o/g, 'u'),
];

/**
 * Memo of a pure function of one string, bounded (emptied when full): names repeat their tokens
 * (a million entries hold a few hundred thousand distinct words), and a search normalizes every
 * candidate name it has not seen yet.
 */
function memo<T>(fn: (s: string) => T, max = 100_000): (s: string) => T {
  const cache = new Map<string, T>();
  return (s) => {
    let v = cache.get(s);
    if (v === undefined && !cache.has(s)) {
      if (cache.size >= max) cache.clear();
      cache.set(s, (v = fn(s)));
    }
    return v as T;
  };
}

const dictionaryKey = memo(dictionaryKeyOf);

function dictionaryKeyOf(t: string): string | undefined {
  if (KNOWN_CANONICAL.has(t)) return t;
  const direct = LATIN_NAME_TO_CANONICAL.get(t);
  if (direct) return direct;
  if (t.length < 4) return undefined;
  for (const rw of REWRITES) {
    const r = rw(t);
    const hit = KNOWN_CANONICAL.has(r) ? r : LATIN_NAME_TO_CANONICAL.get(r);
    if (hit) return hit;
  }
  return undefined;
}

const canonicalStem = (t: string) => dictionaryKey(t) ?? t;

/** Two dictionary names written as one word (Hamidreza, Mohammadali, Gholamreza), else null. */
function dictionarySplit(t: string): [string, string] | null {
  for (let k = 3; k <= t.length - 3; k++) {
    const a = dictionaryKey(t.slice(0, k));
    const b = a ? dictionaryKey(t.slice(k)) : undefined;
    if (a && b) return [a, b];
  }
  return null;
}

const STEM_FACTOR = 0.91;

/** Endings of Russian, Ukrainian and Belarusian family names. */
const SLAVIC_END = /(?:ov|ova|ev|eva|yov|sky|ski|skiy|skaya|uk|yuk|iuk|chuk|enko|vich|vych|vna|au|ou|yy|iy)$/;

/** Canonical form of one Latin token (no compound detection). */
export function canonicalLatinToken(raw: string, person = true): string {
  const direct = dictionaryKey(raw);
  if (direct) return direct;
  const abd = /^abd(?:ul|el|al|ol|oul|ou|ur|us|u|il|i|e|a|o)?(.{3,})$/.exec(raw);
  if (abd && raw !== 'abdi') {
    let stem = abd[1]!;
    if (stem.length >= 3 && stem[0] === stem[1]) stem = stem.slice(1); // Abdurrahman, Abdulla
    return foldAh('abd' + canonicalStem(stripAlLatin(stem)));
  }
  const abu = /^(?:abu|abou|abo)(.{3,})$/.exec(raw);
  if (abu) return foldAh('abu' + canonicalStem(stripAlLatin(abu[1]!)));
  return foldAh(canonicalStem(stripAlLatin(raw, person)));
}

interface RawTok {
  text: string;
  arabic: boolean;
}

/** The comparable reading of a key (skeleton and vowel fold computed once). */
const skelFold = memo((key: string) => [skeleton(key), vowelFold(key)] as const);
export const tokenForm = (key: string, vowelPoor = false): TokenForm => {
  const [skel, fold] = skelFold(key);
  return { key, skel, fold, vowelPoor };
};
const form = tokenForm;

function compoundForm(stemKey: string, suffix: CompoundSuffix, vowelPoor: boolean): TokenForm {
  return { ...form(stemKey + suffix, vowelPoor), suffix, stem: form(stemKey, vowelPoor) };
}

/** abd-X compounds carry their stem (compared without the prefix: Abdullah ≠ Abdulrahman). */
function withAbdStem(f: TokenForm): TokenForm {
  if (f.suffix || !f.key.startsWith('abd') || f.key.length < 6) return f;
  return { ...f, suffix: 'abd', stem: form(f.key.slice(3), f.vowelPoor) };
}

/** A one-word Latin compound ("nasiruddin", "saifullah", "shamsurrahman"), else null. */
function latinCompound(raw: string): TokenForm | null {
  if (raw.startsWith('abd') || raw.startsWith('abu')) return null;
  for (const [re, suffix] of COMPOUND_SUFFIX_RE) {
    const m = re.exec(raw);
    if (m) return compoundForm(canonicalStem(stripAlLatin(m[1]!)), suffix, false);
  }
  return null;
}

/** Other readings of a Latin token: article/bin glued on, spelling conventions that lead to a dictionary name, a compound's stem. */
/** Variants depend on the raw word and the reading chosen for it (all strings): memoized. */
const latinVariantCache = new Map<string, TokenVariant[]>();
function latinVariants(raw: string, f: TokenForm): TokenVariant[] {
  const k = raw + '\u0001' + f.key + '\u0001' + (f.suffix ?? '');
  let v = latinVariantCache.get(k);
  if (!v) {
    if (latinVariantCache.size >= 100_000) latinVariantCache.clear();
    latinVariantCache.set(k, (v = latinVariantsOf(raw, f)));
  }
  // callers may append to the list: hand out a copy
  return [...v];
}

function latinVariantsOf(raw: string, f: TokenForm): TokenVariant[] {
  const out: TokenVariant[] = [];
  const add = (key: string, factor: number) => {
    if (key && key !== f.key && key.length >= 2 && !out.some((v) => v.key === key)) out.push({ ...withAbdStem(form(key)), factor });
  };
  // the article glued on: Alizai, Alhamad, Aleksey (key without it, variant with it — or the reverse)
  if (/^(?:al|el)./.test(raw) && stripAlLatin(raw) !== raw && !f.suffix) add(foldAh(raw), 0.97);
  // bin / ben / ibn glued on: Binalshibh → shibh, Binhamoda → hamoda
  const bin = /^(?:bin|ben|ibn|bn)(?:al|el)?(.{4,})$/.exec(raw);
  if (bin && !BIN_PROTECT.has(raw)) add(canonicalLatinToken(bin[1]!), 0.93);
  // spelling conventions kept only when they lead to a dictionary name (or abd + one): Somali x
  // for ḥ and c for ʿayn (Maxamed, Cumar, Cabdiraxman), Uzbek x for kh (Olimxon), Indonesian ch
  // for kh (Mochammad)
  const somali = raw.replace(/^c/, '').replace(/x/g, 'h');
  for (const r of [raw.replace(/x/g, 'h'), raw.replace(/x/g, 'kh'), somali, raw.replace(/ch/g, 'h'), raw.replace(/ch/g, 'kh')]) {
    if (r === raw) continue;
    const c = canonicalLatinToken(r);
    const k = dictionaryKey(r) ?? (c.startsWith('abd') && KNOWN_CANONICAL.has(c.slice(3)) ? c : undefined);
    if (k) add(k, 0.97);
  }
  // Ukrainian and Belarusian г = h, Belarusian -au for -ov (Hotsaniuk / Gotsanyuk, Shatrou / Shatrov)
  if (SLAVIC_END.test(raw)) {
    const v = raw
      .replace(/(?<![kscztdgp])h(?!$)/g, 'g')
      .replace(/(?:au|ou)$/, 'ov')
      .replace(/iu/g, 'yu')
      .replace(/ia/g, 'ya');
    if (v !== raw) add(canonicalLatinToken(v), 0.95);
  }
  // German transliteration of Russian and Arabic names (Tschatajev, Radschapowitsch, Ichtijar)
  if (/sch|ij[aeiou]|witsch/.test(raw))
    add(
      canonicalLatinToken(
        raw
          .replace(/tsch/g, 'ch')
          .replace(/sch/g, 'sh')
          .replace(/(?<![sct])ch/g, 'kh')
          .replace(/j(?=[aeiou])/g, 'y')
          .replace(/w/g, 'v'),
      ),
      0.95,
    );
  // Korean syllables: initial ch / j, k / g, p / b, t / d are one sound in two romanizations (Jo / Cho, Pak / Bak, To / Do)
  const korean = /^(ch|j|k|g|p|b|t|d)([aeiouwy]+(?:ng|n|l|k|p|m)?)$/.exec(raw);
  if (korean && raw.length <= 5)
    add(({ ch: 'j', j: 'ch', k: 'g', g: 'k', p: 'b', b: 'p', t: 'd', d: 't' } as Record<string, string>)[korean[1]!]! + korean[2]!, 0.95);
  // the stem of a compound alone: "Siraj" for Sirajuddin, "Sattar" for Abdul Sattar
  if (f.stem && f.stem.key.length >= 3) out.push({ ...f.stem, factor: f.suffix === 'abd' ? 0.88 : STEM_FACTOR });
  return out;
}

// ---------------------------------------------------------------- Arabic tokens

function arabicStem(t: string): string {
  // لل (li-l-): للتجارة; ال: الحربي
  if (t.length > 4 && t.startsWith('لل')) return t.slice(2);
  if (t.length > 3 && t.startsWith('ال')) return t.slice(2);
  return t;
}

function arabicForm(stem: string): TokenForm {
  const tr = transliterateArabicToken(stem);
  return form(tr.key, tr.vowelPoor);
}

function arabicVariants(stem: string, f: TokenForm): TokenVariant[] {
  const out: TokenVariant[] = [];
  const p = persianReading(stem);
  if (p && p !== f.key) out.push({ ...form(f.stem ? p + (f.suffix ?? '') : p, true), factor: 0.97 });
  // بن glued to the next name: بنحسين = بن حسين
  if (stem.length >= 5 && stem.startsWith('بن') && transliterateArabicToken(stem).vowelPoor)
    out.push({ ...arabicForm(arabicStem(stem.slice(2))), factor: 0.93 });
  if (f.stem && f.stem.key.length >= 2) out.push({ ...f.stem, factor: f.suffix === 'abd' ? 0.88 : STEM_FACTOR });
  return out;
}

/** Arabic compound written in one word: سعيدالله, نورالدين, خيرالله (not عبدالله: abd rule). */
function splitArabicCompound(t: string): { stem: string; suffix: CompoundSuffix } | null {
  if (t.startsWith('عبد')) return null;
  for (const [word, suffix] of Object.entries(ARABIC_COMPOUND_WORDS)) {
    if (t.length >= word.length + 2 && t.endsWith(word)) return { stem: t.slice(0, -word.length), suffix };
  }
  return null;
}

// ---------------------------------------------------------------- tokens

interface Flags {
  legal?: boolean;
  generic?: boolean;
  weak?: boolean;
}

/** Patronymics compare their father's name (Nikolayevich / Vasilyevich are two fathers, not one -evich). */
function withPatronymicStem(f: TokenForm): TokenForm {
  const m = f.suffix ? null : PATRONYMIC_RE.exec(f.key);
  return m && m.index >= 3 ? { ...f, suffix: 'patronymic', stem: form(f.key.slice(0, m.index), f.vowelPoor) } : f;
}

function makeToken(form0: TokenForm, script: Script, variants: TokenVariant[], flags: Flags = {}): NameToken {
  const f = withPatronymicStem(form0);
  const initial = f.key.length === 1 && /[a-z]/.test(f.key);
  const legal = !!flags.legal;
  const generic = !!flags.generic && !legal;
  const weak = !legal && !generic && (flags.weak ?? (f.key.startsWith('abu') || PATRONYMIC_RE.test(f.key)));
  const common = COMMON_GIVEN_NAMES.has(f.key);
  let weight = 1;
  if (legal) weight = 0.02;
  else if (generic) weight = 0.15;
  else if (initial) weight = 0.35;
  else if (weak) weight = 0.35;
  else if (common) weight = 0.6;
  return { ...f, code: blockingCode(f.key), script, initial, legal, generic, weak, common, weight, variants };
}

/** Normalizes a person or organization name in either script into canonical tokens. */
export function normalizeName(input: string, type: 'Individual' | 'Organization' = 'Individual'): NormalizedName {
  // a person's "LAST, First" in natural order; "son of" / "s/o" introduce the father's name
  const personal = type === 'Individual' ? lastCommaFirst(input.replace(/\b(?:son|daughter|wife) of\b|\b[sdwSDW]\/[oO]\b/g, ' ')) : input;
  const text = normalizeText(personal, { organization: type === 'Organization' });
  const raw: RawTok[] = text
    .split(' ')
    .filter(Boolean)
    .map((t) => ({ text: t, arabic: hasArabic(t) }));
  const tokens: NameToken[] = [];
  let arabicCount = 0;
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i]!;
    if (r.arabic) {
      arabicCount++;
      i = arabicToken(raw, i, type, tokens);
    } else {
      i = latinToken(raw, i, type, tokens);
    }
  }
  // abu + name closing a person's name is a family name (Musa Abu Marzouk, Ahmad Umar Abu Ubaidah),
  // not a kunya; a last token ending in -evich is one too (Igor Butkevich), not a patronymic
  const last = tokens[tokens.length - 1];
  if (type === 'Individual' && tokens.length >= 2 && last && last.weak && (last.key.startsWith('abu') || PATRONYMIC_RE.test(last.key))) {
    tokens[tokens.length - 1] = makeToken(last, last.script, last.variants, { weak: false });
  }
  return {
    original: input,
    script: arabicCount > 0 && arabicCount >= raw.length / 2 ? 'Arabic' : 'Latin',
    tokens,
    key: tokens.map((t) => t.key).join(' '),
  };
}

/** Reads the Arabic-script token at `i` (and the words it absorbs); returns the last index used. */
function arabicToken(raw: RawTok[], i: number, type: 'Individual' | 'Organization', tokens: NameToken[]): number {
  let t = raw[i]!.text;
  const next = raw[i + 1];
  const rest = raw.length - i - 1;
  if (LEGAL_ARABIC.has(t)) return (tokens.push(makeToken(form(arabicForm(arabicStem(t)).key, true), 'Arabic', [], { legal: true })), i);
  if (GENERIC_ARABIC.has(t)) return (tokens.push(makeToken(form(arabicForm(arabicStem(t)).key, true), 'Arabic', [], { generic: true })), i);
  if (type === 'Individual' && HONORIFICS_ARABIC.has(t) && rest > 0) return i;
  if (PARTICLES_ARABIC.has(t) && raw.length > 1) return i;
  // a name and عبد written together: محمدعبد البصير = محمد عبد البصير
  if (t.length > 4 && t.endsWith('عبد') && next?.arabic) {
    pushArabic(t.slice(0, -3), type, tokens);
    t = 'عبد';
  }
  // عبد / ابو + following word; عبدالرحمن / ابوبكر written as one word
  let prefix = '';
  if ((t === 'عبد' || t === 'ابو') && raw[i + 1]?.arabic) {
    prefix = t === 'عبد' ? 'abd' : 'abu';
    t = raw[++i]!.text;
  } else if (t.length > 4 && t.startsWith('عبد')) {
    prefix = 'abd';
    t = t.slice(3);
  } else if (t.length > 4 && t.startsWith('ابو') && type === 'Individual') {
    prefix = 'abu';
    t = t.slice(3);
  }
  if (prefix) {
    const stem = t.startsWith('ال') && t.length > 2 ? t.slice(2) : t;
    const f = arabicForm(stem);
    const key = foldAh(prefix + f.key);
    const cf = prefix === 'abd' ? withAbdStem(form(key, f.vowelPoor)) : form(key, f.vowelPoor);
    const p = persianReading(stem);
    const variants: TokenVariant[] = p ? [{ ...withAbdStem(form(foldAh(prefix + p), true)), factor: 0.97 }] : [];
    if (cf.stem && cf.stem.key.length >= 3) variants.push({ ...cf.stem, factor: 0.88 });
    tokens.push(makeToken(cf, 'Arabic', variants));
    return i;
  }
  // X الله / X الدين / X الرحمن (and written as one word): one compound token
  const following = raw[i + 1];
  const suffix = following?.arabic ? ARABIC_COMPOUND_WORDS[following.text] : undefined;
  if (suffix && type === 'Individual' && !PARTICLES_ARABIC.has(t)) {
    pushArabicCompound(arabicStem(t), suffix, tokens);
    return i + 1;
  }
  const joined = type === 'Individual' ? splitArabicCompound(t) : null;
  if (joined) {
    pushArabicCompound(arabicStem(joined.stem), joined.suffix, tokens);
    return i;
  }
  pushArabic(t, type, tokens);
  return i;
}

function pushArabic(t: string, type: 'Individual' | 'Organization', tokens: NameToken[]) {
  const stem = arabicStem(t);
  const tr = transliterateArabicToken(stem);
  const key = canonicalLatinToken(foldAh(tr.key));
  if (!key) return;
  const f = form(key, tr.vowelPoor && key === foldAh(tr.key));
  tokens.push(makeToken(f, 'Arabic', arabicVariants(stem, f), { weak: (type === 'Individual' && WEAK_ARABIC.has(t)) || undefined }));
}

function pushArabicCompound(stem: string, suffix: CompoundSuffix, tokens: NameToken[]) {
  const s = arabicForm(stem);
  const f = compoundForm(s.key, suffix, s.vowelPoor);
  tokens.push(makeToken(f, 'Arabic', arabicVariants(stem, f)));
}

/** Reads the Latin token at `i` (and the words it absorbs); returns the last index used. */
function latinToken(raw: RawTok[], i: number, type: 'Individual' | 'Organization', tokens: NameToken[]): number {
  const t = raw[i]!.text;
  const next = raw[i + 1];
  const isFirst = tokens.length === 0;
  const rest = raw.length - i - 1;
  if (LEGAL_LATIN.has(t) && (type === 'Organization' || !isFirst)) {
    // other short words (de, la, the …) inside personal names are dropped
    if (type === 'Organization' || PERSON_LEGAL_KEPT.has(t)) tokens.push(makeToken(form(t), 'Latin', [], { legal: true }));
    return i;
  }
  if (GENERIC_LATIN.has(t) && type === 'Organization') return (tokens.push(makeToken(form(t), 'Latin', [], { generic: true })), i);
  if (type === 'Individual' && HONORIFICS_LATIN.has(t) && rest > 0) return i;
  if (PARTICLES_LATIN.has(t) && raw.length > 1) return i;
  if (SUN_PARTICLES.has(t) && next && !next.arabic && next.text.startsWith(t.slice(1))) return i;
  if ((ABD_PREFIXES.has(t) || ABU_PREFIXES.has(t)) && next && !next.arabic) {
    // abd / abu + following word, skipping an article between: "Abd Al Rahman"
    let j = i + 1;
    if ((raw[j]!.text === 'al' || raw[j]!.text === 'el' || SUN_PARTICLES.has(raw[j]!.text)) && raw[j + 1] && !raw[j + 1]!.arabic) j++;
    const stemRaw = raw[j]!.text;
    const pre = ABD_PREFIXES.has(t) ? 'abd' : 'abu';
    const f = withAbdStem(form(foldAh(pre + canonicalStem(stripAlLatin(stemRaw)))));
    tokens.push(makeToken(f, 'Latin', latinVariants(pre + stemRaw, f)));
    return j;
  }
  // name + Allah / al-Din / al-Rahman written apart: "Seif Allah", "Nur ud Din", "Shams-u-Rahman"
  if (type === 'Individual' && next && !next.arabic && !PARTICLES_LATIN.has(t)) {
    let j = i + 1;
    const connector = COMPOUND_CONNECTORS.has(raw[j]!.text) && !!raw[j + 1] && !raw[j + 1]!.arabic && !!COMPOUND_WORDS[raw[j + 1]!.text];
    if (connector) j++;
    // Rahman alone is also a family name ("Mohamad Iqbal Rahman"): glued only after a connector
    const suffix = COMPOUND_WORDS[raw[j]!.text] === 'urahman' && !connector ? undefined : COMPOUND_WORDS[raw[j]!.text];
    const own = latinCompound(t);
    if (suffix && !own && !t.startsWith('abd') && !t.startsWith('abu') && t.length >= 3) {
      const f = compoundForm(canonicalStem(stripAlLatin(t)), suffix, false);
      tokens.push(makeToken(f, 'Latin', latinVariants(t, f)));
      return j;
    }
  }
  const compound = type === 'Individual' ? latinCompound(t) : null;
  const split = type === 'Individual' && !compound && !dictionaryKey(t) ? dictionarySplit(t) : null;
  // two names in one word: one token whose key joins the two canonical keys (so that it equals
  // "Hamid Reza" read as one word by the alignment), each name alone as a variant
  const f = compound ?? (split ? form(split.join('')) : withAbdStem(form(canonicalLatinToken(t, type === 'Individual'))));
  if (!f.key) return i;
  const legal = type === 'Organization' && LEGAL_LATIN.has(f.key);
  const variants = type === 'Individual' ? latinVariants(t, f) : [];
  if (split) variants.push(...split.map((k) => ({ ...form(k), factor: 0.85 })));
  tokens.push(
    makeToken(f, 'Latin', variants, {
      legal,
      generic: type === 'Organization' && GENERIC_LATIN.has(f.key),
      weak: (type === 'Individual' && WEAK_LATIN.has(f.key)) || undefined,
    }),
  );
  return i;
}

/** Informative tokens: not legal-form words, not generic business words. */
export function informativeTokens(n: NormalizedName): NameToken[] {
  return n.tokens.filter((t) => !t.legal && !t.generic);
}
