/**
 * "Arabic consonant skeleton": a phonetic code designed for names that reach us both in
 * Arabic script (where short vowels are not written) and in many Latin spellings.
 *
 * Input: a canonical Latin key token (a-z0-9, produced by normalize.ts, for Arabic tokens
 * after transliteration). Steps:
 *  1. collapse doubled letters (Latin marks shadda by doubling: Mohammed = محمد);
 *  2. digraphs: kh→X (خ), sh/ch/sch/tch→C (ش; French and Maghrebi ch: Chekkouri, Cherif),
 *     dzh/dj/zh→J (ج as Russian and French spell it: Dzhamal, Djamel, Nazhmiddin), th→T (ث/ت),
 *     dh→Z (ذ/ظ), ph→F, ck→K, x→KS;
 *  3. consonant classes: b/p→B, t/ط→T, d/ض→D, j→J, h/ح/ه→H, k/c/q/g/gh→K (ق is written q, k, g
 *     or gh: Qasim, Kassem, Gassim, Ghedeir; Persian گ is g and often written ك), c before
 *     e/i/y→S (Lounici = لونيسي), s/ص→S, z/ز/ظ→Z, f/v→F, l, m, n, r as themselves;
 *  4. vowels are dropped everywhere (Arabic does not write them; Latin spellings disagree on
 *     them: Mohammed / Muhammad / Mohamad); w and y are kept only word-initially (Walid,
 *     Yousef) and dropped elsewhere, where they usually spell a long vowel (Yousef = يوسف,
 *     Awlaki = Aulaqi);
 *  5. a word-final h is dropped (Fatimah / فاطمة, Abdullah / Abdulla).
 * A token with no consonant left keeps its uppercased key as its code.
 *
 * The blocking code used for candidate search is the first 4 characters of the skeleton
 * (absorbs typos in the tail of long names).
 */
export function skeleton(key: string): string {
  // 1. collapse doubled letters
  let s = '';
  for (let i = 0; i < key.length; i++) {
    const ch = key[i]!;
    if (i > 0 && ch === key[i - 1]) continue;
    s += ch;
  }
  let out = '';
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s[i]!;
    const next = i + 1 < n ? s[i + 1]! : '';
    const initial = i === 0;
    // 2. digraphs
    if ((c === 's' || c === 't') && next === 'c' && s[i + 2] === 'h') {
      out += 'C';
      i += 2;
      continue;
    }
    if (c === 'd' && next === 'z' && s[i + 2] === 'h') {
      out += 'J';
      i += 2;
      continue;
    }
    if ((c === 'd' && next === 'j') || (c === 'z' && next === 'h')) {
      out += 'J';
      i++;
      continue;
    }
    // abd + a name starting with h (Abdul Hafiz = abdhafiz) is no dh digraph
    if (next === 'h' && !(i === 2 && s.startsWith('abd'))) {
      const dg = c === 'k' ? 'X' : c === 'g' ? 'K' : c === 's' || c === 'c' ? 'C' : c === 't' ? 'T' : c === 'd' ? 'Z' : c === 'p' ? 'F' : '';
      if (dg) {
        out += dg;
        i++;
        continue;
      }
    }
    if (c === 'c' && next === 'k') {
      out += 'K';
      i++;
      continue;
    }
    switch (c) {
      case 'a':
      case 'e':
      case 'i':
      case 'o':
      case 'u':
        break;
      case 'w':
        if (initial) out += 'W';
        break;
      case 'y':
        if (initial) out += 'Y';
        break;
      case 'b':
      case 'p':
        out += 'B';
        break;
      case 't':
        out += 'T';
        break;
      case 'd':
        out += 'D';
        break;
      case 'j':
        out += 'J';
        break;
      case 'h':
        out += 'H';
        break;
      case 'c':
        out += next === 'e' || next === 'i' || next === 'y' ? 'S' : 'K';
        break;
      case 'k':
      case 'q':
      case 'g':
        out += 'K';
        break;
      case 's':
        out += 'S';
        break;
      case 'z':
        out += 'Z';
        break;
      case 'f':
      case 'v':
        out += 'F';
        break;
      case 'x':
        out += 'KS';
        break;
      case 'l':
        out += 'L';
        break;
      case 'm':
        out += 'M';
        break;
      case 'n':
        out += 'N';
        break;
      case 'r':
        out += 'R';
        break;
      default:
        // digits and anything else survive as themselves
        out += c.toUpperCase();
    }
  }
  // 5. word-final h
  if (
    out.length > 1 &&
    out.endsWith('H') &&
    s.endsWith('h') &&
    !s.endsWith('kh') &&
    !s.endsWith('gh') &&
    !s.endsWith('sh') &&
    !s.endsWith('ch') &&
    !s.endsWith('th') &&
    !s.endsWith('dh')
  ) {
    out = out.slice(0, -1);
  }
  return out.length > 0 ? out : key.toUpperCase();
}

