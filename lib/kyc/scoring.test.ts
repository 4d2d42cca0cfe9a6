import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeKycScore,
  LEVEL_POINTS,
  levelForScore,
  RISK_LEVELS,
  type AnswerInput,
  type Classification,
  type FormInput,
  type OptionInput,
  type QuestionInput,
  type RiskLevel,
  type ScoringInput,
} from './scoring';

// Hand-computed expectations for every rule of decisions.md's formula. Points: Low 1, Medium 2,
// High 3; a question's points = highest chosen option's points × subweights; a section's score is the
// sum over answered questions and its maxScore 3 × their subweights; riskScore = 100 × Σ(w × s/m) / Σw.

const opt = (id: string, riskLevel: RiskLevel, extra: Partial<{ override: boolean; blocking: boolean; suitabilityScore: number }> = {}): OptionInput => ({
  id,
  scores: { Retail: { riskLevel, override: false, blocking: false, suitabilityScore: 0, ...extra } },
});
const q = (id: string, options: OptionInput[], subweights = 1, category: string | null = null): QuestionInput => ({ id, category, subweights, options });
const section = (id: string, weight: number | Partial<Record<Classification, number>>, questions: QuestionInput[], formId = 'f-kyc') => ({
  id,
  formId,
  nameEn: id,
  nameAr: id,
  weights: typeof weight === 'number' ? { Retail: weight } : weight,
  questions,
});
const form = (id: string, type: string, sections: FormInput['sections'], passMark: number | null = null): FormInput => ({ id, type, passMark, sections });
const answers = (...list: AnswerInput[]) => new Map(list.map((a) => [a.questionId, a]));
const pick = (questionId: string, ...optionIds: string[]): AnswerInput => ({ questionId, optionIds });

function input(partial: Partial<ScoringInput> & Pick<ScoringInput, 'forms' | 'answers'>): ScoringInput {
  return {
    classification: 'Retail',
    countryGrades: new Map(),
    thresholds: { mediumFrom: 40, highFrom: 70 },
    matches: { local: 0, public: 0, caseIds: [] },
    ...partial,
  };
}

// A two-section Kyc form: identity (weight 1) and funds (weight 3).
const identity = section('identity', 1, [q('q1', [opt('q1-low', 'Low'), opt('q1-high', 'High')]), q('q2', [opt('q2-med', 'Medium'), opt('q2-high', 'High')])]);
const funds = section('funds', 3, [q('q3', [opt('q3-low', 'Low'), opt('q3-med', 'Medium'), opt('q3-high', 'High')], 2)]);
const kycForm = form('f-kyc', 'Kyc', [identity, funds]);

