import { describe, expect, it } from 'vitest';
import { scoreEntry, type ScreenableEntry } from './score';
import { resolveThresholds } from './thresholds';
import { gregorianToHijri, hijriToGregorian } from './dates';

const entry = (name: string | string[], extra: Partial<ScreenableEntry> = {}): ScreenableEntry => ({
  id: '00000000-0000-0000-0000-000000000001',
  externalId: 'E1',
  source: 'ListSourceA',
  type: 'Individual',
  names: (Array.isArray(name) ? name : [name]).map((value, i) => ({ value, kind: i === 0 ? 'Primary' : 'Alias' })),
  ...extra,
});
const score = (q: string, e: string | string[], extra: Partial<ScreenableEntry> = {}, qx: object = {}) => scoreEntry({ name: q, ...qx }, entry(e, extra));

describe('cross-script and spelling', () => {
  it('محمد عبد الرحمن matches Mohammed Abdulrahman and Muhammad Abd Al-Rahman', () => {
    for (const e of ['Mohammed Abdulrahman', 'Muhammad Abd Al-Rahman']) {
      const r = score('محمد عبد الرحمن', e);
      expect(r.signals.name.exactNormalized).toBe(true);
      expect(r.recommendation).toBe('AutoMatch');
    }
  });
  it('Latin query against an Arabic-only entry (names outside the dictionary)', () => {
    const r = score('Mohammed Jaafar Al-Zubaidi', 'محمد جعفر الزبيدي');
    expect(r.percentage).toBeGreaterThanOrEqual(95);
    expect(r.signals.name.phoneticScore).toBe(1);
  });
  it('reordered tokens', () => {
    const r = score('Alharbi Mohammed Saud', 'Mohammed Saud Al-Harbi');
    expect(r.signals.name.totalScore).toBe(1);
  });
  it('missing middle name → Review', () => {
    const r = score('Mohammed Alharbi', 'Mohammed Abdulrahman Alharbi');
    expect(r.recommendation).toBe('Review');
    expect(r.signals.name.familyJW).toBe(1);
    expect(r.signals.name.firstNameJW).toBe(1);
  });
  it('initials', () => {
    const r = score('M. Abdulrahman Alharbi', 'Mohammed Abdulrahman Alharbi');
    expect(r.percentage).toBeGreaterThanOrEqual(80);
    expect(r.signals.name.firstNameJW).toBe(0.9);
  });
  it('one typo', () => {
    expect(score('Mohammed Abdulrahman Alharbe', 'Mohammed Abdulrahman Alharbi').percentage).toBeGreaterThanOrEqual(90);
  });
  it('reports the alias that matched', () => {
    const r = score('Abu Khalid al-Dawsari', ['Abdullah Khalid Al-Dosari', 'Abu Khalid al-Dawsari']);
    expect(r.matchedAlias).toBe('Abu Khalid al-Dawsari');
  });
});

describe('false-positive controls', () => {
  it('a common first name alone does not match', () => {
    expect(score('Mohammed', 'Mohammed Ali Hassan').recommendation).toBe('NoMatch');
    expect(score('محمد', 'Mohammed Ali Hassan').recommendation).toBe('NoMatch');
  });
  it('legal-form words alone never match', () => {
    const org = (q: string, e: string) => scoreEntry({ name: q, type: 'Organization' }, entry(e, { type: 'Organization' }));
    expect(org('CORP', 'Gazprom Corp').percentage).toBe(0);
    expect(org('Trading Co. LLC', 'Al Noor Trading Co. LLC').recommendation).toBe('NoMatch');
    expect(org('شركة', 'شركة النور للصرافة').percentage).toBe(0);
  });
  it('different people sharing a family name', () => {
    expect(score('Khalid Alharbi', 'Mohammed Alharbi').recommendation).toBe('NoMatch');
    expect(score('Saad Fahad Alqahtani', 'Saad Nasser Alqahtani').recommendation).toBe('NoMatch');
  });
  it('Abdullah is not Abdulrahman', () => {
    expect(score('Hussein Abdullah Al-Dosari', 'Hussein Abdulrahman Al-Dosari').recommendation).toBe('NoMatch');
  });
  it('distinct dictionary names with one skeleton stay apart (Hassan / Hussein)', () => {
    expect(score('Hassan Ali', 'Hussein Ali').recommendation).toBe('NoMatch');
  });
  it('organizations with different distinctive words', () => {
    const r = scoreEntry({ name: 'Acme Trading LLC', type: 'Organization' }, entry('Al Rajhi Trading LLC', { type: 'Organization' }));
    expect(r.recommendation).toBe('NoMatch');
  });
  it('Arabic and Latin organization names with legal forms', () => {
    const r = scoreEntry({ name: 'Al Rajhi Trading Company', type: 'Organization' }, entry('شركة الراجحي للتجارة', { type: 'Organization' }));
    expect(r.recommendation).not.toBe('NoMatch');
  });
});

