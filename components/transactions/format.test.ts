import { describe, expect, it } from 'vitest';
import { flowDays, formatAmount, formatChartDay } from './format';

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

describe('flowDays: the case chart’s daily totals', () => {
  const me = { id: 'me' };
  const other = { id: 'other' };
  it('puts each transaction on its day in the tenant’s time zone, not UTC’s, incoming and outgoing apart', () => {
    const txs = [
      // 22:30 UTC on the 29th is 01:30 on the 30th in Riyadh (UTC+3).
      { transactionDate: '2026-11-29T22:30:00.000Z', amount: '9800.50', sourceEntity: other, targetEntity: me },
      { transactionDate: '2026-11-30T08:00:00.000Z', amount: '200', sourceEntity: me, targetEntity: other },
      { transactionDate: '2026-11-29T20:59:59.000Z', amount: '1.25', sourceEntity: other, targetEntity: me },
    ];
    expect(flowDays(txs, 'me', 'Asia/Riyadh')).toEqual([
      { day: '2026-11-29', credit: 1.25, debit: 0 },
      { day: '2026-11-30', credit: 9800.5, debit: 200 },
    ]);
    expect(flowDays(txs, 'me', 'UTC').map((d) => d.day)).toEqual(['2026-11-29', '2026-11-30']);
    expect(flowDays(txs, 'me', 'UTC')[0]).toEqual({ day: '2026-11-29', credit: 9801.75, debit: 0 });
  });

  it('labels a day with its month’s name in the page’s language and Western digits', () => {
    expect(formatChartDay('en', '2026-11-30')).toBe('Nov 30');
    expect(formatChartDay('ar', '2026-11-30')).toBe('30 نوفمبر');
  });
});
