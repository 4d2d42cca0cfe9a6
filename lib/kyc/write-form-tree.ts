import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import type { Tx } from '@/lib/db/tenant-tx';
import type { Prisma } from '@/lib/generated/prisma/client';
import { CLASSIFICATIONS } from './scoring';
import type { FormDraftInput } from './schemas';

/**
 * Replaces a form's sections, questions, options and scores with `input`, in the caller's
 * transaction, in five set-based inserts. Ids given in the input must be ids of this form's current
 * tree (they are kept, so a builder's keys stay stable across saves); items without one get new
 * ids. Order is the array order (sortOrder 0, 1, …).
 */
export async function writeFormTree(tx: Tx, tenantId: string, formId: string, input: FormDraftInput, options: { modifiedByUser: boolean }): Promise<void> {
  const current = await tx.kycSection.findMany({
    where: { tenantId, formId },
    select: { id: true, questions: { select: { id: true, options: { select: { id: true } } } } },
  });
  const known = {
    sections: new Set(current.map((s) => s.id)),
    questions: new Set(current.flatMap((s) => s.questions.map((q) => q.id))),
    options: new Set(current.flatMap((s) => s.questions.flatMap((q) => q.options.map((o) => o.id)))),
  };
  const problems: string[] = [];
  const idOf = (given: string | undefined, set: Set<string>, path: string) => {
    if (given === undefined) return crypto.randomUUID();
    if (!set.has(given)) problems.push(`${path}.id: not an item of this form`);
    return given;
  };

  const sections: Prisma.KycSectionCreateManyInput[] = [];
  const weights: Prisma.KycSectionWeightCreateManyInput[] = [];
  const questions: Prisma.KycQuestionCreateManyInput[] = [];
  const opts: Prisma.KycOptionCreateManyInput[] = [];
  const scores: Prisma.KycOptionScoreCreateManyInput[] = [];
  input.sections.forEach((section, si) => {
    const sectionId = idOf(section.id, known.sections, `sections.${si}`);
    sections.push({ id: sectionId, tenantId, formId, nameEn: section.nameEn, nameAr: section.nameAr, sortOrder: si });
    for (const classification of CLASSIFICATIONS) weights.push({ tenantId, sectionId, classification, value: section.weights[classification] });
    section.questions.forEach((question, qi) => {
      const questionId = idOf(question.id, known.questions, `sections.${si}.questions.${qi}`);
      questions.push({
        id: questionId,
        tenantId,
        formId,
        sectionId,
        nameEn: question.nameEn,
        nameAr: question.nameAr,
        labelEn: question.labelEn,
        labelAr: question.labelAr,
        required: question.required,
        type: question.type,
        allowMultiple: question.allowMultiple,
        additionalInfoType: question.additionalInfoType,
        category: question.category,
        unit: question.unit,
        answerSource: question.answerSource,
        sortOrder: qi,
        subweights: question.subweights,
      });
      question.options.forEach((option, oi) => {
        const optionId = idOf(option.id, known.options, `sections.${si}.questions.${qi}.options.${oi}`);
        opts.push({
          id: optionId,
          tenantId,
          questionId,
          nameEn: option.nameEn,
          nameAr: option.nameAr,
          sortOrder: oi,
          additionalInfoEnabled: option.additionalInfoEnabled,
          min: option.min,
          max: option.max,
        });
        for (const classification of CLASSIFICATIONS) {
          const score = option.scores[classification];
          scores.push({
            tenantId,
            optionId,
            classification,
            riskLevel: score.riskLevel,
            override: score.override,
            blocking: score.blocking,
            suitabilityScore: score.suitabilityScore,
            modifiedByUser: options.modifiedByUser,
          });
        }
      });
    });
  });
  if (problems.length) throw AppError.validation(...problems);

  await tx.kycSection.deleteMany({ where: { tenantId, formId } });
  if (sections.length) await tx.kycSection.createMany({ data: sections });
  if (weights.length) await tx.kycSectionWeight.createMany({ data: weights });
  if (questions.length) await tx.kycQuestion.createMany({ data: questions });
  if (opts.length) await tx.kycOption.createMany({ data: opts });
  if (scores.length) await tx.kycOptionScore.createMany({ data: scores });
}

/** What a form needs before it can be published (a 400 naming each field). */
export function publishProblems(input: FormDraftInput): string[] {
  const problems: string[] = [];
  if (!input.sections.length) problems.push('sections: a form needs at least one section');
  input.sections.forEach((section, si) => {
    if (!section.questions.length) problems.push(`sections.${si}.questions: a section needs at least one question`);
    section.questions.forEach((question, qi) => {
      if ((question.type === 'SingleChoice' || question.type === 'MultipleChoice') && question.options.length < 2) {
        problems.push(`sections.${si}.questions.${qi}.options: a choice question needs at least two options`);
      }
    });
  });
  if (input.type === 'Suitability' && input.passMark === null) problems.push('passMark: a Suitability form needs a pass mark');
  return problems;
}