describe('secondary signals', () => {
  it('exact DOB raises, year-only is partial, conflict lowers', () => {
    const base = score('Mohammed Alharbi', 'Mohammed Abdulrahman Alharbi').matchingScore;
    const exact = score('Mohammed Alharbi', 'Mohammed Abdulrahman Alharbi', { dobs: ['1975-03-14'] }, { dob: '1975-03-14' });
    const year = score('Mohammed Alharbi', 'Mohammed Abdulrahman Alharbi', { dobs: ['1975'] }, { dob: '1975-03-14' });
    const conflict = score('Mohammed Alharbi', 'Mohammed Abdulrahman Alharbi', { dobs: ['1950-01-01'] }, { dob: '1975-03-14' });
    expect(exact.signals.dob).toEqual({ score: 1, neglectScore: false });
    expect(year.signals.dob).toEqual({ score: 0.8, neglectScore: false });
    expect(exact.matchingScore).toBeGreaterThan(year.matchingScore);
    expect(year.matchingScore).toBeGreaterThan(base);
    expect(conflict.matchingScore).toBeLessThan(base);
    expect(conflict.reasons).toContain('DobMismatch');
    expect(score('Mohammed Alharbi', 'Mohammed Alharbi').signals.dob).toEqual({ score: 0, neglectScore: true });
  });
  it('Hijri and Gregorian dates of birth are equivalent', () => {
    const g = { year: 1979, month: 6, day: 30 };
    const h = gregorianToHijri(g);
    expect(hijriToGregorian(h)).toEqual(g);
    const r = score(
      'Yousef Al-Qahtani',
      'Yousef Al-Qahtani',
      { dobHijri: `${h.year}-${String(h.month).padStart(2, '0')}-${String(h.day).padStart(2, '0')}` },
      { dob: '1979-06-30' },
    );
    expect(r.signals.dob.score).toBe(1);
  });
  it('gender and nationality', () => {
    const r = score('Fatima Alzahrani', 'Fatimah Al-Zahrani', { gender: 'Female', nationalityCode: 'SA' }, { gender: 'Male', nationalityCode: 'SA' });
    expect(r.signals.gender).toEqual({ score: 0, neglectScore: false });
    expect(r.signals.nationality).toEqual({ score: 1, neglectScore: false });
    expect(r.reasons).toContain('GenderMismatch');
    expect(r.signals.location.neglectScore).toBe(true);
  });
  it('identity number matched exactly after normalization → AutoMatch', () => {
    const r = score(
      'Someone Else',
      'Mohammed Alharbi',
      { identities: [{ type: 'Passport', number: 'G 551-2093' }] },
      { identities: [{ type: 'Passport', number: 'g5512093' }] },
    );
    expect(r.signals.identity).toEqual({ matched: true, number: 'G 551-2093', label: 'Passport' });
    expect(r.recommendation).toBe('AutoMatch');
    expect(r.percentage).toBe(100);
    expect(r.criteria).toBe('Identity');
    const ar = score('x', 'Mohammed Alharbi', { identities: [{ type: 'NationalIdentity', number: '1023456789' }] }, { identities: [{ number: '١٠٢٣٤٥٦٧٨٩' }] });
    expect(ar.signals.identity.matched).toBe(true);
  });
  it('conflicting identity numbers of the same type lower the score', () => {
    const ok = score('Mohammed Abdulrahman Alharbi', 'Mohammed Abdulrahman Alharbi');
    const c = score(
      'Mohammed Abdulrahman Alharbi',
      'Mohammed Abdulrahman Alharbi',
      { identities: [{ type: 'NationalIdentity', number: '1000000001' }] },
      { identities: [{ type: 'NationalIdentity', number: '1999999999' }] },
    );
    expect(c.matchingScore).toBeLessThan(ok.matchingScore);
    expect(c.reasons).toContain('IdentityConflict');
    expect(c.recommendation).not.toBe('AutoMatch');
  });
  it('thresholds are per tenant', () => {
    const t = resolveThresholds({ review: 95, autoMatch: 99 });
    expect(t.review).toBe(0.95);
    expect(scoreEntry({ name: 'Mohammed Alharbi' }, entry('Mohammed Abdulrahman Alharbi'), t).recommendation).toBe('NoMatch');
    expect(resolveThresholds({ review: 'x', autoMatch: -1 })).toMatchObject({ review: 0.8, autoMatch: 0.95 });
  });
  it('riskScore weighs the source', () => {
    const a = scoreEntry({ name: 'Mohammed Alharbi' }, entry('Mohammed Abdulrahman Alharbi'));
    const c = scoreEntry({ name: 'Mohammed Alharbi' }, entry('Mohammed Abdulrahman Alharbi', { source: 'Custom' }));
    expect(c.riskScore).toBeLessThan(a.riskScore);
  });
});
