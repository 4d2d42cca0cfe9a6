import { describe, expect, it } from 'vitest';
import { createTranslator, type AbstractIntlMessages } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { formDraftInput, type FormDraftInput } from '@/lib/kyc/schemas';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { describeProblem, problemsFromServer, problemsOf, type KycTranslator, type Problem } from './builder-problems';
import { newOption, newQuestion } from './question-editor';

// Untyped keys, as the app's own useTranslations has (no global message types are declared).
const kyc = (locale: 'en' | 'ar') =>
  createTranslator({ locale, messages: (locale === 'ar' ? ar : en) as AbstractIntlMessages, namespace: 'kyc' }) as unknown as KycTranslator;

// Questions and options as the builder adds them: names and labels still empty, two empty options.
const draft = (): FormDraftInput => ({
  type: 'Kyc',
  nameEn: 'Onboarding',
  nameAr: 'فتح الحساب',
  passMark: null,
  requestType: null,
  source: null,
  sections: [{ nameEn: 'Identity', nameAr: 'الهوية', weights: { Retail: 10, Professional: 10, Institutional: 10 }, questions: [newQuestion()] }],
});

/** The builder's own resolver: the error tree react-hook-form holds after a refused save. */
async function errorsOf(values: FormDraftInput) {
  const result = await zodResolver(formDraftInput)(values, undefined, { fields: {}, names: ['sections'], shouldUseNativeValidation: false });
  return result.errors;
}

