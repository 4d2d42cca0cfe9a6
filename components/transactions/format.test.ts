import { describe, expect, it } from 'vitest';
import { formatAmount } from './format';

// Intl puts no-break spaces (and, in Arabic, direction marks) around the currency: compare words.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

describe('formatAmount: exact decimal strings for display', () => {
  it('groups thousands and names the currency in the page language, with Western digits in both', () => {
    expect(plain(formatAmount('en', '45000.00', 'SAR'))).toBe('SAR 45,000.00');
    expect(plain(formatAmount('ar', '45000.00', 'SAR'))).toBe('45,000.00 ريال سعودي');
    expect(formatAmount('ar', '1234567.5', 'Sar')).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });

  it('keeps the scale and every digit the API sent (no float on the way)', () => {
    expect(plain(formatAmount('en', '9500', 'Sar'))).toBe('SAR 9,500');
    expect(plain(formatAmount('en', '9800.50', 'SAR'))).toBe('SAR 9,800.50');
    expect(plain(formatAmount('en', '0.125', 'KWD'))).toBe('KWD 0.125');
    expect(plain(formatAmount('en', '123456789012345678901234567890.123456789012345678', 'SAR'))).toBe(
      'SAR 123,456,789,012,345,678,901,234,567,890.123456789012345678',
    );
  });

  it('shows what it cannot format as it came', () => {
    expect(formatAmount('en', 'n/a', 'SAR')).toBe('n/a SAR');
    expect(formatAmount('en', '10', 'XXXX')).toBe('10 XXXX');
  });
});
