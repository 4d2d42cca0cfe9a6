/**
 * Umm al-Qura (Hijri) ↔ Gregorian in the browser, from the ICU calendar in `Intl` (the same
 * calendar the server converts with), so the form can show the other calendar's day while the
 * officer picks one. The server stays the authority: it derives and checks both dates again.
 */
const PARTS = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });

export function hijriOf(date: Date): [number, number, number] {
  const parts = PARTS.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value.replace(/\D/g, ''));
  return [get('year'), get('month'), get('day')];
}

const DAY_MS = 86_400_000;
/** 1 Muharram 1 AH (proleptic Gregorian, 16 July 622). */
const EPOCH = Date.UTC(622, 6, 16);

/** `YYYY-MM-DD` (Hijri) → `YYYY-MM-DD` (Gregorian), or null when the Hijri day does not exist. */
export function hijriToGregorian(hijri: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(hijri);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 30) return null;
  const estimate = EPOCH + Math.round((y - 1) * 354.36667 + (mo - 1) * 29.5306 + (d - 1)) * DAY_MS;
  for (let offset = 0; offset <= 40; offset++) {
    for (const sign of offset === 0 ? [1] : [1, -1]) {
      const candidate = new Date(estimate + sign * offset * DAY_MS);
      const [cy, cm, cd] = hijriOf(candidate);
      if (cy === y && cm === mo && cd === d) return candidate.toISOString().slice(0, 10);
    }
  }
  return null;
}

/** `YYYY-MM-DD` (Gregorian) → `YYYY-MM-DD` (Hijri). */
export function gregorianToHijri(gregorian: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(gregorian)) return null;
  const date = new Date(`${gregorian}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const [y, m, d] = hijriOf(date);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Days in a Hijri (Umm al-Qura) month: 29 or 30, read from the calendar (the 30th exists or not). */
export function hijriMonthLength(year: number, month: number): 29 | 30 {
  return hijriToGregorian(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-30`) ? 30 : 29;
}

/** The Hijri year of a moment (today by default). */
export function currentHijriYear(now: Date = new Date()): number {
  return hijriOf(now)[0];
}
