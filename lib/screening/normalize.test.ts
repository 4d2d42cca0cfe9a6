import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeArabic } from './arabic';
import { normalizeName, normalizeText } from './normalize';
import { skeleton, blockingCode } from './phonetic';
import { transliterateArabicToken, transliterateLetters } from './transliterate';
import { jaroWinkler } from './jaro-winkler';

const keys = (s: string, type: 'Individual' | 'Organization' = 'Individual') => normalizeName(s, type).tokens.map((t) => t.key);

describe('Arabic normalization', () => {
  it('removes tashkeel and tatweel', () => {
    expect(normalizeArabic('مُحَمَّد')).toBe('محمد');
    expect(normalizeArabic('محـــمد')).toBe('محمد');
  });
  it('unifies alef and hamza forms, taa marbuta and alef maqsura', () => {
    expect(normalizeArabic('أحمد إبراهيم آمنة')).toBe('احمد ابراهيم امنه');
    expect(normalizeArabic('مؤمن هانئ')).toBe('مومن هاني');
    expect(normalizeArabic('فاطمة')).toBe('فاطمه');
    expect(normalizeArabic('مصطفى')).toBe('مصطفي');
  });
  it('converts Arabic-Indic and Eastern Arabic-Indic digits', () => {
    expect(normalizeArabic('١٢٣٤٥٦٧٨٩٠')).toBe('1234567890');
    expect(normalizeArabic('۱۲۳')).toBe('123');
  });
});

describe('Latin normalization', () => {
  it('folds case, diacritics and punctuation', () => {
    expect(normalizeText("José MÜLLER-Lüdenscheidt, O'Brien")).toBe('jose muller ludenscheidt obrien');
    expect(normalizeText('Ḥusayn ʿAbd')).toBe('husayn abd');
  });
});

describe('name particles and honorifics', () => {
  it('drops al-/el-, bin/ibn/bint and honorifics', () => {
    expect(keys('Dr. Abdullah bin Saud Al-Harbi')).toEqual(['abdla', 'saud', 'harbi']);
    expect(keys('Sheikh Khalid ibn Walid El Harbi')).toEqual(['khalid', 'walid', 'harbi']);
    expect(keys('Fatima bint Ahmed Alzahrani')).toEqual(['fatima', 'ahmad', 'zahrani']);
    expect(keys('الشيخ عبدالله بن سعود الحربي')).toEqual(['abdla', 'saud', 'harbi']);
  });
  it('glues abd/abdul + following word in every spelling and script', () => {
    for (const s of ['Abdulrahman', 'Abd Al-Rahman', 'Abdel Rahman', 'Abdurrahman', 'Abd al Rahman', 'عبد الرحمن', 'عبدالرحمن']) {
      expect(keys(s)).toEqual(['abdrahman']);
    }
  });
  it('glues abu + following word', () => {
    expect(keys('Abu Bakr al-Baghdadi')).toEqual(keys('أبو بكر البغدادي'));
  });
  it('maps the Mohammed family to one key', () => {
    for (const s of ['Mohammed', 'Muhammad', 'Mohamad', 'Mohamed', 'Mohd', 'Muhammed', 'محمد', 'مُحَمَّد']) expect(keys(s)).toEqual(['muhammad']);
  });
  it('keeps Latin names starting with al/el that are not the article', () => {
    expect(keys('Alexander Albert')).toEqual(['alexander', 'albert']);
  });
  it('flags legal-form and generic words of organizations', () => {
    const n = normalizeName('Al Rajhi Trading Co. LLC', 'Organization');
    expect(n.tokens.map((t) => [t.key, t.legal, t.generic])).toEqual([
      ['rajhi', false, false],
      ['trading', false, true],
      ['co', true, false],
      ['llc', true, false],
    ]);
    const a = normalizeName('شركة الراجحي للتجارة', 'Organization');
    expect(a.tokens.map((t) => [t.key, t.legal, t.generic])).toEqual([
      [a.tokens[0]!.key, true, false],
      ['rajhi', false, false],
      [a.tokens[2]!.key, false, true],
    ]);
  });
  it('reads dotted legal forms (ذ.م.م, L.L.C., W.L.L) as one legal word, not as letters of the name', () => {
    const legalFlags = (s: string) => normalizeName(s, 'Organization').tokens.map((t) => [t.key, t.legal]);
    expect(legalFlags('شركة النور للصرافة ذ.م.م')).toEqual([...legalFlags('شركة النور للصرافة'), [expect.any(String), true]]);
    expect(legalFlags('Al Noor Exchange L.L.C.')).toEqual(legalFlags('Al Noor Exchange LLC'));
    expect(legalFlags('Gulf Star W. L. L')).toEqual(legalFlags('Gulf Star WLL'));
    // Dotted letters that are no legal form stay letters, and a person's initials are untouched.
    expect(legalFlags('Q.R. Holdings')).toEqual([
      ['q', false],
      ['r', false],
      ['holdings', false],
    ]);
    expect(normalizeName('J.M. Carter').tokens.map((t) => [t.key, t.initial])).toEqual([
      ['j', true],
      ['m', true],
      ['carter', false],
    ]);
  });
});

describe('transliteration', () => {
  it('uses the dictionary for frequent names', () => {
    expect(transliterateArabicToken('محمد')).toEqual({ key: 'muhammad', vowelPoor: false });
    expect(transliterateArabicToken(normalizeArabic('يوسف'))).toEqual({ key: 'yusuf', vowelPoor: false });
  });
  it('transliterates other names letter by letter', () => {
    expect(transliterateLetters('حربي')).toBe('hrbi');
    expect(transliterateLetters('راجحي')).toBe('rajhi');
    expect(transliterateArabicToken('زبيدي').vowelPoor).toBe(true);
  });
  it('gives Arabic and Latin spellings the same consonant skeleton', () => {
    expect(normalizeName('الزبيدي').tokens[0]!.skel).toBe(normalizeName('Al-Zubaidi').tokens[0]!.skel);
    expect(normalizeName('القرضاوي').tokens[0]!.skel).toBe(normalizeName('Qaradawi').tokens[0]!.skel);
  });
});

describe('phonetic skeleton', () => {
  it('drops vowels and folds consonant classes', () => {
    expect(skeleton('muhammad')).toBe('MHMD');
    expect(skeleton('mohamed')).toBe('MHMD');
    expect(skeleton('khalid')).toBe('XLD');
    expect(skeleton('khaled')).toBe('XLD');
    expect(skeleton('qasim')).toBe(skeleton('kasim'));
    expect(skeleton('fatimah')).toBe(skeleton('fatima'));
    expect(skeleton('yusuf')).toBe('YSF');
    expect(skeleton('walid')).toBe('WLD');
  });
  it('blocking code is a 4-character prefix', () => {
    expect(blockingCode('abdrahman')).toBe('BDRH');
  });
  it('never returns an empty code', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z0-9]{1,12}$/), (s) => skeleton(s).length > 0));
  });
});

describe('Jaro-Winkler', () => {
  it('matches known values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('abc', 'abc')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'a')).toBe(0);
  });
  it('is symmetric and bounded', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const x = jaroWinkler(a, b);
        return x >= 0 && x <= 1 && Math.abs(x - jaroWinkler(b, a)) < 1e-9;
      }),
    );
  });
});
