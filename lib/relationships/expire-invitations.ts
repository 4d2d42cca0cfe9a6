import { withPlatform, withTenant } from '@/lib/db/tenant-tx';
import { writeAudit } from '@/lib/audit/write-audit';
import { emitApprovalUpdate } from './approval-events';
import { SYSTEM_DECISION_REASONS } from './relationship-schema';

/**
 * The scheduled job (`relationships:expire`, every minute): pending relationships whose newest
 * confirmation link has expired become Expired, each in its tenant's transaction with an audit row
 * and `RelationshipApprovalUpdate`. The update is conditional on the relationship still being
 * pending with no link still valid, so a decision or a resend that wins the race is never undone.
 * Returns how many expired; bounded per run (`limit`), the next run takes the rest.
 */
export async function expireInvitations({ now = new Date(), limit = 500 }: { now?: Date; limit?: number } = {}): Promise<number> {
  const due = await withPlatform(
    (tx) =>
      tx.$queryRaw<{ tenantId: string; relationshipId: string }[]>`
      SELECT DISTINCT r."tenantId", r."id" AS "relationshipId"
      FROM "RelationshipInvitation" i JOIN "Relationship" r ON r."id" = i."relationshipId"
      WHERE i."usedAt" IS NULL AND i."revokedAt" IS NULL AND i."expiresAt" <= ${now}
        AND r."approvalStatus" = 'PendingTargetApproval'
      LIMIT ${limit}`,
  );
  let expired = 0;
  for (const { tenantId, relationshipId } of due) {
    const done = await withTenant(tenantId, async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; sourceEntityId: string; targetEntityId: string; type: string }[]>`
        UPDATE "Relationship" r SET "approvalStatus" = 'Expired', "decidedBy" = 'System', "decidedAt" = ${now},
          "decisionReason" = ${SYSTEM_DECISION_REASONS.linkExpired}, "updatedAt" = ${now}
        WHERE r."tenantId" = ${tenantId}::uuid AND r."id" = ${relationshipId}::uuid AND r."approvalStatus" = 'PendingTargetApproval'
          AND NOT EXISTS (SELECT 1 FROM "RelationshipInvitation" i WHERE i."relationshipId" = r."id"
                          AND i."usedAt" IS NULL AND i."revokedAt" IS NULL AND i."expiresAt" > ${now})
        RETURNING r."id", r."sourceEntityId", r."targetEntityId", r."type"::text`;
      const row = rows[0];
      if (!row) return false;
      await writeAudit(tx, {
        tenantId,
        actor: { type: 'system' },
        action: 'relationship.expire',
        targetType: 'Relationship',
        targetId: row.id,
        before: { approvalStatus: 'PendingTargetApproval' },
        after: { approvalStatus: 'Expired', decidedBy: 'System' },
      });
      await emitApprovalUpdate(tx, { ...row, tenantId }, { previous: 'PendingTargetApproval', status: 'Expired', decidedBy: 'System', reason: null, at: now });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
