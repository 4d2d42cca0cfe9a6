import { AppError } from '@/lib/core/errors';
import { countOpenMatches } from '@/lib/cases/open-matches';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import type { Actor } from '@/lib/audit/write-audit';
import { reviewOut, usersById } from './answers';
import { changeKycStatus, getKycObject, lockKyc } from './kyc-records';
import { scoreKyc } from './score-kyc';
import { ENABLEABLE_FORM_TYPES } from './schemas';

export interface ReviewKycArgs {
  tenantId: string;
  kycId: string;
  decision: 'Approve' | 'Reject';
  comment: string;
  formId?: string;
  /** The reviewing officer (reviews are made by people, so only through a session). */
  userId: string;
  requestId?: string;
}

/**
 * POST /kyc/{kycId}/reviews (officers): approve or reject with a comment (decisions.md, Review).
 * - A KycSubmitted KYC gets its First review: Reject → KycRejected; Approve → KycComplete, or, when
 *   its latest score is High, KycUnderReview until a Second review by a different officer (four eyes:
 *   the same officer again → 403 FOUR_EYES_REQUIRED). A KYC whose latest score has a blocking
 *   answer cannot be approved (409 KYC_BLOCKED).
 * - With `formId` (an Edd or QualifiedInvestor form of the KYC's flow, Submitted): Approved / Rejected.
 * Any other state → 409 INVALID_STATUS_TRANSITION. Every change is audited and emits KycStatusUpdate.
 *
 * The screening is read as it is now, not as it was at submission (ours, where decisions.md is
 * silent): a match opened or closed since the latest score rescores the KYC first (reason
 * `Rescore`, from the stored answers), so a hit found after submission raises the level, and with it
 * the second review, before anyone decides; and no approval (KYC, Edd or QualifiedInvestor) is given
 * while a match of the entity awaits an officer's decision (409 CONFLICT, detail
 * kycScreeningUndecided): rejecting stays possible.
 */
export async function reviewKyc({ tenantId, kycId, decision, comment, formId, userId, requestId }: ReviewKycArgs) {
  const actor: Actor = { type: 'user', id: userId };
  const status = decision === 'Approve' ? 'Approved' : 'Rejected';
  return withTenant(tenantId, async (tx) => {
    let kyc = await lockKyc(tx, tenantId, kycId);
    const matches = await countOpenMatches({ tx, tenantId, entityId: kyc.entityId });
    if (decision === 'Approve' && matches.undecided > 0) throw new AppError('CONFLICT', undefined, 'kycScreeningUndecided');
    let latest = await latestScore(tx, tenantId, kycId);
    const reviewable = !formId && (kyc.status === 'KycSubmitted' || kyc.status === 'KycUnderReview');
    if (reviewable && latest && (latest.localMatchCount !== matches.local || latest.publicMatchCount !== matches.public)) {
      await scoreKyc(tx, kyc, { submissionId: null, reason: 'Rescore' });
      latest = await latestScore(tx, tenantId, kycId);
    }
    const context = { actor, requestId, details: { decision, comment, formId: formId ?? null, kycScoreId: latest?.id ?? null } };
    let type: 'First' | 'Second' = 'First';

    if (formId) {
      const form = await tx.kycForm.findFirst({ where: { id: formId, tenantId }, select: { type: true, flowId: true } });
      if (!form) throw AppError.notFound();
      if (!ENABLEABLE_FORM_TYPES.has(form.type) || form.flowId !== kyc.flowId) throw new AppError('FORM_NOT_ENABLEABLE');
      const field = form.type === 'Edd' ? 'eddStatus' : 'qualifiedStatus';
      if (kyc[field] !== 'Submitted') throw new AppError('INVALID_STATUS_TRANSITION');
      kyc = await changeKycStatus(tx, kyc, { [field]: status }, { ...context, reason: 'review' });
    } else if (kyc.status === 'KycSubmitted') {
      if (decision === 'Approve' && latest?.blocked) throw new AppError('KYC_BLOCKED');
      const next = decision === 'Reject' ? 'KycRejected' : latest?.riskLevel === 'High' ? 'KycUnderReview' : 'KycComplete';
      kyc = await changeKycStatus(tx, kyc, { status: next, ...(next === 'KycComplete' ? { completedAt: new Date() } : {}) }, { ...context, reason: 'review' });
    } else if (kyc.status === 'KycUnderReview') {
      type = 'Second';
      const first = await tx.kycReview.findFirst({
        where: { tenantId, kycId, formId: null, type: 'First', status: 'Approved' },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
      if (first?.userId === userId) throw new AppError('FOUR_EYES_REQUIRED');
      if (decision === 'Approve' && latest?.blocked) throw new AppError('KYC_BLOCKED');
      const next = decision === 'Reject' ? 'KycRejected' : 'KycComplete';
      kyc = await changeKycStatus(tx, kyc, { status: next, ...(next === 'KycComplete' ? { completedAt: new Date() } : {}) }, { ...context, reason: 'review' });
    } else {
      throw new AppError('INVALID_STATUS_TRANSITION');
    }

    const review = await tx.kycReview.create({
      data: { tenantId, kycId, formId: formId ?? null, kycScoreId: latest?.id ?? null, userId, type, status, comment },
    });
    const users = await usersById(tx, tenantId, [userId]);
    return { data: reviewOut(review, users.get(userId) ?? null), kyc: await getKycObject(tx, tenantId, kyc.entityId) };
  });
}

const latestScore = (tx: Tx, tenantId: string, kycId: string) =>
  tx.kycScore.findFirst({ where: { tenantId, kycId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
