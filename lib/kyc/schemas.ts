import { z } from 'zod';
import { attachmentSchema, userSchema } from '@/lib/attachments/schemas';
import { wireIsoTimestamp, wireTimestamp } from '@/lib/core/format';
import { pageOfSchema, pageQuery } from '@/lib/core/pagination';
import { CLASSIFICATIONS, RISK_LEVELS, type Classification } from './scoring';

// KYC request and response schemas (interface-specification.md: KYC, KYC score, form, section,
// question, option, option score, answer, agreement; decisions.md: KYC). Value sets the spec leaves
// open are decided here and documented in the OpenAPI document.

const hasNoNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'must not contain NUL (U+0000) characters';
const name = z.string().trim().min(1).max(200).refine(hasNoNul, NUL_MESSAGE);
const label = z.string().trim().min(1).max(1000).refine(hasNoNul, NUL_MESSAGE);
const longText = (max: number) => z.string().trim().min(1).max(max).refine(hasNoNul, NUL_MESSAGE);
const ts = wireTimestamp;
const isoTs = wireIsoTimestamp.nullable();

// ---- Value sets ----
export const KYC_STATUSES = ['KycPending', 'KycSubmitted', 'KycUnderReview', 'KycComplete', 'KycRejected'] as const;
export const EDD_STATUSES = ['NotRequired', 'Pending', 'Submitted', 'Approved', 'Rejected'] as const;
export const QUALIFIED_STATUSES = ['NotRequested', 'Pending', 'Submitted', 'Approved', 'Rejected'] as const;
export const FORM_TYPES = ['Case', 'Kyc', 'QualifiedInvestor', 'RiskAssessment', 'Suitability', 'Edd', 'AdditionalInformation'] as const;
export const FORM_STATUSES = ['Draft', 'Published', 'Deactivated'] as const;
export const QUESTION_TYPES = ['ShortText', 'LongText', 'Number', 'Date', 'SingleChoice', 'MultipleChoice', 'Country', 'Attachment'] as const;
/** Question types answered by choosing options (Number questions may have range options too). */
export const CHOICE_TYPES: ReadonlySet<string> = new Set(['SingleChoice', 'MultipleChoice']);
export const TYPES_WITH_OPTIONS: ReadonlySet<string> = new Set(['SingleChoice', 'MultipleChoice', 'Number']);
export const QUESTION_CATEGORIES = [
  'Identity',
  'DateOfBirth',
  'Nationality',
  'CountryOfResidence',
  'Occupation',
  'Income',
  'NetWorth',
  'SourceOfFunds',
  'Pep',
  'ExpectedActivity',
  'InvestmentExperience',
  'RiskTolerance',
  'InvestmentHorizon',
  'InvestmentObjective',
  'Qualification',
  'Other',
] as const;
export const QUESTION_UNITS = ['Currency', 'Percent', 'Years', 'Months', 'Count'] as const;
export const ADDITIONAL_INFO_TYPES = ['ShortText', 'LongText', 'Number', 'Date'] as const;
export const ANSWER_SOURCES = ['Prospect', 'RelationshipManager', 'Service'] as const;
export const REQUEST_TYPES = ['Unblocking', 'DisclosureAndBlocking', 'Disclosure', 'TransferRequest', 'TemporaryBlockingAndDisclosure'] as const;
export const FORM_SOURCES = ['ListSourceA', 'ListSourceB', 'Custom'] as const;
export const AGREEMENT_TYPES = ['ConsentPolicy', 'TermsAndConditions', 'PrivacyPolicy', 'RiskDisclosure'] as const;
export const REVIEW_TYPES = ['First', 'Second'] as const;
export const REVIEW_STATUSES = ['Approved', 'Rejected'] as const;
/** Forms an RM enables per KYC, with a chosen subset of questions (PATCH .../enable). */
export const ENABLEABLE_FORM_TYPES: ReadonlySet<string> = new Set(['Edd', 'QualifiedInvestor']);
/** Forms open to every KYC of the flow until the KYC is complete. */
export const BASE_FORM_TYPES: ReadonlySet<string> = new Set(['Kyc', 'RiskAssessment', 'Suitability']);
/** Forms that take one submission per KYC; the others (Suitability, AdditionalInformation) take many. */
export const SINGLE_SUBMISSION_TYPES: ReadonlySet<string> = new Set(['Kyc', 'RiskAssessment', 'Edd', 'QualifiedInvestor', 'Case']);

