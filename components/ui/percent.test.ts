import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';

// Left-to-right marks CLDR puts around the Arabic percent sign so that it stays after the number.
const visible = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '');

describe('formatPercent', () => {
  it('writes a score as the other percentages do, number then sign, Western digits', () => {
    expect(formatPercent('en', 95)).toBe('95%');
    expect(visible(formatPercent('ar', 95))).toBe('95%');
    expect(formatPercent('ar', 95)).toMatch(/^95\u200e?%/);
    expect(visible(formatPercent('ar', 87.5))).toBe('87.5%');
    expect(formatPercent('en', 100)).toBe('100%');
  });
});
