// The KYC score (decisions.md, KYC), as a pure function of the forms, the answers and the facts the
// service looks up (country grades, open screening matches, the tenant's thresholds). No database,
// no clock: the same input always gives the same score, and every number in the result can be
// recomputed by hand from `riskBreakdown` and `overrideReasons`.

export const CLASSIFICATIONS = ['Retail', 'Professional', 'Institutional'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];
export const RISK_LEVELS = ['Low', 'Medium', 'High'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** decisions.md: an option's (or a country's) risk level gives Low 1, Medium 2, High 3 points. */
export const LEVEL_POINTS: Record<RiskLevel, number> = { Low: 1, Medium: 2, High: 3 };
export const MAX_POINTS = 3;

/**
 * Forms whose answers make up the risk score. Suitability measures whether products suit the
 * prospect (suitabilityScore) and QualifiedInvestor whether they qualify; neither is AML risk.
 */
export const RISK_FORM_TYPES: ReadonlySet<string> = new Set(['Kyc', 'RiskAssessment', 'Edd', 'AdditionalInformation']);
export const SUITABILITY_FORM_TYPE = 'Suitability';

export interface OptionScoreInput {
  riskLevel: RiskLevel;
  override: boolean;
  blocking: boolean;
  suitabilityScore: number;
}

export interface OptionInput {
  id: string;
  /** The option's score per classification; an option without one for the KYC's classification gives no points. */
  scores: Partial<Record<Classification, OptionScoreInput>>;
}

export interface QuestionInput {
  id: string;
  category: string | null;
  subweights: number;
  options: OptionInput[];
}

export interface SectionInput {
  id: string;
  formId: string;
  nameEn: string;
  nameAr: string;
  /** The section's weight per classification (missing: 0, the section does not count). */
  weights: Partial<Record<Classification, number>>;
  questions: QuestionInput[];
}

export interface FormInput {
  id: string;
  type: string;
  /** Suitability forms: the pass mark of suitabilityScore. */
  passMark: number | null;
  sections: SectionInput[];
}

export interface AnswerInput {
  questionId: string;
  optionIds: readonly string[];
  /** Country questions: the ISO alpha-2 code answered. */
  countryCode?: string | null;
}

export interface ScoringInput {
  classification: Classification;
  forms: readonly FormInput[];
  /** The latest answer of each question. */
  answers: ReadonlyMap<string, AnswerInput>;
  /** Grade of each country code (the country-risk table); codes it lacks give no points. */
  countryGrades: ReadonlyMap<string, RiskLevel>;
  /** decisions.md: Low < mediumFrom ≤ Medium < highFrom ≤ High (default 40 and 70). */
  thresholds: { mediumFrom: number; highFrom: number };
  /** The entity's open screening matches: local (Custom list) and public (ListSourceA/B), and their cases. */
  matches: { local: number; public: number; caseIds: readonly string[] };
}

export interface QuestionBreakdown {
  questionId: string;
  /** Highest points among the chosen options (or the country's) × subweights; null when the answer gives none. */
  points: number | null;
  maxPoints: number;
  subweights: number;
  optionIds: string[];
  countryCode: string | null;
  countryGrade: RiskLevel | null;
}

export interface SectionBreakdown {
  sectionId: string;
  formId: string;
  nameEn: string;
  nameAr: string;
  weight: number;
  /** Sum of the answered questions' points, as a decimal string. */
  score: string;
  /** 3 × the sum of the answered questions' subweights, as a decimal string. */
  maxScore: string;
  questions: QuestionBreakdown[];
}

export type OverrideCategory = 'Question' | 'Blocking' | 'Case';

export interface OverrideReason {
  category: OverrideCategory;
  /** The screening case (category Case), when there is one. */
  case: string | null;
  /** The question whose chosen option overrides (categories Question and Blocking). */
  question: string | null;
  /** The level the reason asks for (the KYC's level is at least this). */
  riskLevel: RiskLevel;
}

export interface ScoreResult {
  classification: Classification;
  /** 100 × Σ(weight × score / maxScore) / Σ(weight), over sections with answered questions; 2 decimals. */
  riskScore: string;
  /** The level the thresholds give for riskScore, before overrides. */
  scoreLevel: RiskLevel;
  riskLevel: RiskLevel;
  riskBreakdown: SectionBreakdown[];
  overrideReasons: OverrideReason[];
  suitabilityScore: string | null;
  suitabilitySucceeded: boolean | null;
  /** A blocking option was chosen: the KYC cannot complete. */
  blocked: boolean;
  localMatchCount: number;
  publicMatchCount: number;
}

const levelRank = (level: RiskLevel) => LEVEL_POINTS[level];
const higher = (a: RiskLevel, b: RiskLevel): RiskLevel => (levelRank(b) > levelRank(a) ? b : a);

