/**
 * Amounts for display: the API's exact decimal strings (lib/transactions/money.ts) formatted by the
 * one formatter the server's texts use too (lib/core/amounts.ts), every digit kept.
 */
import { numberLocale } from '@/lib/core/amounts';

export { formatAmount, numberLocale } from '@/lib/core/amounts';

/** A whole number (a count) in the page's language with Western digits. */
export function formatCount(locale: string, value: number): string {
  return new Intl.NumberFormat(numberLocale(locale)).format(value);
}

export interface FlowDay {
  /** The calendar day in the tenant's time zone, `YYYY-MM-DD`. */
  day: string;
  credit: number;
  debit: number;
}

/**
 * An entity's daily incoming and outgoing totals for the case's chart, by calendar day in the
 * tenant's time zone (the day the table beside it shows for each transaction, not UTC's), oldest
 * first. Display only: the bars are plotted as numbers; the table shows the exact strings.
 */
export function flowDays(
  transactions: readonly { transactionDate: string; amount: string; sourceEntity?: { id: string } | null; targetEntity?: { id: string } | null }[],
  entityId: string,
  timeZone: string,
): FlowDay[] {
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days = new Map<string, FlowDay>();
  for (const tx of transactions) {
    const day = dayOf.format(new Date(tx.transactionDate));
    const row = days.get(day) ?? { day, credit: 0, debit: 0 };
    if (tx.targetEntity?.id === entityId) row.credit += Number(tx.amount);
    if (tx.sourceEntity?.id === entityId) row.debit += Number(tx.amount);
    days.set(day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** A chart's day label: day and short month in the page's language, Western digits (`Nov 30`, `30 نوفمبر`). */
export function formatChartDay(locale: string, day: string): string {
  return new Intl.DateTimeFormat(`${locale}-u-ca-gregory-nu-latn`, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