export const kycStatus = z.enum(KYC_STATUSES);
export const eddStatus = z.enum(EDD_STATUSES);
export const qualifiedStatus = z.enum(QUALIFIED_STATUSES);
export const kycClassification = z.enum(CLASSIFICATIONS);
export const riskLevel = z.enum(RISK_LEVELS);
export const formType = z.enum(FORM_TYPES);
export const formStatus = z.enum(FORM_STATUSES);
export const questionType = z.enum(QUESTION_TYPES);

// ---- Responses ----
export const countryRiskSchema = z
  .object({
    score: z.number(),
    corruptionScore: z.number().nullable(),
    financialCrimeScore: z.number().nullable(),
    geopoliticalScore: z.number().nullable(),
    regulationScore: z.number().nullable(),
    grade: riskLevel,
  })
  .meta({ id: 'CountryRisk' });

export const optionScoreSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    classification: kycClassification,
    override: z.boolean().meta({ description: 'Choosing the option raises the KYC risk level to at least `riskLevel`.' }),
    riskLevel,
    modifiedByUser: z.boolean().meta({ description: 'Set by an officer in the form builder (false for the shipped template).' }),
    syncedRiskAt: z.string().nullable().meta({ description: 'ISO 8601 with milliseconds; null (no external risk feed).' }),
    blocking: z.boolean().meta({ description: 'Choosing the option makes the KYC High risk and it cannot complete.' }),
    suitabilityScore: z.number().int(),
    countryRisk: countryRiskSchema
      .nullable()
      .meta({ description: 'Null: Nationality questions are answered with a country code and scored from the country-risk table directly.' }),
  })
  .meta({ id: 'OptionScore' });

export const optionSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    nameEn: z.string(),
    nameAr: z.string(),
    sortOrder: z.number().int(),
    additionalInfoEnabled: z.boolean(),
    min: z.number().nullable().meta({ description: 'Number questions: the lowest answer this option stands for.' }),
    max: z.number().nullable().meta({ description: 'Number questions: the highest answer this option stands for.' }),
    scores: z.array(optionScoreSchema),
  })
  .meta({ id: 'Option' });

export const questionSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    nameEn: z.string(),
    nameAr: z.string(),
    labelEn: z.string(),
    labelAr: z.string(),
    required: z.boolean(),
    type: questionType,
    allowMultiple: z.boolean(),
    additionalInfoType: z.enum(ADDITIONAL_INFO_TYPES).nullable(),
    category: z.enum(QUESTION_CATEGORIES).nullable(),
    unit: z.enum(QUESTION_UNITS).nullable(),
    answerSource: z.enum(ANSWER_SOURCES),
    kycFlowId: z.uuid(),
    formId: z.uuid(),
    sectionId: z.uuid(),
    sortOrder: z.number().int(),
    subweights: z.number().int(),
    options: z.array(optionSchema),
  })
  .meta({ id: 'Question' });

export const sectionWeightSchema = z
  .object({ id: z.uuid(), createdAt: ts, updatedAt: ts, classification: kycClassification, value: z.number().int() })
  .meta({ id: 'SectionWeight' });

export const sectionSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    nameEn: z.string(),
    nameAr: z.string(),
    sortOrder: z.number().int(),
    formId: z.uuid(),
    weights: z.array(sectionWeightSchema),
    questions: z.array(questionSchema),
  })
  .meta({ id: 'Section' });

export const answerToOptionSchema = z
  .object({ id: z.uuid(), createdAt: ts, updatedAt: ts, option: optionSchema, additionalInfo: z.string().nullable() })
  .meta({ id: 'AnswerToOption' });

export const answerSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    openAnswer: z.string().nullable(),
    attachments: z.array(attachmentSchema),
    questionId: z.uuid(),
    answerToOptions: z.array(answerToOptionSchema),
    multipleChoiceAnswers: z.array(optionSchema).meta({ description: 'The chosen options of a question that allows several (else empty).' }),
  })
  .meta({ id: 'Answer' });

export const overrideReasonSchema = z
  .object({
    category: z.enum(['Question', 'Blocking', 'Case']),
    case: z.string().nullable().meta({ description: 'The screening case id (category Case).' }),
    question: z.uuid().nullable().meta({ description: 'The question whose chosen option overrides (Question, Blocking).' }),
    riskLevel: riskLevel.meta({ description: 'The level this reason asks for.' }),
  })
  .meta({ id: 'KycOverrideReason' });

