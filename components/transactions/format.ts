/**
 * Amounts for display. The API's amounts are exact decimal strings (lib/transactions/money.ts); Intl
 * formats such a string as the decimal it is (never through a float), so `formatAmount` shows every
 * digit sent, grouped, with as many fraction digits as the string has. Western digits in both
 * languages (README, "Language and direction"): `-u-nu-latn`, as the date formatters do.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The locale tag for numbers: the page's language with Western digits. */
export const numberLocale = (locale: string) => `${locale}-u-nu-latn`;

/**
 * `SAR 45,000.00` in English, `45,000.00 ريال سعودي` in Arabic (the currency named in words, as the
 * app writes «ريال»; an ISO code is the reference English readers compare with core banking). A text
 * that is not a decimal, or a currency ICU does not know, is shown as it came.
 */
export function formatAmount(locale: string, amount: string, currency: string): string {
  if (!DECIMAL.test(amount)) return `${amount} ${currency}`;
  const scale = amount.split('.')[1]?.length ?? 0;
  try {
    return new Intl.NumberFormat(numberLocale(locale), {
      style: 'currency',
      currency,
      currencyDisplay: locale === 'ar' ? 'name' : 'code',
      minimumFractionDigits: scale,
      maximumFractionDigits: scale,
      // The decimal string itself, not a number: the formatter keeps every digit (Intl.NumberFormat v3).
    }).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
}

/** A whole number (a count) in the page's language with Western digits. */
export function formatCount(locale: string, value: number): string {
  return new Intl.NumberFormat(numberLocale(locale)).format(value);
}
