/**
 * Exact decimal arithmetic for amounts (decimals.md, Formats: amounts are decimal strings, stored as
 * exact decimals, never floats). A value is a BigInt of units and a scale (number of fraction
 * digits): "1250.50" is 125050n at scale 2. The rules compare and add amounts only through these
 * functions; nothing on the money path becomes a JavaScript number.
 */
export interface Dec {
  readonly units: bigint;
  readonly scale: number;
}

/** ISO 4217 codes ICU knows (Node's Intl); input in any letter case. Transactions and rules accept the same set. */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
export const isCurrencyCode = (v: string) => CURRENCIES.has(v.toUpperCase());

/** A plain decimal string: optional minus, digits, optional fraction. No exponent, no grouping. */
export const DECIMAL_PATTERN = /^-?\d{1,30}(\.\d{1,18})?$/;

/**
 * Strings already read, for the rules' thresholds and the windows' totals that every ingest compares
 * again (a Dec never changes). Bounded: emptied when full, so a stream of distinct amounts costs a
 * lookup each, never memory.
 */
const parsed = new Map<string, Dec>();
const PARSED_MAX = 2048;

export function dec(value: string | Dec): Dec {
  if (typeof value !== 'string') return value;
  const known = parsed.get(value);
  if (known) return known;
  const text = value.trim();
  if (!DECIMAL_PATTERN.test(text)) throw new RangeError(`not a decimal: ${value}`);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole + fraction);
  const result: Dec = Object.freeze({ units: negative ? -units : units, scale: fraction.length });
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(value, result);
  return result;
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.units, b.units, a.scale];
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

export function add(a: string | Dec, b: string | Dec): Dec {
  const [x, y, scale] = align(dec(a), dec(b));
  return { units: x + y, scale };
}

export function sub(a: string | Dec, b: string | Dec): Dec {
  const [x, y, scale] = align(dec(a), dec(b));
  return { units: x - y, scale };
}

/** -1, 0 or 1. */
export function cmp(a: string | Dec, b: string | Dec): -1 | 0 | 1 {
  const [x, y] = align(dec(a), dec(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

export const gte = (a: string | Dec, b: string | Dec) => cmp(a, b) >= 0;
export const lt = (a: string | Dec, b: string | Dec) => cmp(a, b) < 0;

/** a × percent / 100, exact (the scale grows by the percent's scale + 2). */
export function percentOf(a: string | Dec, percent: string | Dec): Dec {
  const x = dec(a);
  const p = dec(percent);
  return { units: x.units * p.units, scale: x.scale + p.scale + 2 };
}

/** True when the value is a whole multiple of `unit` (e.g. 1000): round amounts. */
export function isMultipleOf(a: string | Dec, unit: string | Dec): boolean {
  const [x, y] = align(dec(a), dec(unit));
  return y !== 0n && x % y === 0n;
}

export function sum(values: readonly (string | Dec)[]): Dec {
  return values.reduce<Dec>((acc, v) => add(acc, v), { units: 0n, scale: 0 });
}

/** The shortest plain string of the value (trailing fraction zeros dropped): for messages and totals. */
export function toPlain(value: string | Dec): string {
  const { units, scale } = dec(value);
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  let s = scale;
  while (s > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    s -= 1;
  }
  const text = s > 0 ? `${digits.slice(0, -s)}.${digits.slice(-s)}` : digits;
  return negative ? `-${text}` : text;
}

/** The value at its own scale ("1500.50" stays "1500.50"): how PostgreSQL prints a numeric sum. */
export function toFixedString(value: string | Dec): string {
  const { units, scale } = dec(value);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}` : digits;
  return negative ? `-${text}` : text;
}