export const riskBreakdownSchema = z
  .object({
    sectionId: z.uuid(),
    formId: z.uuid(),
    nameEn: z.string(),
    nameAr: z.string(),
    weight: z.number().int(),
    score: z.string(),
    maxScore: z.string(),
    questions: z.array(
      z.object({
        questionId: z.uuid(),
        points: z.number().int().nullable(),
        maxPoints: z.number().int(),
        subweights: z.number().int(),
        optionIds: z.array(z.uuid()),
        countryCode: z.string().nullable(),
        countryGrade: riskLevel.nullable(),
      }),
    ),
  })
  .meta({ id: 'KycRiskBreakdown' });

export const kycScoreSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    classification: kycClassification,
    reason: z.enum(['Default', 'Rescore']).meta({
      description:
        '`Default`: computed for a submission; `Rescore`: recomputed from the stored answers before a review, because the entity’s open screening matches changed since the latest score.',
    }),
    submissionId: z.uuid().nullable(),
    riskBreakdown: z.array(riskBreakdownSchema),
    riskScore: z.string().meta({ description: '0–100 with 2 decimals.', example: '62.50' }),
    riskLevel,
    suitabilityScore: z.string().nullable(),
    suitabilitySucceeded: z.boolean().nullable(),
    localMatchCount: z.number().int(),
    publicMatchCount: z.number().int(),
    overrideReasons: z.array(overrideReasonSchema),
    blocked: z.boolean().meta({ description: 'A blocking option was chosen: the KYC cannot complete.' }),
  })
  .meta({ id: 'KycScore' });

export const kycSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    classification: kycClassification,
    status: kycStatus,
    completedAt: wireTimestamp.nullable(),
    eddStatus,
    qualifiedStatus,
    entityId: z.uuid(),
    flowId: z.uuid().nullable().meta({ description: "The tenant's default flow when the record was made (null while the tenant has none)." }),
    rmId: z.uuid().nullable(),
    rm: userSchema.nullable(),
    scores: z.array(kycScoreSchema).meta({ description: 'Every score, newest first.' }),
  })
  .meta({ id: 'Kyc' });
export type KycOut = z.infer<typeof kycSchema>;

export const reviewSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    status: z.enum(REVIEW_STATUSES),
    type: z.enum(REVIEW_TYPES),
    comment: z.string(),
    kycScoreId: z.uuid().nullable(),
    formId: z.uuid().nullable(),
    userId: z.uuid(),
    user: userSchema.nullable(),
  })
  .meta({ id: 'Review' });

export const submissionSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    submittedAt: wireIsoTimestamp,
    attempt: z.number().int(),
    formId: z.uuid(),
    suitabilityScore: z.string().nullable(),
    suitabilitySucceeded: z.boolean().nullable(),
    enabledQuestions: z.array(questionSchema).meta({ description: 'Edd and QualifiedInvestor forms: the questions enabled for this KYC (else empty).' }),
    answers: z.array(answerSchema),
  })
  .meta({ id: 'Submission' });

const formFields = {
  id: z.uuid(),
  createdAt: ts,
  updatedAt: ts,
  type: formType,
  nameEn: z.string(),
  nameAr: z.string(),
  requestType: z.enum(REQUEST_TYPES).nullable(),
  source: z.enum(FORM_SOURCES).nullable(),
  status: formStatus,
  flowId: z.uuid(),
  lineageId: z.uuid().meta({ description: 'Shared by every version of one form.' }),
  version: z.number().int(),
  passMark: z.number().int().nullable().meta({ description: 'Suitability forms: suitabilitySucceeded when suitabilityScore reaches it.' }),
  publishedAt: isoTs,
  deactivatedAt: isoTs,
  submissions: z.array(submissionSchema).meta({ description: 'With `?kycId=`: that KYC’s submissions of this form (every attempt); else empty.' }),
  kycReviews: z.array(reviewSchema).meta({ description: 'With `?kycId=`: that KYC’s reviews of this form; else empty.' }),
};