describe('the form builder’s error banner', () => {
  it('finds every refused field of a new, empty question by its path', async () => {
    const problems = problemsOf(await errorsOf(draft()));
    expect(problems.map((p) => p.path).sort()).toEqual(
      [
        'sections.0.questions.0.labelAr',
        'sections.0.questions.0.labelEn',
        'sections.0.questions.0.nameAr',
        'sections.0.questions.0.nameEn',
        'sections.0.questions.0.options.0.nameAr',
        'sections.0.questions.0.options.0.nameEn',
        'sections.0.questions.0.options.1.nameAr',
        'sections.0.questions.0.options.1.nameEn',
      ].sort(),
    );
    expect(new Set(problems.map((p) => p.type))).toEqual(new Set(['too_small']));
  });

  it('keeps array-level errors (under root) and a field named `type`', () => {
    const tree = {
      sections: { root: { type: 'too_big', message: 'Too big', ref: undefined }, 0: { questions: { 1: { type: { type: 'invalid_value', message: 'x' } } } } },
    };
    expect(problemsOf(tree)).toEqual([
      { path: 'sections', type: 'too_big', message: 'Too big' },
      { path: 'sections.0.questions.1.type', type: 'invalid_value', message: 'x' },
    ]);
  });

  it('says where each problem is, in the page’s language, without developer paths', () => {
    const option = { path: 'sections.0.questions.0.options.0.nameEn', type: 'too_small' };
    expect(describeProblem(kyc('en'), option)).toBe('Section 1 › Question 1 › Option 1 › Name in English: Required.');
    expect(describeProblem(kyc('ar'), option)).toBe('القسم 1 › السؤال 1 › الخيار 1 › الاسم بالإنجليزية: هذا الحقل مطلوب.');
    expect(describeProblem(kyc('en'), { path: 'sections.1.weights.Professional', type: 'too_big' })).toBe(
      'Section 2 › Weight (Professional): Must be at most 100.',
    );
    expect(describeProblem(kyc('ar'), { path: 'sections.0.questions.2.options.1.scores.Retail.suitabilityScore', type: 'invalid_type' })).toBe(
      'القسم 1 › السؤال 3 › الخيار 2 › نقاط الملاءمة (أفراد): هذا الحقل مطلوب.',
    );
    expect(describeProblem(kyc('en'), { path: 'sections.0.questions.0.labelEn', type: 'too_small' })).toBe(
      'Section 1 › Question 1 › Question text in English: Required.',
    );
    expect(describeProblem(kyc('ar'), { path: 'nameAr', type: 'too_small' })).toBe('الاسم بالعربية: هذا الحقل مطلوب.');
    // A field the banner has no name for still says where, never the raw path.
    expect(describeProblem(kyc('en'), { path: 'sections.0.questions.0.options.0.id', type: 'custom' })).toBe('Section 1 › Question 1 › Option 1: Not valid.');
    expect(describeProblem(kyc('ar'), { path: '', type: 'custom' })).toBe('بيانات النموذج: القيمة غير صالحة.');
  });

  it('counts the problems with the plural forms of each language', () => {
    expect(kyc('en')('builder.summary.count', { n: 1 })).toBe('1 field needs attention:');
    expect(kyc('en')('builder.summary.count', { n: 3 })).toBe('3 fields need attention:');
    expect(kyc('ar')('builder.summary.count', { n: 2 })).toBe('حقلان يحتاجان إلى تصحيح:');
    expect(kyc('ar')('builder.summary.count', { n: 3 })).toBe('3 حقول تحتاج إلى تصحيح:');
  });

  it('reads the API’s validation errors back into paths and issue codes', () => {
    expect(
      problemsFromServer([
        'sections.0.questions.0.options.0.nameEn: Too small: expected string to have >=1 characters',
        'sections.0.weights.Retail: Too big: expected number to be <=100',
        'sections.0.questions.0.options.1.min: the range overlaps another option of this question',
        '(body): objects and arrays nested more than 64 deep',
      ]),
    ).toEqual([
      { path: 'sections.0.questions.0.options.0.nameEn', type: 'too_small', message: 'Too small: expected string to have >=1 characters' },
      { path: 'sections.0.weights.Retail', type: 'too_big', message: 'Too big: expected number to be <=100' },
      { path: 'sections.0.questions.0.options.1.min', type: 'custom', message: 'the range overlaps another option of this question' },
    ]);
  });

  it('says what is wrong with a number, with the schema’s limits, and "Required." only for an empty field', async () => {
    const values = draft();
    values.sections[0]!.questions = [];
    const at = (problems: Problem[], path: string) => problems.filter((p) => p.path === path);
    const describe = async (locale: 'en' | 'ar', change: (d: FormDraftInput) => void) => {
      const d = structuredClone(values);
      change(d);
      return problemsOf(await errorsOf(d)).map((p) => describeProblem(kyc(locale), p));
    };
    expect(await describe('en', (d) => (d.sections[0]!.weights.Retail = -5))).toEqual(['Section 1 › Weight (Retail): Must be at least 0.']);
    expect(await describe('en', (d) => (d.sections[0]!.weights.Retail = 2.5))).toEqual([
      'Section 1 › Weight (Retail): Enter a whole number, without decimals.',
    ]);
    expect(await describe('en', (d) => (d.sections[0]!.weights.Retail = 150))).toEqual(['Section 1 › Weight (Retail): Must be at most 100.']);
    // An empty number input: NaN (valueAsNumber) or null (optionalNumber).
    expect(await describe('en', (d) => (d.sections[0]!.weights.Retail = NaN))).toEqual(['Section 1 › Weight (Retail): Required.']);
    expect(await describe('ar', (d) => (d.sections[0]!.weights.Retail = -5))).toEqual(['القسم 1 › الوزن (أفراد): يجب ألا تقل القيمة عن 0.']);
    expect(await describe('ar', (d) => (d.sections[0]!.weights.Institutional = 2.5))).toEqual(['القسم 1 › الوزن (مؤسسي): أدخل عددًا صحيحًا دون كسور عشرية.']);
    expect(await describe('ar', (d) => (d.sections[0]!.weights.Professional = 150))).toEqual(['القسم 1 › الوزن (محترف): يجب ألا تزيد القيمة على 100.']);
    expect(await describe('en', (d) => (d.passMark = 100001))).toEqual(expect.arrayContaining(['Suitability pass mark: Must be at most 100000.']));

    const question = { ...newQuestion(), nameEn: 'q', nameAr: 'س', labelEn: 'Q?', labelAr: 'س؟', subweights: -2 };
    question.options = [{ ...newOption(), nameEn: 'Yes', nameAr: 'نعم' }];
    question.options[0]!.scores.Retail.suitabilityScore = 1001;
    const problems = problemsOf(await errorsOf({ ...values, sections: [{ ...values.sections[0]!, questions: [question] }] }));
    expect(at(problems, 'sections.0.questions.0.subweights').map((p) => describeProblem(kyc('en'), p))).toEqual([
      'Section 1 › Question 1 › Sub-weight: Must be at least 0.',
    ]);
    expect(at(problems, 'sections.0.questions.0.options.0.scores.Retail.suitabilityScore').map((p) => describeProblem(kyc('ar'), p))).toEqual([
      'القسم 1 › السؤال 1 › الخيار 1 › نقاط الملاءمة (أفراد): يجب ألا تزيد القيمة على 1000.',
    ]);
    // Text too long, and the same wording for what the API refuses.
    expect(describeProblem(kyc('en'), { path: 'nameEn', type: 'too_big', message: 'Too big: expected string to have <=200 characters' })).toBe(
      'Name in English: Too long: at most 200 characters.',
    );
    expect(problemsFromServer(['sections.0.weights.Retail: Invalid input: expected int, received number']).map((p) => describeProblem(kyc('en'), p))).toEqual([
      'Section 1 › Weight (Retail): Enter a whole number, without decimals.',
    ]);
    expect(describeProblem(kyc('en'), { path: 'sections', type: 'too_big' })).toBe('Sections: Too many: at most 50.');
  });
});
