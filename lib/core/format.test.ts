import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatIso, formatIsoMs, formatTimestamp, parseDateOnly } from './format';

describe('wire formats', () => {
  const d = new Date(Date.UTC(2026, 0, 5, 3, 4, 5, 67));
  it('prints each spec format', () => {
    expect(formatTimestamp(d)).toBe('2026-01-05 03:04:05.067');
    expect(formatIso(d)).toBe('2026-01-05T03:04:05Z');
    expect(formatIsoMs(d)).toBe('2026-01-05T03:04:05.067Z');
    expect(formatDate(d)).toBe('2026-01-05');
    expect(formatTimestamp(null)).toBeNull();
  });

  it('formats any instant in the exact shapes', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2999, 11, 31)), noInvalidDate: true }), (date) => {
        expect(formatTimestamp(date)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
        expect(formatIso(date)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect(new Date(formatIsoMs(date)!).getTime()).toBe(date.getTime());
      }),
    );
  });

  it('parses only real calendar dates', () => {
    expect(parseDateOnly('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-1', '20240101', '', '2024-01-01T00:00:00Z']) {
      expect(parseDateOnly(bad), bad).toBeUndefined();
    }
  });
});