export function levelForScore(score: number, thresholds: { mediumFrom: number; highFrom: number }): RiskLevel {
  if (score >= thresholds.highFrom) return 'High';
  if (score >= thresholds.mediumFrom) return 'Medium';
  return 'Low';
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** An exact fraction, so that rounding to 2 decimals never depends on floating-point error. */
class Fraction {
  constructor(
    readonly n: bigint,
    readonly d: bigint,
  ) {}
  static of(n: number, d = 1): Fraction {
    return new Fraction(BigInt(n), BigInt(d)).reduce();
  }
  reduce(): Fraction {
    const g = gcd(this.n, this.d) || 1n;
    return new Fraction(this.n / g, this.d / g);
  }
  add(o: Fraction): Fraction {
    return new Fraction(this.n * o.d + o.n * this.d, this.d * o.d).reduce();
  }
  mul(o: Fraction): Fraction {
    return new Fraction(this.n * o.n, this.d * o.d).reduce();
  }
  div(o: Fraction): Fraction {
    return new Fraction(this.n * o.d, this.d * o.n).reduce();
  }
  /** Rounded half up to 2 decimals, as text (non-negative values only). */
  toFixed2(): string {
    const hundredths = (this.n * 200n + this.d) / (2n * this.d);
    const whole = hundredths / 100n;
    const cents = (hundredths % 100n).toString().padStart(2, '0');
    return `${whole}.${cents}`;
  }
}

function scoreQuestion(question: QuestionInput, answer: AnswerInput, input: ScoringInput): QuestionBreakdown {
  const { classification } = input;
  const chosen = question.options.filter((o) => answer.optionIds.includes(o.id));
  let best: number | null = null;
  let countryGrade: RiskLevel | null = null;
  const countryCode = answer.countryCode ?? null;
  if (question.category === 'Nationality' && countryCode) {
    countryGrade = input.countryGrades.get(countryCode) ?? null;
    if (countryGrade) best = LEVEL_POINTS[countryGrade];
  }
  for (const option of chosen) {
    const score = option.scores[classification];
    if (score) best = Math.max(best ?? 0, LEVEL_POINTS[score.riskLevel]);
  }
  return {
    questionId: question.id,
    points: best === null ? null : best * question.subweights,
    maxPoints: MAX_POINTS * question.subweights,
    subweights: question.subweights,
    optionIds: chosen.map((o) => o.id),
    countryCode,
    countryGrade,
  };
}

/** Computes a KYC score from the forms and the latest answers (decisions.md, KYC: Score). */
export function computeKycScore(input: ScoringInput): ScoreResult {
  const { classification, answers } = input;
  const riskBreakdown: SectionBreakdown[] = [];
  let weighted = Fraction.of(0);
  let weights = 0;
  for (const form of input.forms) {
    if (!RISK_FORM_TYPES.has(form.type)) continue;
    for (const section of form.sections) {
      const weight = Math.max(0, section.weights[classification] ?? 0);
      let score = 0;
      let maxScore = 0;
      const questions: QuestionBreakdown[] = [];
      for (const question of section.questions) {
        const answer = answers.get(question.id);
        if (!answer) continue;
        const q = scoreQuestion(question, answer, input);
        questions.push(q);
        if (q.points === null) continue;
        score += q.points;
        maxScore += q.maxPoints;
      }
      riskBreakdown.push({
        sectionId: section.id,
        formId: form.id,
        nameEn: section.nameEn,
        nameAr: section.nameAr,
        weight,
        score: String(score),
        maxScore: String(maxScore),
        questions,
      });
      if (maxScore > 0 && weight > 0) {
        weighted = weighted.add(Fraction.of(weight * score, maxScore));
        weights += weight;
      }
    }
  }
  const riskScore = weights > 0 ? Fraction.of(100).mul(weighted).div(Fraction.of(weights)).toFixed2() : '0.00';
  const scoreLevel = levelForScore(Number(riskScore), input.thresholds);

  let riskLevel = scoreLevel;
  let blocked = false;
  const overrideReasons: OverrideReason[] = [];
  let suitability: number | null = null;
  let passMark: number | null = null;
  for (const form of input.forms) {
    const isSuitability = form.type === SUITABILITY_FORM_TYPE;
    for (const section of form.sections) {
      for (const question of section.questions) {
        const answer = answers.get(question.id);
        if (!answer) continue;
        if (isSuitability) {
          suitability ??= 0;
          passMark = form.passMark;
        }
        for (const option of question.options) {
          if (!answer.optionIds.includes(option.id)) continue;
          const score = option.scores[classification];
          if (!score) continue;
          if (isSuitability) suitability = (suitability ?? 0) + score.suitabilityScore;
          if (score.blocking) {
            blocked = true;
            riskLevel = 'High';
            overrideReasons.push({ category: 'Blocking', case: null, question: question.id, riskLevel: 'High' });
          } else if (score.override) {
            riskLevel = higher(riskLevel, score.riskLevel);
            overrideReasons.push({ category: 'Question', case: null, question: question.id, riskLevel: score.riskLevel });
          }
        }
      }
    }
  }
  const { local, public: publicCount, caseIds } = input.matches;
  if (local + publicCount > 0) {
    riskLevel = 'High';
    const cases = caseIds.length ? caseIds : [null];
    for (const caseId of cases) overrideReasons.push({ category: 'Case', case: caseId, question: null, riskLevel: 'High' });
  }
  return {
    classification,
    riskScore,
    scoreLevel,
    riskLevel,
    riskBreakdown,
    overrideReasons,
    suitabilityScore: suitability === null ? null : String(suitability),
    suitabilitySucceeded: suitability === null || passMark === null ? null : suitability >= passMark,
    blocked,
    localMatchCount: local,
    publicMatchCount: publicCount,
  };
}
