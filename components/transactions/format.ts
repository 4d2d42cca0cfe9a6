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
