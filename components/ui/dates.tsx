import { useTimeZone } from 'next-intl';
import { hijriToGregorian } from './hijri';

/** `YYYY-MM-DD` or the API's `YYYY-MM-DD HH:mm:ss.SSS` / ISO strings (all UTC) → Date. */
export function parseApiDate(value: string): Date | null {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}T00:00:00Z`
    : value.replace(' ', 'T').replace(/(\.\d+)?$/, (ms) => ms) + (/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z');
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Day, month name and year: unambiguous in both languages (no 05/06 vs 06/05 doubt). */
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };

export function formatDay(locale: string, value: string): string {
  const date = parseApiDate(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(`${locale}-u-ca-gregory-nu-latn`, DAY).format(date);
}

/** The same day in the Umm al-Qura calendar (the one Saudi records use). */
export function formatHijri(locale: string, value: string): string {
  const date = parseApiDate(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(`${locale}-u-ca-islamic-umalqura-nu-latn`, DAY).format(date);
}

/**
 * A moment in the tenant's time zone, with the zone shown (`24 Nov 2026, 23:40 GMT+3`): the one
 * formatter of times in the officer app. Western digits in both languages (README, Language and
 * direction), as identity numbers, IBANs and amounts are written.
 */
export function formatDateTime(locale: string, value: string, timeZone = 'UTC'): string {
  const date = parseApiDate(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(`${locale}-u-ca-gregory-nu-latn`, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

/** A Gregorian date, with its Hijri equivalent beside it when the record keeps both calendars. */
export function DateText({ locale, value, hijri = false }: { locale: string; value: string | null | undefined; hijri?: boolean }) {
  if (!value) return <span className="text-slate-500">—</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <time dateTime={value.slice(0, 10)}>{formatDay(locale, value)}</time>
      {hijri ? (
        <span className="text-xs text-slate-600" data-calendar="hijri">
          ({formatHijri(locale, value)})
        </span>
      ) : null}
    </span>
  );
}

/**
 * A date kept as written in the Hijri calendar (`1398-07-21`), spelled out (`21 Rajab 1398 AH`) with
 * the digits as stored beside it, so an officer comparing two records reads the month by name and
 * still sees exactly what each record holds. A day the calendar does not have is shown as stored.
 */
export function HijriDateText({ locale, value }: { locale: string; value: string | null | undefined }) {
  if (!value) return <span className="text-slate-500">—</span>;
  const gregorian = hijriToGregorian(value);
  if (!gregorian) return <bdi dir="ltr">{value}</bdi>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2" data-calendar="hijri">
      <time dateTime={gregorian}>{formatHijri(locale, gregorian)}</time>
      <bdi dir="ltr" className="text-xs text-slate-600">
        {value}
      </bdi>
    </span>
  );
}

/** A moment (API timestamp) in the tenant's time zone, zone shown; the zone comes from the request (next-intl). */
export function DateTimeText({ locale, value }: { locale: string; value: string | null | undefined }) {
  const timeZone = useTimeZone() ?? 'UTC';
  if (!value) return <span className="text-slate-500">—</span>;
  return (
    <time dateTime={value} data-time-zone={timeZone}>
      {formatDateTime(locale, value, timeZone)}
    </time>
  );
}
