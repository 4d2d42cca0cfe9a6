import { buildMeta, type PageQuery } from '@/lib/core/pagination';
import { withTenant } from '@/lib/db/tenant-tx';
import { answerOut, attachmentsJson, chosenOptionsOf, loadTrees } from './answers';
import { findKyc, openFormsOf } from './kyc-records';
import type { OpenQuestionOut } from './schemas';

/**
 * GET /kyc/{kycId}/questions: the questions open for submission at the KYC's status, each with its
 * section (and the section's form) and its latest answer or null, ordered by form, section and
 * question sortOrder; paginated.
 */
export async function listKycQuestions({ tenantId, kycId, page, formId }: { tenantId: string; kycId: string; page: PageQuery; formId?: string }) {
  return withTenant(tenantId, async (tx) => {
    const kyc = await findKyc(tx, tenantId, kycId);
    const forms = (await openFormsOf(tx, kyc)).filter((f) => !formId || f.id === formId);
    const trees = await loadTrees(
      tx,
      tenantId,
      forms.map((f) => f.id),
    );
    const all: { question: OpenQuestionOut; formId: string }[] = [];
    for (const open of forms) {
      const { form } = trees.get(open.id)!;
      const formSummary = { id: form.id, type: form.type, nameEn: form.nameEn, nameAr: form.nameAr, status: form.status };
      for (const section of form.sections) {
        const { questions, ...rest } = section;
        const sectionOut = { ...rest, form: formSummary };
        for (const question of questions) {
          if (open.enabledQuestionIds && !open.enabledQuestionIds.has(question.id)) continue;
          all.push({ question: { ...question, sections: [sectionOut], answer: null }, formId: form.id });
        }
      }
    }
    const start = (page.page - 1) * page.size;
    const slice = all.slice(start, start + page.size);
    if (slice.length) {
      const answers = await tx.kycAnswer.findMany({
        where: { tenantId, kycId, questionId: { in: slice.map((x) => x.question.id) } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        distinct: ['questionId'],
        include: { attachments: { select: { attachmentId: true, position: true } } },
      });
      const attachments = await attachmentsJson(
        tx,
        tenantId,
        answers.flatMap((a) => a.attachments.map((x) => x.attachmentId)),
      );
      const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
      for (const item of slice) {
        const answer = byQuestion.get(item.question.id);
        if (answer) item.question.answer = answerOut({ ...answer, chosenOptions: chosenOptionsOf(answer.chosenOptions) }, trees.get(item.formId)!, attachments);
      }
    }
    return { meta: buildMeta(page, all.length), data: slice.map((x) => x.question) };
  });
}
