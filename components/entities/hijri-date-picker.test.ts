import { describe, expect, it } from 'vitest';
import { daysOffered, reconcile, yearsOffered } from './hijri-date-picker';

describe('Hijri date picker', () => {
  it('offers only the days of the chosen month', () => {
    expect(daysOffered({ y: 1412, m: 2, d: 0 })).toBe(29);
    expect(daysOffered({ y: 1412, m: 3, d: 0 })).toBe(30);
    // Month or year not chosen yet: the length is not known, every possible day is offered.
    expect(daysOffered({ y: 0, m: 2, d: 0 })).toBe(30);
    expect(daysOffered({ y: 1412, m: 0, d: 0 })).toBe(30);
  });

  it('clears a day the new month does not have and keeps one it has', () => {
    expect(reconcile({ y: 1412, m: 2, d: 30 })).toEqual({ y: 1412, m: 2, d: 0 });
    expect(reconcile({ y: 1412, m: 2, d: 29 })).toEqual({ y: 1412, m: 2, d: 29 });
    expect(reconcile({ y: 1412, m: 3, d: 30 })).toEqual({ y: 1412, m: 3, d: 30 });
    expect(reconcile({ y: 0, m: 2, d: 30 })).toEqual({ y: 0, m: 2, d: 30 });
  });

  it('offers no year after the current one, back to 1300 AH', () => {
    const years = yearsOffered(1447);
    expect(years[0]).toBe(1447);
    expect(years.at(-1)).toBe(1300);
    expect(years).toHaveLength(148);
    // A stored later year stays in the list so that editing does not lose it.
    expect(yearsOffered(1447, 1450)[0]).toBe(1450);
  });
});