/** Blocking code: the first 4 characters of the skeleton. */
export function blockingCode(key: string): string {
  return skeleton(key).slice(0, 4);
}

const LOOSE_CLASS: Record<string, string> = {
  b: '1',
  f: '1',
  p: '1',
  v: '1',
  w: '1',
  c: '2',
  g: '2',
  j: '2',
  k: '2',
  q: '2',
  s: '2',
  x: '2',
  z: '2',
  d: '3',
  t: '3',
  l: '4',
  m: '5',
  n: '5',
  r: '6',
};

/**
 * Loose code (Soundex-like, wider classes than the skeleton): the candidate-search fallback
 * for spelling variants the skeleton keeps apart — v/w (Nowak / Novak, Kowalski / Kovalski),
 * c/k/s/z (Eric / Erik), d/t (Schmidt / Schmitt), a silent h (Jon / John), a silent p in
 * "mps"/"mpt" (Thompson / Thomson). Vowels, h and y are dropped, equal neighbouring classes
 * collapse; an initial vowel is `0`. At most 4 characters.
 */
export function looseCode(key: string): string {
  const s = key.replace(/mp(?=[st])/g, 'm');
  let out = /^[aeiouy]/.test(s) ? '0' : '';
  let last = '';
  for (const ch of s) {
    const c = LOOSE_CLASS[ch] ?? (ch >= '0' && ch <= '9' ? ch : '');
    if (!c) continue;
    if (c !== last) out += c;
    last = c;
    if (out.length >= 4) break;
  }
  return out || key.slice(0, 4).toUpperCase();
}

/**
 * Vowel fold: the key with the spellings that transliterations disagree on unified, for a
 * second Jaro-Winkler channel: Korean eu / eo → u / o (Eun / Un, Seong / Song), ai / ay / ei /
 * ey → ai (Seif / Saif / Sayf), e → i, o → u (Omar /
 * Umar, Hosein / Husein), ee / ie → i, oo / ou → u (Deeb / Dib, Mourad / Murad), w and y after a
 * vowel → u and i (Awlaki / Aulaqi), kh and q → k (Khalaf / Qalaf), th → t, dh → d, ph → f,
 * v → w and p → b (Abdulvahap / Abdul Wahab, Varee / Wari: Arabic has neither v nor p),
 * doubled letters collapsed (Haqqani / Haqani), an initial vowel read as a (Eraqi / Araqi,
 * Ehsan / Ahsan), a final h after a vowel dropped.
 */
export function vowelFold(key: string): string {
  let s = key
    .replace(/eu/g, 'u')
    .replace(/eo/g, 'o')
    .replace(/[ae][iy](?![aeiou])/g, 'ai')
    .replace(/ee|ie/g, 'i')
    .replace(/oo|ou/g, 'u')
    .replace(/e/g, 'i')
    .replace(/o/g, 'u');
  s = s.replace(/kh|q/g, 'k').replace(/th/g, 't').replace(/dh/g, 'd').replace(/ph/g, 'f').replace(/v/g, 'w').replace(/p/g, 'b');
  s = s.replace(/(?<=[aiu])w/g, 'u').replace(/(?<=[aiu])y/g, 'i');
  s = s.replace(/(.)\1+/g, '$1');
  // an initial vowel is whatever the transliterator heard for alif or ʿayn (Eraqi / Araqi / Iraqi, Osman / Usman)
  if (s.length > 3) s = s.replace(/^[aiu]+/, 'a');
  return s.length > 2 ? s.replace(/(?<=[aiu])h$/, '') : s;
}
