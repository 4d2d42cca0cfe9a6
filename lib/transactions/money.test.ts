import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, cmp, dec, isMultipleOf, percentOf, sub, sum, toPlain } from './money';
import { positiveDecimal } from './schemas';

// Decimal strings built from integers, so the expected values are computed with BigInt, not floats.
const decimalString = fc
  .tuple(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }))
  .map(([units, scale]) => ({ units, scale, text: toPlain({ units, scale }) }));

describe('exact decimals', () => {
  it('parses and prints without loss', () => {
    fc.assert(fc.property(decimalString, (d) => cmp(dec(d.text), d) === 0 && toPlain(dec(d.text)) === d.text));
    expect(toPlain('0.10')).toBe('0.1');
    expect(dec('1250.500')).toEqual({ units: 1250500n, scale: 3 });
  });

  it('adds and subtracts exactly (a + b − b = a; commutative; 0.1 + 0.2 = 0.3)', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        expect(cmp(sub(add(a.text, b.text), b.text), a.text)).toBe(0);
        expect(cmp(add(a.text, b.text), add(b.text, a.text))).toBe(0);
      }),
    );
    expect(toPlain(add('0.1', '0.2'))).toBe('0.3');
    expect(toPlain(sum(Array.from({ length: 10 }, () => '0.1')))).toBe('1');
  });

  it('compares like BigInt on a common scale, and percentages are exact', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        const scale = Math.max(a.scale, b.scale);
        const x = a.units * 10n ** BigInt(scale - a.scale);
        const y = b.units * 10n ** BigInt(scale - b.scale);
        expect(cmp(a.text, b.text)).toBe(x < y ? -1 : x > y ? 1 : 0);
      }),
    );
    expect(toPlain(percentOf('9999.99', '80'))).toBe('7999.992');
    expect(isMultipleOf('5000.000', '1000')).toBe(true);
    expect(isMultipleOf('5000.001', '1000')).toBe(false);
  });

  it('refuses anything that is not a plain decimal string', () => {
    for (const bad of ['1e3', '', ' ', '1,000', '0x10', 'NaN', 'Infinity', '1.', '.5', '--1']) expect(() => dec(bad)).toThrow(RangeError);
  });

  it('an amount that is not a decimal gets one error saying so; a decimal not above zero gets the other', () => {
    const issues = (v: string) => (positiveDecimal.safeParse(v).error?.issues ?? []).map((i) => i.message);
    for (const bad of ['1e5', '+5', '.5', '1.', '5,00', '1'.repeat(31), '1.0000000000000000001'])
      expect(issues(bad), bad).toEqual(['expected a decimal string such as "1250.50" (at most 30 digits before the point and 18 after)']);
    for (const low of ['0', '0.00', '-50.00']) expect(issues(low), low).toEqual(['must be greater than 0']);
    expect(positiveDecimal.parse('9'.repeat(30) + '.' + '1'.repeat(18))).toBe('9'.repeat(30) + '.' + '1'.repeat(18));
  });
});