export const formSchema = z.object({ ...formFields, sections: z.array(sectionSchema) }).meta({ id: 'Form' });
export type FormOut = z.infer<typeof formSchema>;
export const formSummarySchema = z.object(formFields).meta({ id: 'FormSummary' });
export const formList = pageOfSchema(formSummarySchema).meta({ id: 'FormList' });
export const formEnvelope = z.object({ data: formSchema }).meta({ id: 'FormResponse' });

export const flowSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    nameEn: z.string(),
    nameAr: z.string(),
    isDefault: z.boolean(),
    forms: z.array(z.object({ id: z.uuid(), type: formType, nameEn: z.string(), nameAr: z.string(), status: formStatus, version: z.number().int() })),
  })
  .meta({ id: 'KycFlow' });
export type FlowOut = z.infer<typeof flowSchema>;
export const flowList = pageOfSchema(flowSchema).meta({ id: 'KycFlowList' });
export const flowEnvelope = z.object({ data: flowSchema }).meta({ id: 'KycFlowResponse' });

export const questionSectionSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    nameEn: z.string(),
    nameAr: z.string(),
    sortOrder: z.number().int(),
    formId: z.uuid(),
    form: z.object({ id: z.uuid(), type: formType, nameEn: z.string(), nameAr: z.string(), status: formStatus }),
    weights: z.array(sectionWeightSchema),
  })
  .meta({ id: 'QuestionSection' });

export const openQuestionSchema = questionSchema
  .extend({ sections: z.array(questionSectionSchema), answer: answerSchema.nullable().meta({ description: 'The latest answer, or null.' }) })
  .meta({ id: 'KycQuestion' });
export type OpenQuestionOut = z.infer<typeof openQuestionSchema>;
export const kycQuestionList = pageOfSchema(openQuestionSchema).meta({ id: 'KycQuestionList' });

export const agreementSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    titleEn: z.string(),
    titleAr: z.string(),
    bodyEn: z.string(),
    bodyAr: z.string(),
    type: z.enum(AGREEMENT_TYPES),
    classification: kycClassification,
    flowId: z.uuid(),
    signature: z.object({ id: z.uuid(), createdAt: ts, updatedAt: ts, attachment: attachmentSchema }).nullable(),
  })
  .meta({ id: 'Agreement' });
export type AgreementOut = z.infer<typeof agreementSchema>;
export const agreementList = pageOfSchema(agreementSchema).meta({ id: 'AgreementList' });
export const agreementEnvelope = z.object({ data: agreementSchema }).meta({ id: 'AgreementResponse' });

export const kycEnvelope = z.object({ data: kycSchema }).meta({ id: 'KycResponse' });
export const submissionEnvelope = z.object({ data: submissionSchema }).meta({ id: 'SubmissionResponse' });
export const successResponse = z.object({ success: z.boolean() }).meta({ id: 'EnableFormResponse' });

// ---- Params and queries ----
export const flowParams = z.object({ flowId: z.uuid() });
export const formParams = z.object({ flowId: z.uuid(), formId: z.uuid() });
export const kycParams = z.object({ kycId: z.uuid() });
export const kycFormParams = z.object({ kycId: z.uuid(), formId: z.uuid() });
export const agreementParams = z.object({ kycId: z.uuid(), agreementId: z.uuid() });

export const listFormsQuery = pageQuery.extend({ type: formType.optional(), status: formStatus.optional() });
export const getFormQuery = z.object({
  kycId: z.uuid().optional().meta({ description: "Fills `submissions` and `kycReviews` with this KYC's (a KYC of this tenant)." }),
});
export const kycQuestionsQuery = pageQuery.extend({ formId: z.uuid().optional().meta({ description: 'Only the open questions of this form.' }) });

// ---- Builder inputs (officer app; the same schema is the builder's react-hook-form resolver) ----
const weightValue = z.number().int().min(0).max(100);
const scoreInput = z.object({
  riskLevel,
  override: z.boolean(),
  blocking: z.boolean(),
  suitabilityScore: z.number().int().min(0).max(1000),
});
export type ScoreInput = z.infer<typeof scoreInput>;

export const optionInput = z.object({
  id: z.uuid().optional(),
  nameEn: name,
  nameAr: name,
  additionalInfoEnabled: z.boolean(),
  min: z.number().finite().nullable(),
  max: z.number().finite().nullable(),
  scores: z.object({ Retail: scoreInput, Professional: scoreInput, Institutional: scoreInput }),
});
export type OptionInput = z.infer<typeof optionInput>;

