import { describe, expect, it } from 'vitest';
import { isValidHijri, hijriToGregorian as serverHijriToGregorian } from '@/lib/reference/hijri';
import { gregorianToHijri, hijriToGregorian } from './hijri';

describe('browser Hijri conversion agrees with the server', () => {
  it.each([
    ['1410-10-22', '1990-05-17'],
    ['1446-01-01', '2024-07-07'],
    ['1445-09-01', '2024-03-11'],
  ])('%s ↔ %s', (hijri, gregorian) => {
    expect(hijriToGregorian(hijri)).toBe(gregorian);
    expect(gregorianToHijri(gregorian)).toBe(hijri);
  });

  it('matches the server on every first and 29th of the month from 1350 to 1500 AH', () => {
    for (let y = 1350; y <= 1500; y += 7) {
      for (let m = 1; m <= 12; m++) {
        for (const d of ['01', '29']) {
          const h = `${y}-${String(m).padStart(2, '0')}-${d}`;
          if (!isValidHijri(h)) continue;
          const server = serverHijriToGregorian(h);
          expect(hijriToGregorian(h), h).toBe(server ? server.toISOString().slice(0, 10) : null);
        }
      }
    }
  });

  it('refuses days that do not exist', () => {
    expect(hijriToGregorian('1446-13-01')).toBeNull();
    expect(hijriToGregorian('1446-01-31')).toBeNull();
    expect(hijriToGregorian('garbage')).toBeNull();
  });
});
