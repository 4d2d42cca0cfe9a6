import { AppError } from '@/lib/core/errors';
import { withPlatform, withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { emitApprovalUpdate, type DecidedBy } from './approval-events';
import { hashInvitationToken } from './invitation-token';
import { selectRelationshipsJson } from './relationship-json';
import type { RelationshipOut } from './relationship-schema';

export type Decision = 'Approve' | 'Reject';

/** Pending → Approved | Rejected, conditional on the status read: of two concurrent decisions only one wins (the other is 409). */
async function applyDecision(
  tx: Tx,
  args: {
    tenantId: string;
    relationshipId: string;
    decision: Decision;
    decidedBy: DecidedBy;
    reason: string | null;
    actor: Actor;
    userId?: string | null;
    requestId?: string;
  },
) {
  const relationship = await tx.relationship.findFirst({
    where: { id: args.relationshipId, tenantId: args.tenantId },
    select: { id: true, tenantId: true, sourceEntityId: true, targetEntityId: true, type: true, approvalStatus: true },
  });
  if (!relationship) throw AppError.notFound();
  const status = args.decision === 'Approve' ? 'Approved' : 'Rejected';
  const at = new Date();
  const updated = await tx.relationship.updateMany({
    where: { id: relationship.id, tenantId: args.tenantId, approvalStatus: 'PendingTargetApproval' },
    data: { approvalStatus: status, decidedBy: args.decidedBy, decidedByUserId: args.userId ?? null, decisionReason: args.reason, decidedAt: at },
  });
  if (updated.count !== 1) throw new AppError('INVALID_STATUS_TRANSITION');
  await writeAudit(tx, {
    tenantId: args.tenantId,
    actor: args.actor,
    action: args.decision === 'Approve' ? 'relationship.approve' : 'relationship.reject',
    targetType: 'Relationship',
    targetId: relationship.id,
    before: { approvalStatus: relationship.approvalStatus },
    after: { approvalStatus: status, decidedBy: args.decidedBy, reason: args.reason },
    requestId: args.requestId,
  });
  await emitApprovalUpdate(tx, relationship, { previous: 'PendingTargetApproval', status, decidedBy: args.decidedBy, reason: args.reason, at });
  return { relationshipId: relationship.id, approvalStatus: status as 'Approved' | 'Rejected' };
}

/**
 * An officer approves or rejects a pending relationship on the related party's behalf (the party
 * confirmed by phone, in the branch, ...). The reason is required and audited; any open e-mail
 * link stops working. Not pending → 409 INVALID_STATUS_TRANSITION.
 */
export async function decideRelationshipOnBehalf({
  tenantId,
  relationshipId,
  decision,
  reason,
  actor,
  requestId,
}: {
  tenantId: string;
  relationshipId: string;
  decision: Decision;
  reason: string;
  actor: Actor;
  requestId?: string;
}): Promise<{ data: RelationshipOut }> {
  if (!reason.trim()) throw AppError.validation('reason: required');
  return withTenant(tenantId, async (tx) => {
    await applyDecision(tx, {
      tenantId,
      relationshipId,
      decision,
      decidedBy: 'Officer',
      reason,
      actor,
      userId: actor.type === 'user' ? actor.id : null,
      requestId,
    });
    await tx.relationshipInvitation.updateMany({ where: { tenantId, relationshipId, usedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
    return { data: (await selectRelationshipsJson(tx, tenantId, [relationshipId]))[0]! };
  });
}

export type InvitationState = 'open' | 'used' | 'expired' | 'revoked' | 'closed';

/** What the public confirmation page shows for a token: nothing at all for an unknown (or tampered) one. */
export interface InvitationView {
  state: InvitationState;
  tenant: { nameEn: string; nameAr: string | null };
  relationship: {
    id: string;
    type: string;
    subType: string | null;
    approvalStatus: string;
    ownershipPercent: string | null;
    validFrom: Date | null;
    validTo: Date | null;
    decidedBy: string | null;
    decidedAt: Date | null;
  };
  source: { nameEn: string | null; nameAr: string | null; type: string };
  target: { nameEn: string | null; nameAr: string | null };
  expiresAt: Date;
}

function stateOf(invitation: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, approvalStatus: string, now: Date): InvitationState {
  if (invitation.usedAt) return 'used';
  if (invitation.revokedAt) return approvalStatus === 'PendingTargetApproval' ? 'revoked' : 'closed';
  if (approvalStatus !== 'PendingTargetApproval') return approvalStatus === 'Expired' ? 'expired' : 'closed';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/**
 * The invitation a token opens, for the public page (no sign-in: the token is the credential, so
 * the lookup crosses tenants by the token's hash only). Unknown → null.
 */
export async function getInvitationByToken({ token }: { token: string }): Promise<InvitationView | null> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  const found = await withPlatform((tx) =>
    tx.relationshipInvitation.findUnique({
      where: { tokenHash: hashInvitationToken(token) },
      select: {
        usedAt: true,
        revokedAt: true,
        expiresAt: true,
        relationship: {
          select: {
            id: true,
            type: true,
            subType: true,
            approvalStatus: true,
            ownershipPercent: true,
            validFrom: true,
            validTo: true,
            decidedBy: true,
            decidedAt: true,
            tenant: { select: { nameEn: true, nameAr: true } },
            sourceEntity: { select: { nameEn: true, nameAr: true, type: true } },
            targetEntity: { select: { nameEn: true, nameAr: true, gender: true } },
          },
        },
      },
    }),
  );
  if (!found) return null;
  const r = found.relationship;
  return {
    state: stateOf(found, r.approvalStatus, new Date()),
    tenant: r.tenant,
    relationship: {
      id: r.id,
      type: r.type,
      subType: r.subType,
      approvalStatus: r.approvalStatus,
      ownershipPercent: r.ownershipPercent?.toString() ?? null,
      validFrom: r.validFrom,
      validTo: r.validTo,
      decidedBy: r.decidedBy,
      decidedAt: r.decidedAt,
    },
    source: r.sourceEntity,
    target: r.targetEntity,
    expiresAt: found.expiresAt,
  };
}

/**
 * The related party's own decision through the e-mailed link. The token is single-use: the
 * invitation row is locked, and a used, revoked (resent) or expired link, or a relationship no
 * longer pending, changes nothing (409). An unknown or tampered token is a 404.
 */
export async function confirmRelationshipByToken({
  token,
  decision,
  reason,
  requestId,
}: {
  token: string;
  decision: Decision;
  reason?: string;
  requestId?: string;
}): Promise<{ data: { relationshipId: string; approvalStatus: 'Approved' | 'Rejected' } }> {
  const hash = hashInvitationToken(token);
  const found = await withPlatform((tx) =>
    tx.relationshipInvitation.findUnique({ where: { tokenHash: hash }, select: { id: true, tenantId: true, relationshipId: true } }),
  );
  if (!found) throw AppError.notFound();
  return withTenant(found.tenantId, async (tx) => {
    const [invitation] = await tx.$queryRaw<{ usedAt: Date | null; revokedAt: Date | null; expiresAt: Date; targetEntityId: string }[]>`
      SELECT i."usedAt", i."revokedAt", i."expiresAt", r."targetEntityId" FROM "RelationshipInvitation" i
      JOIN "Relationship" r ON r."id" = i."relationshipId"
      WHERE i."tenantId" = ${found.tenantId}::uuid AND i."id" = ${found.id}::uuid FOR UPDATE OF i`;
    if (!invitation) throw AppError.notFound();
    if (invitation.usedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= Date.now()) throw new AppError('CONFLICT');
    const result = await applyDecision(tx, {
      tenantId: found.tenantId,
      relationshipId: found.relationshipId,
      decision,
      decidedBy: 'RelatedParty',
      reason: reason?.trim() || null,
      actor: { type: 'relatedParty', id: invitation.targetEntityId },
      requestId,
    });
    await tx.relationshipInvitation.update({ where: { id: found.id }, data: { usedAt: new Date() } });
    return { data: result };
  });
}
