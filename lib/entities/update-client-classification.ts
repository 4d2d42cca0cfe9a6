import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { getEntity } from './get-entity';

/** Reclassifies a client directly (no KYC transitions), audited; returns the unwrapped Entity profile. */
export async function updateClientClassification({
  tenantId,
  entityId,
  classification,
  actor,
  requestId,
}: {
  tenantId: string;
  entityId: string;
  classification: 'Retail' | 'Institutional';
  actor: Actor;
  requestId?: string;
}) {
  await withTenant(tenantId, async (tx) => {
    const entity = await tx.entity.findFirst({ where: { id: entityId, tenantId, role: 'Client' }, select: { classification: true } });
    if (!entity) throw AppError.notFound();
    await tx.entity.update({ where: { id: entityId }, data: { classification } });
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'entity.classification.update',
      targetType: 'Entity',
      targetId: entityId,
      before: { classification: entity.classification },
      after: { classification },
      requestId,
    });
  });
  return getEntity({ tenantId, entityId });
}
