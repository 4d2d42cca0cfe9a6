/**
 * Dates of birth: full Gregorian dates, year-only values and Hijri (Umm al-Qura) dates.
 * Hijri ↔ Gregorian uses the ICU `islamic-umalqura` calendar shipped with Node.
 */
export interface PartialDate {
  year: number;
  month?: number;
  day?: number;
}

export function parseDob(value: string | null | undefined): PartialDate | null {
  if (!value) return null;
  const s = String(value)
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
  if (m) return { year: +m[1]!, month: +m[2]!, day: +m[3]! };
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s); // DD/MM/YYYY
  if (m) return { year: +m[3]!, month: +m[2]!, day: +m[1]! };
  m = /^(\d{4})(?:-(\d{1,2}))?$/.exec(s);
  if (m) return m[2] ? { year: +m[1]!, month: +m[2]! } : { year: +m[1]! };
  return null;
}

export function formatDate(d: PartialDate): string {
  const y = String(d.year).padStart(4, '0');
  if (d.month === undefined) return y;
  const mo = String(d.month).padStart(2, '0');
  if (d.day === undefined) return `${y}-${mo}`;
  return `${y}-${mo}-${String(d.day).padStart(2, '0')}`;
}

const HIJRI_FMT = new Intl.DateTimeFormat('en-US-u-ca-islamic-umalqura-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** Gregorian (UTC) → Hijri Umm al-Qura. */
export function gregorianToHijri(d: { year: number; month: number; day: number }): { year: number; month: number; day: number } {
  const date = new Date(Date.UTC(d.year, d.month - 1, d.day));
  let year = 0;
  let month = 0;
  let day = 0;
  for (const p of HIJRI_FMT.formatToParts(date)) {
    if (p.type === 'year' || (p.type as string) === 'relatedYear') year = year || parseInt(p.value, 10);
    else if (p.type === 'month') month = parseInt(p.value, 10);
    else if (p.type === 'day') day = parseInt(p.value, 10);
  }
  return { year, month, day };
}

/**
 * Conversions already made (a search converts its query's Hijri date once per candidate, and ICU's
 * calendar takes a dozen formatToParts calls per conversion). Bounded: it starts over when full.
 */
const TO_GREGORIAN_MEMO_SIZE = 20_000;
const toGregorianMemo = new Map<number, { year: number; month: number; day: number } | null>();

/** Hijri Umm al-Qura → Gregorian, or null if the Hijri date does not exist. */
export function hijriToGregorian(h: { year: number; month: number; day: number }): { year: number; month: number; day: number } | null {
  if (h.month < 1 || h.month > 12 || h.day < 1 || h.day > 30) return null;
  if (!Number.isInteger(h.year) || !Number.isInteger(h.month) || !Number.isInteger(h.day)) return searchGregorian(h);
  const key = h.year * 10_000 + h.month * 100 + h.day;
  let g = toGregorianMemo.get(key);
  if (g === undefined) {
    g = searchGregorian(h);
    if (toGregorianMemo.size >= TO_GREGORIAN_MEMO_SIZE) toGregorianMemo.clear();
    toGregorianMemo.set(key, g);
  }
  return g && { ...g };
}

function searchGregorian(h: { year: number; month: number; day: number }): { year: number; month: number; day: number } | null {
  // estimate, then walk to the exact day
  const approxDays = (h.year - 1) * 354.367 + (h.month - 1) * 29.53 + (h.day - 1);
  const epoch = Date.UTC(622, 6, 19); // 1 Muharram 1 AH (proleptic)
  let t = epoch + Math.round(approxDays) * 86_400_000;
  for (let i = 0; i < 60; i++) {
    const d = new Date(t);
    const g = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
    const x = gregorianToHijri(g);
    const diff = (h.year - x.year) * 354 + (h.month - x.month) * 29.5 + (h.day - x.day);
    if (x.year === h.year && x.month === h.month && x.day === h.day) return g;
    t += Math.sign(diff) * Math.max(1, Math.round(Math.abs(diff) * 0.9)) * 86_400_000;
  }
  return null;
}

/** Approximate Gregorian year of a Hijri year (±1). */
export function hijriYearToGregorian(year: number): number {
  return Math.round(year * 0.970229 + 621.5643);
}