describe('computeKycScore: rules with hand-computed expectations', () => {
  it('weights sections per classification and subweights questions', () => {
    // identity: q1 Low (1) + q2 Medium (2) = 3 of 6; funds: q3 Medium (2) × 2 = 4 of 6.
    // 100 × (1 × 3/6 + 3 × 4/6) / (1 + 3) = 100 × (0.5 + 2) / 4 = 62.50 → Medium.
    const result = computeKycScore(input({ forms: [kycForm], answers: answers(pick('q1', 'q1-low'), pick('q2', 'q2-med'), pick('q3', 'q3-med')) }));
    expect(result.riskScore).toBe('62.50');
    expect(result.riskLevel).toBe('Medium');
    expect(result.riskBreakdown.map((s) => [s.sectionId, s.weight, s.score, s.maxScore])).toEqual([
      ['identity', 1, '3', '6'],
      ['funds', 3, '4', '6'],
    ]);
    expect(result.riskBreakdown[1]!.questions[0]).toMatchObject({ questionId: 'q3', points: 4, maxPoints: 6, subweights: 2, optionIds: ['q3-med'] });
    expect(result.overrideReasons).toEqual([]);
  });

  it('uses the weights of the KYC classification', () => {
    const forms = [
      form('f', 'Kyc', [
        section('a', { Retail: 1, Institutional: 0 }, [q('qa', [opt('a1', 'High')])]),
        section('b', { Retail: 1, Institutional: 5 }, [q('qb', [opt('b1', 'Low')])]),
      ]),
    ];
    const both = answers(pick('qa', 'a1'), pick('qb', 'b1'));
    // Retail: (1 × 3/3 + 1 × 1/3) / 2 = 66.67. Institutional options have no score: nothing counts.
    expect(computeKycScore(input({ forms, answers: both })).riskScore).toBe('66.67');
    const inst = forms.map((f) => ({
      ...f,
      sections: f.sections.map((s) => ({
        ...s,
        questions: s.questions.map((qq) => ({ ...qq, options: qq.options.map((o) => ({ ...o, scores: { Institutional: o.scores.Retail! } })) })),
      })),
    }));
    // Institutional: section a has weight 0, so only b counts: 100 × 1/3 = 33.33.
    expect(computeKycScore(input({ classification: 'Institutional', forms: inst, answers: both })).riskScore).toBe('33.33');
  });

  it('counts only answered questions: an unanswered section is listed with 0 of 0 and left out of the average', () => {
    const result = computeKycScore(input({ forms: [kycForm], answers: answers(pick('q3', 'q3-high')) }));
    expect(result.riskBreakdown.map((s) => [s.score, s.maxScore])).toEqual([
      ['0', '0'],
      ['6', '6'],
    ]);
    expect(result.riskScore).toBe('100.00');
    expect(computeKycScore(input({ forms: [kycForm], answers: answers() })).riskScore).toBe('0.00');
  });

  it('multiple choice: the highest chosen option counts', () => {
    const multi = form('f', 'Kyc', [section('s', 1, [q('m', [opt('m-low', 'Low'), opt('m-med', 'Medium'), opt('m-high', 'High')], 3)])]);
    const result = computeKycScore(input({ forms: [multi], answers: answers(pick('m', 'm-low', 'm-med')) }));
    expect(result.riskBreakdown[0]).toMatchObject({ score: '6', maxScore: '9' }); // Medium 2 × 3 of 3 × 3
    expect(result.riskScore).toBe('66.67');
  });

  it('Nationality questions take the country grade from the country-risk table', () => {
    const nat = form('f', 'Kyc', [section('s', 1, [q('nat', [], 2, 'Nationality'), q('pep', [opt('pep-no', 'Low')])])]);
    const grades = new Map<string, RiskLevel>([
      ['SA', 'Low'],
      ['KW', 'Medium'],
      ['IR', 'High'],
    ]);
    const score = (code: string) =>
      computeKycScore(
        input({ forms: [nat], countryGrades: grades, answers: answers({ questionId: 'nat', optionIds: [], countryCode: code }, pick('pep', 'pep-no')) }),
      );
    // (grade × 2 + 1) of (6 + 3): SA 3/9 = 33.33, KW 5/9 = 55.56, IR 7/9 = 77.78.
    expect(score('SA').riskScore).toBe('33.33');
    expect(score('KW').riskScore).toBe('55.56');
    expect(score('IR')).toMatchObject({ riskScore: '77.78', riskLevel: 'High' });
    expect(score('IR').riskBreakdown[0]!.questions[0]).toMatchObject({ countryCode: 'IR', countryGrade: 'High', points: 6 });
    // A code the table does not hold gives no points (1 of 3 → 33.33) and says so.
    expect(score('XX').riskBreakdown[0]!.questions[0]).toMatchObject({ countryCode: 'XX', countryGrade: null, points: null });
    expect(score('XX').riskScore).toBe('33.33');
  });

  it('an override option raises the level to at least its own, never lowers it', () => {
    const f = form('f', 'Kyc', [
      section('s', 1, [q('a', [opt('a-low', 'Low')]), q('pep', [opt('pep-yes', 'High', { override: true }), opt('pep-no', 'Low')])]),
    ]);
    // Score (1 + 3) of 6 = 66.67 → Medium; the PEP override makes it High.
    const result = computeKycScore(input({ forms: [f], answers: answers(pick('a', 'a-low'), pick('pep', 'pep-yes')) }));
    expect(result).toMatchObject({ riskScore: '66.67', scoreLevel: 'Medium', riskLevel: 'High', blocked: false });
    expect(result.overrideReasons).toEqual([{ category: 'Question', case: null, question: 'pep', riskLevel: 'High' }]);
    // A Medium override on a High score leaves it High (recorded all the same).
    const g = form('g', 'Kyc', [section('s', 1, [q('h', [opt('h-high', 'High')]), q('o', [opt('o-med', 'Medium', { override: true })])])]);
    const high = computeKycScore(input({ forms: [g], answers: answers(pick('h', 'h-high'), pick('o', 'o-med')) }));
    expect(high.riskLevel).toBe('High');
    expect(high.overrideReasons).toHaveLength(1);
  });

  it('a blocking option makes the level High and blocks completion', () => {
    const f = form('f', 'Kyc', [section('s', 1, [q('src', [opt('src-salary', 'Low'), opt('src-unexplained', 'Low', { blocking: true })])])]);
    const result = computeKycScore(input({ forms: [f], answers: answers(pick('src', 'src-unexplained')) }));
    expect(result).toMatchObject({ riskScore: '33.33', scoreLevel: 'Low', riskLevel: 'High', blocked: true });
    expect(result.overrideReasons).toEqual([{ category: 'Blocking', case: null, question: 'src', riskLevel: 'High' }]);
  });

  it('open screening matches make it High, one reason per case', () => {
    const low = answers(pick('q1', 'q1-low'), pick('q2', 'q2-med'), pick('q3', 'q3-low'));
    const clear = computeKycScore(input({ forms: [kycForm], answers: low }));
    expect(clear.riskLevel).toBe('Low'); // (1 × 3/6 + 3 × 2/6) / 4 = 37.50
    expect(clear.riskScore).toBe('37.50');
    const matched = computeKycScore(input({ forms: [kycForm], answers: low, matches: { local: 1, public: 2, caseIds: ['case-1', 'case-2'] } }));
    expect(matched).toMatchObject({ riskScore: '37.50', riskLevel: 'High', localMatchCount: 1, publicMatchCount: 2 });
    expect(matched.overrideReasons).toEqual([
      { category: 'Case', case: 'case-1', question: null, riskLevel: 'High' },
      { category: 'Case', case: 'case-2', question: null, riskLevel: 'High' },
    ]);
    const noCase = computeKycScore(input({ forms: [kycForm], answers: low, matches: { local: 0, public: 1, caseIds: [] } }));
    expect(noCase.overrideReasons).toEqual([{ category: 'Case', case: null, question: null, riskLevel: 'High' }]);
  });

  it('suitability: the sum of the chosen options on the Suitability form against its pass mark, outside the risk score', () => {
    const suit = form(
      'f-suit',
      'Suitability',
      [
        section('exp', 1, [q('years', [opt('y0', 'Low', { suitabilityScore: 0 }), opt('y5', 'Low', { suitabilityScore: 10 })])], 'f-suit'),
        section(
          'tol',
          1,
          [
            q('tol', [
              opt('t-low', 'Low', { suitabilityScore: 5 }),
              opt('t-high', 'High', { suitabilityScore: 20 }),
              opt('t-mid', 'Low', { suitabilityScore: 7 }),
            ]),
          ],
          'f-suit',
        ),
      ],
      25,
    );
    const a = computeKycScore(input({ forms: [kycForm, suit], answers: answers(pick('q1', 'q1-low'), pick('years', 'y5'), pick('tol', 't-high', 't-mid')) }));
    expect(a).toMatchObject({ suitabilityScore: '37', suitabilitySucceeded: true }); // 10 + 20 + 7 ≥ 25
    expect(a.riskScore).toBe('33.33'); // only q1 counts for risk
    expect(a.riskBreakdown.map((s) => s.sectionId)).toEqual(['identity', 'funds']);
    const b = computeKycScore(input({ forms: [suit], answers: answers(pick('years', 'y0'), pick('tol', 't-low')) }));
    expect(b).toMatchObject({ suitabilityScore: '5', suitabilitySucceeded: false });
    expect(computeKycScore(input({ forms: [kycForm, suit], answers: answers(pick('q1', 'q1-low')) }))).toMatchObject({
      suitabilityScore: null,
      suitabilitySucceeded: null,
    });
  });

  it('thresholds: Low < 40 ≤ Medium < 70 ≤ High by default, per tenant otherwise', () => {
    expect(['39.99', '40.00', '69.99', '70.00'].map((s) => levelForScore(Number(s), { mediumFrom: 40, highFrom: 70 }))).toEqual([
      'Low',
      'Medium',
      'Medium',
      'High',
    ]);
    const low = answers(pick('q1', 'q1-low'), pick('q2', 'q2-med'), pick('q3', 'q3-low')); // 37.50
    expect(computeKycScore(input({ forms: [kycForm], answers: low, thresholds: { mediumFrom: 30, highFrom: 37.5 } })).riskLevel).toBe('High');
    expect(computeKycScore(input({ forms: [kycForm], answers: low, thresholds: { mediumFrom: 30, highFrom: 60 } })).riskLevel).toBe('Medium');
  });

  it('rounds half up exactly (no floating-point drift): 100 × 1/8 = 12.50, 2/3 = 66.67, 1/6 = 16.67', () => {
    // Weights 1 and 7: a scores 1 of 3, b 3 of 3 → 100 × (1/3 + 7) / 8 = 91.666… → 91.67
    const f = form('f', 'Kyc', [section('a', 1, [q('a', [opt('a1', 'Low')])]), section('b', 7, [q('b', [opt('b3', 'High')])])]);
    expect(computeKycScore(input({ forms: [f], answers: answers(pick('a', 'a1'), pick('b', 'b3')) })).riskScore).toBe('91.67');
    const g = form('g', 'Kyc', [section('a', 1, [q('a', [opt('a2', 'Medium')], 1), q('b', [opt('b1', 'Low')], 7)])]);
    // (2 + 7) of (3 + 21) = 9/24 = 37.50
    expect(computeKycScore(input({ forms: [g], answers: answers(pick('a', 'a2'), pick('b', 'b1')) })).riskScore).toBe('37.50');
  });

  it('ignores forms that are not risk forms and options the answer did not choose', () => {
    const qi = form('f-qi', 'QualifiedInvestor', [section('qi', 10, [q('assets', [opt('big', 'High')])], 'f-qi')]);
    const result = computeKycScore(input({ forms: [kycForm, qi], answers: answers(pick('q1', 'q1-low'), pick('assets', 'big')) }));
    expect(result.riskScore).toBe('33.33');
    expect(result.riskBreakdown.map((s) => s.sectionId)).toEqual(['identity', 'funds']);
  });
});

