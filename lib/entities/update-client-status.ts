import { AppError } from '@/lib/core/errors';
import { formatIso } from '@/lib/core/format';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/jobs/outbox';
import { composeStatusEmail } from '@/lib/notifications/status-email';

export type EntityStatusValue = 'Active' | 'Blocked' | 'Deactivated' | 'Deceased';

/** decisions.md: Active↔Blocked, Active/Blocked→Deactivated, Deactivated→Active, any→Deceased (final). */
const ALLOWED: Record<EntityStatusValue, EntityStatusValue[]> = {
  Active: ['Blocked', 'Deactivated', 'Deceased'],
  Blocked: ['Active', 'Deactivated', 'Deceased'],
  Deactivated: ['Active', 'Deceased'],
  Deceased: [],
};

export function isAllowedTransition(from: EntityStatusValue, to: EntityStatusValue): boolean {
  return ALLOWED[from].includes(to);
}

export interface UpdateClientStatusArgs {
  tenantId: string;
  entityId: string;
  status: EntityStatusValue;
  reason?: string;
  emailOptions?: { notify: boolean; language: 'en' | 'ar' };
  actor: Actor;
  requestId?: string;
}

/**
 * Changes a client's status. Not a client of this tenant → NOT_FOUND; a transition decisions.md
 * does not allow (including the same status) → INVALID_STATUS_TRANSITION. The update is
 * conditional on the status read, so a concurrent change makes this one fail with 409 rather than
 * skip a state. Audit row and `EntityStatusUpdate` outbox event commit with the change, and so does
 * the e-mail to the client when `emailOptions.notify` asks for one (sent by the worker; a client
 * without an e-mail address is a 400 naming the field).
 */
export async function updateClientStatus({ tenantId, entityId, status, reason, emailOptions, actor, requestId }: UpdateClientStatusArgs) {
  return withTenant(tenantId, async (tx) => {
    const entity = await tx.entity.findFirst({
      where: { id: entityId, tenantId, role: 'Client' },
      select: { id: true, crmId: true, status: true, email: true, nameEn: true, nameAr: true },
    });
    if (!entity) throw AppError.notFound();
    if (emailOptions?.notify && !entity.email) throw AppError.validation('emailOptions.notify: the client has no e-mail address to notify');
    const previousStatus = entity.status;
    if (!isAllowedTransition(previousStatus, status)) throw new AppError('INVALID_STATUS_TRANSITION');
    const changedAt = new Date();
    const updated = await tx.entity.updateMany({ where: { id: entityId, tenantId, status: previousStatus }, data: { status, updatedAt: changedAt } });
    if (updated.count !== 1) throw new AppError('INVALID_STATUS_TRANSITION');
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'entity.status.update',
      targetType: 'Entity',
      targetId: entityId,
      before: { status: previousStatus },
      after: { status, reason: reason ?? null, emailOptions: emailOptions ?? null },
      requestId,
    });
    if (emailOptions?.notify) {
      const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { nameEn: true, nameAr: true } });
      const { subject, body } = composeStatusEmail({ language: emailOptions.language, tenant, entity, previousStatus, status, reason, changedAt });
      await tx.emailNotification.create({
        data: { tenantId, entityId, kind: 'entity.status', language: emailOptions.language, recipient: entity.email!, subject, body },
      });
    }
    await emitEvent(tx, {
      tenantId,
      type: 'EntityStatusUpdate',
      data: { entityId, crmId: entity.crmId, previousStatus, status, reason: reason ?? null, changedAt: formatIso(changedAt)! },
    });
    return { status };
  });
}
