const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A 0–100 score as a percentage in the page's language with Western digits, the sign where the
 * language puts it (`95%`; Arabic keeps it after the number, isolated by CLDR's marks), the same way
 * as the other percentages of the case page.
 */
export function formatPercent(locale: string, percentage: number): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(`${locale}-u-nu-latn`, { style: 'percent', maximumFractionDigits: 1 });
    formatters.set(locale, formatter);
  }
  return formatter.format(percentage / 100);
}