// ---- Properties ----

const levelArb = fc.constantFrom<RiskLevel>(...RISK_LEVELS);
/** A random form: sections with weights, questions with subweights and 1–4 options each. */
const formArb = fc
  .array(
    fc.record({
      weight: fc.integer({ min: 0, max: 10 }),
      questions: fc.array(fc.record({ subweights: fc.integer({ min: 0, max: 5 }), levels: fc.array(levelArb, { minLength: 1, maxLength: 4 }) }), {
        minLength: 1,
        maxLength: 5,
      }),
    }),
    { minLength: 1, maxLength: 5 },
  )
  .map((sections): FormInput => ({
    id: 'f',
    type: 'Kyc',
    passMark: null,
    sections: sections.map((s, si) => ({
      id: `s${si}`,
      formId: 'f',
      nameEn: '',
      nameAr: '',
      weights: { Retail: s.weight },
      questions: s.questions.map((qq, qi) =>
        q(
          `s${si}q${qi}`,
          qq.levels.map((level, oi) => opt(`s${si}q${qi}o${oi}`, level)),
          qq.subweights,
        ),
      ),
    })),
  }));

const scenarioArb = formArb.chain((f) => {
  const questions = f.sections.flatMap((s) => s.questions);
  return fc
    .tuple(
      fc.constant(f),
      fc.array(fc.option(fc.nat(), { nil: undefined }), { minLength: questions.length, maxLength: questions.length }),
      fc.nat({ max: questions.length - 1 }),
    )
    .map(([form0, picks, target]) => ({ form: form0, questions, picks, target }));
});

