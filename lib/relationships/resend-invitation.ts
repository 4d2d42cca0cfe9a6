import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { emitApprovalUpdate } from './approval-events';
import { issueInvitation } from './issue-invitation';
import { selectRelationshipsJson } from './relationship-json';
import type { RelationshipOut } from './relationship-schema';

/**
 * Sends the related party a new confirmation link (the previous one stops working). A pending
 * relationship stays pending; an Expired one is pending again (PendingTargetApproval, audited, with
 * `RelationshipApprovalUpdate`), unless another live relationship of the same source, target and
 * type exists meanwhile (409 CONFLICT). Approved or Rejected → 409 INVALID_STATUS_TRANSITION;
 * a related party without an e-mail address → 400.
 */
export async function resendInvitation({
  tenantId,
  relationshipId,
  language,
  actor,
  requestId,
}: {
  tenantId: string;
  relationshipId: string;
  language?: 'en' | 'ar';
  actor: Actor;
  requestId?: string;
}): Promise<{ data: RelationshipOut }> {
  return withTenant(tenantId, async (tx) => {
    const relationship = await tx.relationship.findFirst({
      where: { id: relationshipId, tenantId },
      select: {
        id: true,
        tenantId: true,
        type: true,
        sourceEntityId: true,
        targetEntityId: true,
        approvalStatus: true,
        sourceEntity: { select: { nameEn: true, nameAr: true } },
        targetEntity: { select: { id: true, nameEn: true, nameAr: true, email: true, gender: true } },
        invitations: { orderBy: { createdAt: 'desc' }, take: 1, select: { language: true } },
      },
    });
    if (!relationship) throw AppError.notFound();
    if (relationship.approvalStatus !== 'PendingTargetApproval' && relationship.approvalStatus !== 'Expired') {
      throw new AppError('INVALID_STATUS_TRANSITION');
    }
    const email = relationship.targetEntity.email;
    if (!email) throw AppError.validation('relationshipId: the related party has no e-mail address to send the confirmation to');
    if (relationship.approvalStatus === 'Expired') {
      const at = new Date();
      try {
        const reopened = await tx.relationship.updateMany({
          where: { id: relationshipId, tenantId, approvalStatus: 'Expired' },
          data: { approvalStatus: 'PendingTargetApproval', decidedBy: null, decidedAt: null, decisionReason: null },
        });
        if (reopened.count !== 1) throw new AppError('INVALID_STATUS_TRANSITION');
      } catch (error) {
        if ((error as { code?: string }).code === 'P2002') throw new AppError('CONFLICT');
        throw error;
      }
      await writeAudit(tx, {
        tenantId,
        actor,
        action: 'relationship.reopen',
        targetType: 'Relationship',
        targetId: relationshipId,
        before: { approvalStatus: 'Expired' },
        after: { approvalStatus: 'PendingTargetApproval' },
        requestId,
      });
      await emitApprovalUpdate(tx, relationship, { previous: 'Expired', status: 'PendingTargetApproval', decidedBy: null, reason: null, at });
    }
    const previousLanguage = relationship.invitations[0]?.language;
    const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLanguage: true } });
    await issueInvitation(tx, {
      tenantId,
      relationship,
      source: relationship.sourceEntity,
      target: { ...relationship.targetEntity, email },
      language: language ?? (previousLanguage === 'ar' || (!previousLanguage && tenant.defaultLanguage === 'ar') ? 'ar' : 'en'),
      actor,
      requestId,
      resend: true,
    });
    return { data: (await selectRelationshipsJson(tx, tenantId, [relationshipId]))[0]! };
  });
}
