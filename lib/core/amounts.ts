/**
 * Amounts for people to read (the API's amounts stay exact decimal strings, decisions.md "Formats").
 * Intl formats such a string as the decimal it is (never through a float): grouped, with the currency
 * named in the reader's language, `SAR 45,000.00` in English and `45,000.00 ريال سعودي` in Arabic (the
 * currency in words, as the app writes «ريال»; an ISO code is what English readers compare with core
 * banking). Western digits in both languages (README, "Language and direction"): `-u-nu-latn`.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The locale tag for numbers: the page's language with Western digits. */
export const numberLocale = (locale: string) => `${locale}-u-nu-latn`;

export interface AmountStyle {
  /**
   * At least the currency's own fraction digits (SAR 2, KWD 3, JPY 0): a rule's "10000" reads like
   * the transactions' "10,000.00". Without it the amount keeps exactly the scale it came with.
   */
  currencyDigits?: boolean;
  /** The number alone, no currency: the second of "between 9,000.00 and 10,000.00 SAR". */
  bare?: boolean;
}

/**
 * An exact decimal string as an amount in `locale`, every digit kept. A text that is not a decimal,
 * or a currency ICU does not know, is shown as it came.
 */
export function formatAmount(locale: string, amount: string, currency: string, style: AmountStyle = {}): string {
  if (!DECIMAL.test(amount)) return `${amount} ${currency}`;
  const scale = amount.split('.')[1]?.length ?? 0;
  try {
    const own = style.currencyDigits ? formatter('en', currency, false, -1).resolvedOptions().minimumFractionDigits! : 0;
    // The decimal string itself, not a number: the formatter keeps every digit (Intl.NumberFormat v3).
    return formatter(locale, currency, style.bare ?? false, Math.max(scale, own)).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
}

// Building an Intl.NumberFormat costs tens of microseconds, and an alert's reasons are written at
// ingest (in both languages): formatters are kept, one per locale, currency, style and scale.
const formatters = new Map<string, Intl.NumberFormat>();

/** digits -1: the currency's own fraction digits (ICU's default), read back by resolvedOptions(). */
function formatter(locale: string, currency: string, bare: boolean, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${bare}|${digits}`;
  let found = formatters.get(key);
  if (!found) {
    found =
      digits < 0
        ? new Intl.NumberFormat(locale, { style: 'currency', currency })
        : new Intl.NumberFormat(numberLocale(locale), {
            ...(bare ? { style: 'decimal' } : { style: 'currency', currency, currencyDisplay: locale === 'ar' ? 'name' : 'code' }),
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          });
    // Bounded: currencies and scales are few, but a key per odd input must not grow without end.
    if (formatters.size > 500) formatters.clear();
    formatters.set(key, found);
  }
  return found;
}