function answersOf(questions: QuestionInput[], picks: (number | undefined)[]) {
  const map = new Map<string, AnswerInput>();
  questions.forEach((qq, i) => {
    const p = picks[i];
    if (p !== undefined) map.set(qq.id, pick(qq.id, qq.options[p % qq.options.length]!.id));
  });
  return map;
}

const rank = (level: RiskLevel) => LEVEL_POINTS[level];

describe('computeKycScore: properties', () => {
  it('riskScore stays within 0–100 with two decimals', () => {
    fc.assert(
      fc.property(scenarioArb, ({ form: f, questions, picks }) => {
        const result = computeKycScore(input({ forms: [f], answers: answersOf(questions, picks) }));
        expect(result.riskScore).toMatch(/^\d{1,3}\.\d{2}$/);
        const value = Number(result.riskScore);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }),
      { numRuns: 500 },
    );
  });

  it('choosing a higher-risk option for one question never lowers the score or the level', () => {
    fc.assert(
      fc.property(scenarioArb, ({ form: f, questions, picks, target }) => {
        const question = questions[target]!;
        const before = answersOf(questions, picks);
        const current = before.get(question.id);
        const currentLevel = current ? question.options.find((o) => o.id === current.optionIds[0])!.scores.Retail!.riskLevel : null;
        const higherOption = question.options.find((o) => (currentLevel ? rank(o.scores.Retail!.riskLevel) > rank(currentLevel) : false));
        fc.pre(Boolean(higherOption));
        const after = new Map(before).set(question.id, pick(question.id, higherOption!.id));
        const a = computeKycScore(input({ forms: [f], answers: before }));
        const b = computeKycScore(input({ forms: [f], answers: after }));
        expect(Number(b.riskScore)).toBeGreaterThanOrEqual(Number(a.riskScore));
        expect(rank(b.riskLevel)).toBeGreaterThanOrEqual(rank(a.riskLevel));
      }),
      { numRuns: 500 },
    );
  });

  it('adding a High-risk answer to an unanswered question never lowers the score or the level', () => {
    fc.assert(
      fc.property(scenarioArb, ({ form: f, questions, picks, target }) => {
        const question = questions[target]!;
        const before = answersOf(questions, picks);
        before.delete(question.id);
        const highOption = question.options.find((o) => o.scores.Retail!.riskLevel === 'High');
        fc.pre(Boolean(highOption));
        const after = new Map(before).set(question.id, pick(question.id, highOption!.id));
        const a = computeKycScore(input({ forms: [f], answers: before }));
        const b = computeKycScore(input({ forms: [f], answers: after }));
        expect(Number(b.riskScore)).toBeGreaterThanOrEqual(Number(a.riskScore));
        expect(rank(b.riskLevel)).toBeGreaterThanOrEqual(rank(a.riskLevel));
      }),
      { numRuns: 500 },
    );
  });

  it('a score is the same whenever it is recomputed from the same answers', () => {
    fc.assert(
      fc.property(scenarioArb, ({ form: f, questions, picks }) => {
        const a = computeKycScore(input({ forms: [f], answers: answersOf(questions, picks) }));
        const b = computeKycScore(input({ forms: [f], answers: answersOf(questions, picks) }));
        expect(b).toEqual(a);
      }),
      { numRuns: 100 },
    );
  });
});