export const questionInput = z.object({
  id: z.uuid().optional(),
  nameEn: name,
  nameAr: name,
  labelEn: label,
  labelAr: label,
  type: questionType,
  required: z.boolean(),
  allowMultiple: z.boolean(),
  additionalInfoType: z.enum(ADDITIONAL_INFO_TYPES).nullable(),
  category: z.enum(QUESTION_CATEGORIES).nullable(),
  unit: z.enum(QUESTION_UNITS).nullable(),
  answerSource: z.enum(ANSWER_SOURCES),
  subweights: z.number().int().min(0).max(10),
  options: z.array(optionInput).max(300),
});
export type QuestionInput = z.infer<typeof questionInput>;

export const sectionInput = z.object({
  id: z.uuid().optional(),
  nameEn: name,
  nameAr: name,
  weights: z.object({ Retail: weightValue, Professional: weightValue, Institutional: weightValue }),
  questions: z.array(questionInput).max(100),
});
export type SectionInput = z.infer<typeof sectionInput>;

/** Problems of a form tree that the field schemas alone cannot see (a 400 naming each field). */
function checkFormTree(form: { type: string; passMark?: number | null; sections: SectionInput[] }, ctx: z.RefinementCtx): void {
  const ids = new Set<string>();
  const seen = (id: string | undefined, path: (string | number)[]) => {
    if (!id) return;
    if (ids.has(id)) ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: 'used twice in this form' });
    ids.add(id);
  };
  if (form.passMark != null && form.type !== 'Suitability')
    ctx.addIssue({ code: 'custom', path: ['passMark'], message: 'only Suitability forms have a pass mark' });
  form.sections.forEach((section, si) => {
    seen(section.id, ['sections', si]);
    section.questions.forEach((question, qi) => {
      const at = ['sections', si, 'questions', qi];
      seen(question.id, at);
      if (question.allowMultiple && question.type !== 'MultipleChoice' && question.type !== 'Attachment') {
        ctx.addIssue({ code: 'custom', path: [...at, 'allowMultiple'], message: 'only MultipleChoice and Attachment questions take several answers' });
      }
      if (question.options.length && !TYPES_WITH_OPTIONS.has(question.type)) {
        ctx.addIssue({ code: 'custom', path: [...at, 'options'], message: `${question.type} questions have no options` });
      }
      question.options.forEach((option, oi) => {
        const o = [...at, 'options', oi];
        seen(option.id, o);
        if ((option.min !== null || option.max !== null) && question.type !== 'Number') {
          ctx.addIssue({ code: 'custom', path: [...o, 'min'], message: 'only options of Number questions have a range' });
        }
        if (option.min !== null && option.max !== null && option.min > option.max)
          ctx.addIssue({ code: 'custom', path: [...o, 'max'], message: 'must not be below min' });
        if (option.additionalInfoEnabled && !question.additionalInfoType) {
          ctx.addIssue({ code: 'custom', path: [...at, 'additionalInfoType'], message: 'required when an option asks for additional information' });
        }
      });
      if (question.type === 'Number') {
        const ranges = question.options.map((o) => [o.min ?? -Infinity, o.max ?? Infinity] as const);
        ranges.forEach(([lo, hi], i) => {
          if (ranges.some(([lo2, hi2], j) => j < i && lo <= hi2 && lo2 <= hi)) {
            ctx.addIssue({ code: 'custom', path: [...at, 'options', i, 'min'], message: 'the range overlaps another option of this question' });
          }
        });
      }
    });
  });
}

export const formDraftInput = z
  .object({
    type: formType,
    nameEn: name,
    nameAr: name,
    passMark: z.number().int().min(0).max(100000).nullable(),
    requestType: z.enum(REQUEST_TYPES).nullable(),
    source: z.enum(FORM_SOURCES).nullable(),
    sections: z.array(sectionInput).max(50),
  })
  .superRefine(checkFormTree)
  .meta({ id: 'SaveFormDraft' });
export type FormDraftInput = z.infer<typeof formDraftInput>;

export const createFormInput = z
  .object({
    type: formType,
    nameEn: name,
    nameAr: name,
    passMark: z.number().int().min(0).max(100000).nullable().optional(),
  })
  .meta({ id: 'CreateForm' });

