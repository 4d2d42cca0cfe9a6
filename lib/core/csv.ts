/**
 * One CSV cell (RFC 4180 quoting). A text starting with `=`, `+`, `-`, `@`, tab or carriage return
 * is prefixed with `'` so a spreadsheet shows it instead of running it as a formula (CSV injection).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
