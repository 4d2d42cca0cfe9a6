'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Select } from '@/components/ui/field';
import { currentHijriYear, hijriMonthLength } from '@/components/ui/hijri';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** The server's Umm al-Qura range starts at 1300 AH. */
const FIRST_YEAR = 1300;

export interface HijriParts {
  y: number;
  m: number;
  d: number;
}

/** How many days the day list offers: the month's own length once month and year are known, else 30. */
export function daysOffered({ y, m }: HijriParts): number {
  return y && m ? hijriMonthLength(y, m) : 30;
}

/** After a change of month or year, a day the month does not have (30 of a 29-day month) is cleared. */
export function reconcile(next: HijriParts): HijriParts {
  return next.d > daysOffered(next) ? { ...next, d: 0 } : next;
}

/** Years offered, newest first: none after the current Hijri year (a birth or incorporation date is past). */
export function yearsOffered(lastYear: number, chosen = 0): number[] {
  const last = Math.max(lastYear, chosen);
  return Array.from({ length: last - FIRST_YEAR + 1 }, (_, i) => last - i);
}

/**
 * A Hijri (Umm al-Qura) date as day, month name and year: the way Saudi documents write it. The
 * value is `YYYY-MM-DD` once all three are chosen ('' before). Only the days of the chosen month are
 * offered, and only years up to the current one; the server still checks the day exists.
 */
export function HijriDatePicker({ value, onChange, label, error }: { value: string; onChange: (value: string) => void; label: string; error?: string }) {
  const t = useTranslations('entityForm');
  const locale = useLocale();
  const [y0, m0, d0] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').map(Number) : [0, 0, 0];
  const [parts, setParts] = useState<HijriParts>({ y: y0 ?? 0, m: m0 ?? 0, d: d0 ?? 0 });
  const number = new Intl.NumberFormat(locale, { useGrouping: false });
  const update = (changed: HijriParts) => {
    const next = reconcile(changed);
    setParts(next);
    onChange(next.y && next.m && next.d ? `${next.y}-${String(next.m).padStart(2, '0')}-${String(next.d).padStart(2, '0')}` : '');
  };
  // A stored year after today (an older record) stays listed so that opening the form does not lose it.
  const years = yearsOffered(currentHijriYear(), y0 ?? 0);
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={error ? 'dateHijri-error' : undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="grid max-w-md grid-cols-[minmax(0,5rem)_minmax(0,1fr)_minmax(0,6rem)] gap-2">
        <Select aria-label={t('hijriDay')} value={parts.d || ''} onChange={(e) => update({ ...parts, d: Number(e.target.value) })} data-testid="hijri-day">
          <option value="">{t('hijriDay')}</option>
          {Array.from({ length: daysOffered(parts) }, (_, i) => i + 1).map((d) => (
            <option key={d} value={d}>
              {number.format(d)}
            </option>
          ))}
        </Select>
        <Select aria-label={t('hijriMonth')} value={parts.m || ''} onChange={(e) => update({ ...parts, m: Number(e.target.value) })} data-testid="hijri-month">
          <option value="">{t('hijriMonth')}</option>
          {MONTHS.map((m) => (
            <option key={m} value={m}>
              {t(`hijriMonths.${m}`)}
            </option>
          ))}
        </Select>
        <Select aria-label={t('hijriYear')} value={parts.y || ''} onChange={(e) => update({ ...parts, y: Number(e.target.value) })} data-testid="hijri-year">
          <option value="">{t('hijriYear')}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {number.format(y)}
            </option>
          ))}
        </Select>
      </div>
      {error ? (
        <p id="dateHijri-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
