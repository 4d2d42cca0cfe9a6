import { describe, expect, it } from 'vitest';
import { isValidHijri, hijriToGregorian as serverHijriToGregorian } from '@/lib/reference/hijri';
import { currentHijriYear, gregorianToHijri, hijriMonthLength, hijriToGregorian } from './hijri';

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

describe('month length', () => {
  it('is 29 or 30 as Umm al-Qura has it', () => {
    expect(hijriMonthLength(1412, 2)).toBe(29); // 30 Safar 1412 does not exist
    expect(hijriMonthLength(1412, 3)).toBe(30);
    expect(hijriMonthLength(1410, 10)).toBe(30);
  });

  it('agrees with the server on every month from 1300 to 1600 AH', () => {
    for (let y = 1300; y <= 1600; y++) {
      for (let m = 1; m <= 12; m++) {
        const h = `${y}-${String(m).padStart(2, '0')}`;
        const expected = isValidHijri(`${h}-30`) ? 30 : 29;
        expect(isValidHijri(`${h}-29`), h).toBe(true);
        expect(hijriMonthLength(y, m), h).toBe(expected);
      }
    }
  });

  it('gives the Hijri year of a day', () => {
    expect(currentHijriYear(new Date('2024-07-07T00:00:00Z'))).toBe(1446);
    expect(currentHijriYear(new Date('2024-07-06T00:00:00Z'))).toBe(1445);
  });
});
