import { formatTimestamp } from '@/lib/core/format';
import type { Tx } from '@/lib/db/tenant-tx';
import { emitEvent } from '@/lib/jobs/outbox';
import type { ApprovalStatusValue } from './relationship-schema';

export type DecidedBy = 'RelatedParty' | 'Officer' | 'System';

/** `RelationshipApprovalUpdate` through the outbox, in the transaction of the change it reports. */
export async function emitApprovalUpdate(
  tx: Tx,
  relationship: { id: string; tenantId: string; sourceEntityId: string; targetEntityId: string; type: string },
  change: { previous: ApprovalStatusValue | null; status: ApprovalStatusValue; decidedBy: DecidedBy | null; reason: string | null; at: Date },
): Promise<void> {
  await emitEvent(tx, {
    tenantId: relationship.tenantId,
    type: 'RelationshipApprovalUpdate',
    data: {
      relationshipId: relationship.id,
      sourceEntityId: relationship.sourceEntityId,
      targetEntityId: relationship.targetEntityId,
      type: relationship.type,
      previousApprovalStatus: change.previous,
      approvalStatus: change.status,
      decidedBy: change.decidedBy,
      reason: change.reason,
      changedAt: formatTimestamp(change.at),
    },
  });
}
