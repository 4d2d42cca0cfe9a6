// Hijri (Umm al-Qura) ⇄ Gregorian with the platform's ICU calendar (`Intl`, calendar
// `islamic-umalqura`): no extra dependency, and ICU carries the official Umm al-Qura table.

const formatter = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

const DAY_MS = 86_400_000;
/** Range ICU's Umm al-Qura table covers (1300–1600 AH); outside it ICU falls back to arithmetic rules. */
export const HIJRI_MIN_YEAR = 1300;
export const HIJRI_MAX_YEAR = 1600;

export interface HijriParts {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Hijri date of a Gregorian (UTC midnight) date. */
export function toHijri(date: Date): HijriParts {
  const parts = formatter.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

export function formatHijri({ year, month, day }: HijriParts): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** `YYYY-MM-DD` Hijri text of a Gregorian date. */
export function gregorianToHijri(date: Date): string {
  return formatHijri(toHijri(date));
}

const compare = (a: HijriParts, b: HijriParts) => a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * Converts a Hijri `YYYY-MM-DD` into the Gregorian date (UTC midnight), or undefined when the text
 * is not a real Umm al-Qura date (month 13, day 30 of a 29-day month, out of range...).
 * Starts from the arithmetic estimate and walks day by day: the estimate is within a few days.
 */
export function hijriToGregorian(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const target = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (target.year < HIJRI_MIN_YEAR || target.year > HIJRI_MAX_YEAR) return undefined;
  if (target.month < 1 || target.month > 12 || target.day < 1 || target.day > 30) return undefined;
  // Mean lunar year 354.367 days; 1 Muharram 1 AH ≈ 622-07-16 (Julian), i.e. -42521587200000 ms.
  const daysSinceEpoch = Math.floor((target.year - 1) * 354.36667 + (target.month - 1) * 29.5306 + (target.day - 1));
  let t = -42_521_587_200_000 + daysSinceEpoch * DAY_MS;
  for (let i = 0; i < 40; i++) {
    const c = compare(toHijri(new Date(t)), target);
    if (c === 0) return new Date(t);
    const next = t + (c < 0 ? DAY_MS : -DAY_MS);
    // Stepping over the target in one move means the day does not exist (e.g. 30 of a 29-day month).
    if (Math.sign(compare(toHijri(new Date(next)), target)) === -Math.sign(c) && compare(toHijri(new Date(next)), target) !== 0) {
      return undefined;
    }
    t = next;
  }
  return undefined;
}

export function isValidHijri(value: string): boolean {
  return hijriToGregorian(value) !== undefined;
}
