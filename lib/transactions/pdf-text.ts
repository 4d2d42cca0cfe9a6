/**
 * Bilingual text for PDFKit: Arabic shaped and laid out right to left, mixed with Latin text and
 * numbers in the right visual order.
 *
 * PDFKit draws what fontkit lays out. fontkit shapes Arabic (initial, medial, final and isolated
 * forms and the lam-alef ligatures from the font's GSUB) and returns the glyphs of an Arabic run in
 * visual order, but neither of them implements the Unicode bidirectional algorithm: a line that mixes
 * Arabic with Latin words or digits comes out in logical order. So each line is broken into
 * bidi runs with bidi-js (embedding levels, rule L2 reordering, mirrored brackets), each run is drawn
 * on its own, left to right in visual order, and PDFKit is asked to shape every Arabic run as one
 * string (`features`), not word by word (its default, which would reverse the words' order).
 *
 * Fonts: Noto Sans Arabic from @fontsource/noto-sans-arabic (the officer app's own Arabic font, SIL
 * Open Font License 1.1, shipped in that package with its licence), its `arabic`, `latin` and
 * `latin-ext` subsets; the PDF embeds the glyphs it uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

const bidi = bidiFactory();
const FONT_DIR = path.join(process.cwd(), 'node_modules', '@fontsource', 'noto-sans-arabic', 'files');
const FONT_FILES = {
  arabic: 'noto-sans-arabic-arabic-400-normal.woff',
  arabicBold: 'noto-sans-arabic-arabic-700-normal.woff',
  latin: 'noto-sans-arabic-latin-400-normal.woff',
  latinBold: 'noto-sans-arabic-latin-700-normal.woff',
  latinExt: 'noto-sans-arabic-latin-ext-400-normal.woff',
  latinExtBold: 'noto-sans-arabic-latin-ext-700-normal.woff',
} as const;
type FontName = keyof typeof FONT_FILES;

let fontBytes: Map<FontName, Buffer> | null = null;
function loadFonts(): Map<FontName, Buffer> {
  fontBytes ??= new Map((Object.keys(FONT_FILES) as FontName[]).map((name) => [name, fs.readFileSync(path.join(FONT_DIR, FONT_FILES[name]))]));
  return fontBytes;
}

/** Registers the fonts on a new document. */
export function registerFonts(doc: Doc) {
  for (const [name, bytes] of loadFonts()) doc.registerFont(name, bytes);
}

// Code point ranges of the font subsets (their unicode-range, @fontsource/noto-sans-arabic/unicode.json).
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;
const IN_ARABIC_FONT = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\u200c-\u200e\u2010\u2011\ufb50-\ufdff\ufe70-\ufefc ]/;
const IN_LATIN_FONT = /[\u0000-\u00ff\u0131\u0152\u0153\u02bb\u02bc\u02c6\u02da\u02dc\u2000-\u206f\u20ac\u2122\u2212]/;

function fontOf(ch: string, bold: boolean): FontName {
  if (IN_LATIN_FONT.test(ch)) return bold ? 'latinBold' : 'latin';
  if (IN_ARABIC_FONT.test(ch)) return bold ? 'arabicBold' : 'arabic';
  return bold ? 'latinExtBold' : 'latinExt';
}

interface Piece {
  text: string;
  font: FontName;
}