export const createFlowInput = z
  .object({
    nameEn: name,
    nameAr: name,
    isDefault: z.boolean().optional(),
    fromTemplate: z
      .boolean()
      .optional()
      .meta({ description: 'Copy the shipped template (Kyc, RiskAssessment, Suitability, Edd, QualifiedInvestor and agreements).' }),
  })
  .meta({ id: 'CreateKycFlow' });

export const updateFlowInput = z
  .object({
    nameEn: name.optional(),
    nameAr: name.optional(),
    isDefault: z.literal(true).optional().meta({ description: 'Makes this the default flow (the previous default stops being one).' }),
  })
  .meta({ id: 'UpdateKycFlow' });

// ---- KYC inputs ----
export const enableFormInput = z.object({ enabledQuestionIds: z.array(z.uuid()).min(1).max(500) }).meta({ id: 'EnableKycForm' });

export const answerInput = z.object({
  questionId: z.uuid(),
  optionIds: z.array(z.uuid()).max(300).optional(),
  openAnswer: z.string().max(5000).refine(hasNoNul, NUL_MESSAGE).optional(),
  additionalInfo: z.record(z.uuid(), z.string().max(5000).refine(hasNoNul, NUL_MESSAGE)).optional(),
  attachmentIds: z.array(z.uuid()).max(20).optional(),
});
export type AnswerInput = z.infer<typeof answerInput>;

export const submissionInput = z.object({ answers: z.array(answerInput).min(1).max(1000) }).meta({ id: 'CreateKycSubmission' });
export type SubmissionInput = z.infer<typeof submissionInput>;

export const reviewInput = z
  .object({
    decision: z.enum(['Approve', 'Reject']),
    comment: longText(5000),
    formId: z.uuid().optional().meta({ description: 'Review an Edd or QualifiedInvestor submission of this KYC instead of the KYC itself.' }),
  })
  .meta({ id: 'ReviewKyc' });
export const reviewEnvelope = z.object({ data: reviewSchema, kyc: kycSchema }).meta({ id: 'ReviewKycResponse' });

export const signatureInput = z.object({ attachmentId: z.uuid() }).meta({ id: 'SignAgreement' });

export const thresholdsInput = z
  .object({ mediumFrom: z.number().min(0).max(100), highFrom: z.number().min(0).max(100) })
  .refine((t) => t.mediumFrom < t.highFrom, { path: ['highFrom'], message: 'must be above mediumFrom' });

/** The builder's input for a form: what the form builder edits, and what saving it writes back. */
export function formDraftOf(form: FormOut): FormDraftInput {
  const scoresOf = (scores: FormOut['sections'][number]['questions'][number]['options'][number]['scores']) => {
    const by = (c: Classification) => {
      const s = scores.find((x) => x.classification === c);
      return { riskLevel: s?.riskLevel ?? 'Low', override: s?.override ?? false, blocking: s?.blocking ?? false, suitabilityScore: s?.suitabilityScore ?? 0 };
    };
    return { Retail: by('Retail'), Professional: by('Professional'), Institutional: by('Institutional') };
  };
  const weight = (s: FormOut['sections'][number], c: Classification) => s.weights.find((w) => w.classification === c)?.value ?? 0;
  return {
    type: form.type,
    nameEn: form.nameEn,
    nameAr: form.nameAr,
    passMark: form.passMark,
    requestType: form.requestType,
    source: form.source,
    sections: form.sections.map((s) => ({
      id: s.id,
      nameEn: s.nameEn,
      nameAr: s.nameAr,
      weights: { Retail: weight(s, 'Retail'), Professional: weight(s, 'Professional'), Institutional: weight(s, 'Institutional') },
      questions: s.questions.map((q) => ({
        id: q.id,
        nameEn: q.nameEn,
        nameAr: q.nameAr,
        labelEn: q.labelEn,
        labelAr: q.labelAr,
        type: q.type,
        required: q.required,
        allowMultiple: q.allowMultiple,
        additionalInfoType: q.additionalInfoType,
        category: q.category,
        unit: q.unit,
        answerSource: q.answerSource,
        subweights: q.subweights,
        options: q.options.map((o) => ({
          id: o.id,
          nameEn: o.nameEn,
          nameAr: o.nameAr,
          additionalInfoEnabled: o.additionalInfoEnabled,
          min: o.min,
          max: o.max,
          scores: scoresOf(o.scores),
        })),
      })),
    })),
  };
}
