// KYC factories shared by tests, the demo seed, the e2e seed and the KYC bench: valid answers to any
// form tree, and the forms of a tenant's default flow.
import type { FormOut, SubmissionInput } from '@/lib/kyc/schemas';
import type { RiskLevel } from '@/lib/kyc/scoring';
import { withTenant } from '@/lib/db/tenant-tx';
import type { Actor } from '@/lib/audit/write-audit';
import { getFormTree } from '@/lib/kyc/forms';
import { submitKycForm } from '@/lib/kyc/submit';

type Question = FormOut['sections'][number]['questions'][number];
type Option = Question['options'][number];

export interface AnswerPlan {
  /** Which option to choose where the question has scored options: the lowest or the highest risk, or by name. */
  prefer?: 'low' | 'high';
  /** Per question (by `nameEn`): option names (`nameEn`) to choose, or the open answer. */
  byName?: Record<string, string[] | string>;
  /** The country for Country questions (default SA). */
  country?: string;
  /** The answer to DateOfBirth questions (default 1990-05-17, the date of birth of `individualInput`). */
  dob?: string;
  /** Attachment ids for Attachment questions (skipped when none and the question is optional). */
  attachmentIds?: string[];
  /** Answer optional questions too (default true). */
  optional?: boolean;
  /** Only these questions (Edd / QualifiedInvestor: the enabled ones). */
  onlyQuestionIds?: Set<string>;
}

const rank: Record<RiskLevel, number> = { Low: 1, Medium: 2, High: 3 };

function riskOf(option: Option): number {
  const retail = option.scores.find((s) => s.classification === 'Retail');
  return retail ? rank[retail.riskLevel] + (retail.blocking ? 10 : 0) + (retail.override ? 5 : 0) : 0;
}

function pickOption(question: Question, plan: AnswerPlan): Option {
  const sorted = [...question.options].sort((a, b) => riskOf(a) - riskOf(b) || a.sortOrder - b.sortOrder);
  // "high" stops short of blocking options: a blocking answer is a test of its own.
  if (plan.prefer === 'high') return [...sorted].reverse().find((o) => !o.scores.some((s) => s.blocking)) ?? sorted[0]!;
  return sorted[0]!;
}

/** A valid submission body for `form`: every (open) question answered in its type. */
export function answersFor(form: FormOut, plan: AnswerPlan = {}): SubmissionInput {
  const answers: SubmissionInput['answers'] = [];
  for (const question of form.sections.flatMap((s) => s.questions)) {
    if (plan.onlyQuestionIds && !plan.onlyQuestionIds.has(question.id)) continue;
    if (!question.required && plan.optional === false) continue;
    const named = plan.byName?.[question.nameEn];
    if (question.type === 'SingleChoice' || question.type === 'MultipleChoice') {
      const options = Array.isArray(named) ? question.options.filter((o) => named.includes(o.nameEn)) : [pickOption(question, plan)];
      const additionalInfo = Object.fromEntries(options.filter((o) => o.additionalInfoEnabled).map((o) => [o.id, 'Details given by the prospect']));
      answers.push({ questionId: question.id, optionIds: options.map((o) => o.id), ...(Object.keys(additionalInfo).length ? { additionalInfo } : {}) });
    } else if (question.type === 'Number') {
      let value = typeof named === 'string' ? named : '1000';
      if (typeof named !== 'string' && question.options.length) {
        const option = pickOption(question, plan);
        value = String(option.min ?? (option.max !== null ? Math.max(0, option.max - 1) : 1000));
      }
      answers.push({ questionId: question.id, openAnswer: value });
    } else if (question.type === 'Country') {
      answers.push({ questionId: question.id, openAnswer: typeof named === 'string' ? named : (plan.country ?? 'SA') });
    } else if (question.type === 'Date') {
      const fallback = question.category === 'DateOfBirth' && plan.dob ? plan.dob : '1990-05-17';
      answers.push({ questionId: question.id, openAnswer: typeof named === 'string' ? named : fallback });
    } else if (question.type === 'Attachment') {
      if (plan.attachmentIds?.length)
        answers.push({ questionId: question.id, attachmentIds: question.allowMultiple ? plan.attachmentIds : plan.attachmentIds.slice(0, 1) });
      else if (question.required) throw new Error(`question "${question.nameEn}" needs an attachment: give attachmentIds`);
    } else {
      answers.push({ questionId: question.id, openAnswer: typeof named === 'string' ? named : `Answer to ${question.nameEn}` });
    }
  }
  return { answers };
}

/** The Published forms of the tenant's default flow, by type. */
export async function defaultFlowForms(tenantId: string) {
  return withTenant(tenantId, async (tx) => {
    const flow = await tx.kycFlow.findFirstOrThrow({ where: { tenantId, isDefault: true }, include: { forms: { where: { status: 'Published' } } } });
    return { flowId: flow.id, forms: Object.fromEntries(flow.forms.map((f) => [f.type, f.id])) as Record<string, string> };
  });
}

/** The KYC id of an entity. */
export async function kycIdOf(tenantId: string, entityId: string): Promise<string> {
  return withTenant(tenantId, async (tx) => (await tx.kyc.findFirstOrThrow({ where: { tenantId, entityId } })).id);
}

/**
 * Submits the Published Kyc, RiskAssessment and Suitability forms of the tenant's default flow for
 * a KYC through the service (as a tenant system would), answered by `plan`. Returns the form ids.
 */
export async function submitBaseForms({ tenantId, kycId, plan = {}, actor }: { tenantId: string; kycId: string; plan?: AnswerPlan; actor: Actor }) {
  const { flowId, forms } = await defaultFlowForms(tenantId);
  for (const type of ['Kyc', 'RiskAssessment', 'Suitability']) {
    const formId = forms[type];
    if (!formId) continue;
    const tree = await getFormTree({ tenantId, formId });
    await submitKycForm({ tenantId, kycId, formId, input: answersFor(tree, plan), actor });
  }
  return { flowId, forms };
}
