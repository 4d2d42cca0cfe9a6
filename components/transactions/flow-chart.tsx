'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { flowDays, formatChartDay, numberLocale } from './format';
import type { TransactionPage } from './types';

/**
 * Daily incoming and outgoing amounts of the entity (recharts), by day in the tenant's time zone.
 * Display only: the bars are plotted as numbers, the table beside the chart shows the exact decimal strings.
 */
export function FlowChart({ transactions, entityId }: { transactions: TransactionPage['data']; entityId: string }) {
  const t = useTranslations('transactions');
  const locale = useLocale();
  const data = flowDays(transactions, entityId, useTimeZone() ?? 'UTC');
  const rtl = locale === 'ar';
  // Axis ticks short (45K), the tooltip grouped (45,000.5); Western digits in both languages.
  const tick = new Intl.NumberFormat(numberLocale(locale), { notation: 'compact', maximumFractionDigits: 1 });
  const exact = new Intl.NumberFormat(numberLocale(locale), { maximumFractionDigits: 2 });
  return (
    <figure className="h-64 w-full" aria-label={t('timeline')} data-testid="flow-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" reversed={rtl} tick={{ fontSize: 11 }} tickFormatter={(day: string) => formatChartDay(locale, day)} />
          <YAxis orientation={rtl ? 'right' : 'left'} tick={{ fontSize: 11 }} width={70} tickFormatter={(v: number) => tick.format(v)} />
          <Tooltip formatter={(v) => exact.format(Number(v))} labelFormatter={(day) => formatChartDay(locale, String(day))} />
          <Legend />
          <Bar dataKey="credit" name={t('credit')} fill="#047857" />
          <Bar dataKey="debit" name={t('debit')} fill="#b91c1c" />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