/** The pieces of one line, in visual order (left to right), each drawn with one font. */
export function visualPieces(line: string, rtl: boolean, bold: boolean): Piece[] {
  const levels = bidi.getEmbeddingLevels(line, rtl ? 'rtl' : 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const chars = [...line].length === line.length ? line.split('').map((c, i) => mirrored.get(i) ?? c) : null;
  if (!chars) return [{ text: line, font: bold ? 'latinBold' : 'latin' }]; // astral characters: drawn as given
  // Logical runs of one embedding level.
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < chars.length; i++) {
    const level = levels.levels[i]!;
    const last = runs.at(-1);
    if (last && last.level === level) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level });
  }
  // Rule L2: from the highest level down to the lowest odd level, reverse every sequence of runs at that level or higher.
  const order = runs.map((_, i) => i);
  const max = Math.max(0, ...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= minOdd && level > 0; level--) {
    for (let i = 0; i < order.length;) {
      if (runs[order[i]!]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && runs[order[j]!]!.level >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  const pieces: Piece[] = [];
  for (const index of order) {
    const run = runs[index]!;
    const text = chars.slice(run.start, run.end);
    if (run.level % 2 === 0) pieces.push(...byFont(text, bold));
    else pieces.push(...rtlRun(text, bold));
  }
  return pieces;
}

/** Consecutive characters of one font, left to right. */
function byFont(text: string[], bold: boolean): Piece[] {
  const out: Piece[] = [];
  for (const ch of text) {
    const font = fontOf(ch, bold);
    const last = out.at(-1);
    if (last && last.font === font) last.text += ch;
    else out.push({ text: ch, font });
  }
  return out;
}

/**
 * A right-to-left run in visual order: stretches of Arabic (with the spaces between its words) are
 * shaped whole by fontkit, which returns them already reversed; what lies between them (punctuation)
 * is drawn a character at a time; and the stretches themselves go right to left.
 */
function rtlRun(text: string[], bold: boolean): Piece[] {
  const logical: Piece[] = [];
  let i = 0;
  while (i < text.length) {
    if (ARABIC_SCRIPT.test(text[i]!)) {
      let j = i + 1;
      let lastArabic = i;
      while (j < text.length && IN_ARABIC_FONT.test(text[j]!)) {
        if (ARABIC_SCRIPT.test(text[j]!)) lastArabic = j;
        j++;
      }
      logical.push({ text: text.slice(i, lastArabic + 1).join(''), font: bold ? 'arabicBold' : 'arabic' });
      i = lastArabic + 1;
    } else {
      logical.push({ text: text[i]!, font: fontOf(text[i]!, bold) });
      i++;
    }
  }
  return logical.reverse();
}

// Shape whole strings (see the module comment); any feature list makes PDFKit lay out the run as one.
const SHAPED = { features: [] as never[] };

function widthOf(doc: Doc, pieces: Piece[], size: number): number {
  return pieces.reduce((w, p) => w + doc.font(p.font).fontSize(size).widthOfString(p.text, SHAPED), 0);
}

export const hasArabic = (text: string) => ARABIC_SCRIPT.test(text);

/**
 * Writes a paragraph at the document's cursor within `width` from `x`, wrapped on spaces, each line
 * reordered for display. `rtl` sets the paragraph direction (and right alignment); by default it is
 * right to left when the text starts with Arabic. Moves the cursor below the paragraph.
 */
export function paragraph(
  doc: Doc,
  text: string,
  {
    x,
    width,
    size = 10,
    bold = false,
    rtl,
    color = '#0f172a',
    gap = 2,
  }: { x: number; width: number; size?: number; bold?: boolean; rtl?: boolean; color?: string; gap?: number },
) {
  const direction = rtl ?? (bidi.getEmbeddingLevels(text).paragraphs[0]?.level ?? 0) % 2 === 1;
  const lineHeight = size * 1.6;
  doc.fillColor(color);
  for (const source of text.split(/\r?\n/)) {
    const lines: string[] = [];
    let current = '';
    for (const word of source.split(/ +/)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && widthOf(doc, visualPieces(candidate, direction, bold), size) > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    lines.push(current);
    for (const line of lines) {
      if (doc.y + lineHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const pieces = visualPieces(line, direction, bold);
      const lineWidth = widthOf(doc, pieces, size);
      let cursor = direction ? x + width - lineWidth : x;
      const y = doc.y;
      for (const piece of pieces) {
        doc.font(piece.font).fontSize(size);
        doc.text(piece.text, cursor, y, { lineBreak: false, ...SHAPED });
        cursor += doc.widthOfString(piece.text, SHAPED);
      }
      doc.x = x;
      doc.y = y + lineHeight;
    }
  }
  doc.y += gap;
}
