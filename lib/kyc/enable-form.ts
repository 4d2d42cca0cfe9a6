import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { loadTrees } from './answers';
import { changeKycStatus, lockKyc } from './kyc-records';
import { ENABLEABLE_FORM_TYPES } from './schemas';

/**
 * PATCH /kyc/{kycId}/forms/{formId}/enable (decisions.md): opens a Published Edd or
 * QualifiedInvestor form of the KYC's flow for the prospect, limited to `enabledQuestionIds`.
 * Sets eddStatus / qualifiedStatus to Pending and emits KycStatusUpdate; the same questions again
 * change nothing and answer the same. An RM who enables a form for a KYC without a relationship
 * manager becomes its RM.
 * Errors, in this order: a form that is not an enableable one of this KYC's flow → 409
 * FORM_NOT_ENABLEABLE; a question id not of the form → 400 naming `enabledQuestionIds.N`; already
 * submitted → 409 ALREADY_SUBMITTED.
 */
export async function enableKycForm({
  tenantId,
  kycId,
  formId,
  enabledQuestionIds,
  actor,
  actorRole,
  requestId,
}: {
  tenantId: string;
  kycId: string;
  formId: string;
  enabledQuestionIds: string[];
  actor: Actor;
  actorRole?: string;
  requestId?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    const kyc = await lockKyc(tx, tenantId, kycId);
    const form = await tx.kycForm.findFirst({ where: { id: formId, tenantId }, select: { id: true, type: true, status: true, flowId: true } });
    if (!form) throw AppError.notFound();
    // The form first (decisions.md's order): questions of a form that cannot be enabled are not worth naming.
    if (!ENABLEABLE_FORM_TYPES.has(form.type) || form.status !== 'Published' || form.flowId !== kyc.flowId) throw new AppError('FORM_NOT_ENABLEABLE');
    const tree = (await loadTrees(tx, tenantId, [formId])).get(formId)!;
    const problems = enabledQuestionIds.flatMap((id, i) => (tree.questions.has(id) ? [] : [`enabledQuestionIds.${i}: not a question of this form`]));
    if (problems.length) throw AppError.validation(...problems);
    if (await tx.kycSubmission.findFirst({ where: { tenantId, kycId, formId }, select: { id: true } })) throw new AppError('ALREADY_SUBMITTED');

    const field = form.type === 'Edd' ? 'eddStatus' : 'qualifiedStatus';
    const wanted = [...new Set(enabledQuestionIds)].sort();
    const current = (await tx.kycEnabledQuestion.findMany({ where: { tenantId, kycId, formId }, select: { questionId: true } }))
      .map((e) => e.questionId)
      .sort();
    const sameSet = current.length === wanted.length && current.every((id, i) => id === wanted[i]);
    if (sameSet && kyc[field] === 'Pending') return { success: true };

    await tx.kycEnabledQuestion.deleteMany({ where: { tenantId, kycId, formId } });
    await tx.kycEnabledQuestion.createMany({ data: wanted.map((questionId) => ({ tenantId, kycId, formId, questionId })) });
    const becomesRm = actorRole === 'rm' && actor.type === 'user' && actor.id && !kyc.rmId ? { rmId: actor.id } : {};
    const changed = await changeKycStatus(
      tx,
      kyc,
      { [field]: 'Pending', ...becomesRm },
      {
        actor,
        requestId,
        reason: 'form.enable',
        details: { formId, formType: form.type, enabledQuestionIds: wanted },
      },
    );
    if (changed === kyc) {
      // Same status, another set of questions: still a change an auditor must see.
      await writeAudit(tx, {
        tenantId,
        actor,
        action: 'kyc.form.enable',
        targetType: 'Kyc',
        targetId: kycId,
        before: { enabledQuestionIds: current },
        after: { formId, enabledQuestionIds: wanted },
        requestId,
      });
    }
    return { success: true };
  });
}
