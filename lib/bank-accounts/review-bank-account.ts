import { AppError } from '@/lib/core/errors';
import { formatIso } from '@/lib/core/format';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/jobs/outbox';
import { selectBankAccountJson } from './bank-account-json';
import type { BankAccountOut } from './schemas';

export interface ReviewBankAccountArgs {
  tenantId: string;
  accountId: string;
  decision: 'Approve' | 'Reject';
  comment?: string;
  actor: Actor;
  requestId?: string;
}

/**
 * Approves (→ Verified) or rejects (→ Rejected) a manual account waiting for review. A rejection
 * must say why: the comment is the officer's record of the decision (400 naming it). Anything else
 * (an automatic account, one already reviewed) is a 409 CONFLICT. The update is conditional on the
 * account still being pending, so two concurrent reviews cannot both succeed.
 * Emits `BankAccountReviewUpdate` through the outbox in the same transaction.
 */
export async function reviewBankAccount({ tenantId, accountId, decision, comment, actor, requestId }: ReviewBankAccountArgs): Promise<BankAccountOut> {
  if (decision === 'Reject' && !comment?.trim()) throw AppError.validation('comment: required to reject');
  return withTenant(tenantId, async (tx) => {
    const account = await tx.bankAccount.findFirst({ where: { id: accountId, tenantId }, include: { entity: { select: { crmId: true } } } });
    if (!account) throw AppError.notFound();
    const verificationStatus = decision === 'Approve' ? 'Verified' : 'Rejected';
    const reviewedAt = new Date();
    const updated = await tx.bankAccount.updateMany({
      where: { id: accountId, tenantId, source: 'Manual', verificationStatus: 'PendingReview' },
      data: { verificationStatus, reviewComment: comment ?? null, reviewedAt, reviewedBy: actor.id ? `${actor.type}:${actor.id}` : actor.type },
    });
    if (updated.count !== 1) throw new AppError('CONFLICT', undefined, 'bankAccountNotPending');
    const out = (await selectBankAccountJson(tx, tenantId, accountId))!;
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'bankAccount.review',
      targetType: 'BankAccount',
      targetId: accountId,
      before: { verificationStatus: account.verificationStatus },
      after: { verificationStatus, decision, comment: comment ?? null },
      requestId,
    });
    await emitEvent(tx, {
      tenantId,
      type: 'BankAccountReviewUpdate',
      data: {
        accountId,
        entityId: account.entityId,
        crmId: account.entity.crmId,
        iban: account.iban,
        decision,
        verificationStatus,
        comment: comment ?? null,
        reviewedAt: formatIso(reviewedAt)!,
      },
    });
    return out;
  });
}
