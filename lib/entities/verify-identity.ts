import { AppError } from '@/lib/core/errors';
import { formatDate } from '@/lib/core/format';
import { parseDateOnly } from '@/lib/core/format';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { selectIdentityJson } from './identity-json';
import type { IdentityOut, VerifyIdentityInput } from './schemas';

/**
 * An officer's decision on a Pending identity: Verified (the identity's verifiedAt becomes today)
 * or Rejected (a reason is required, by the input schema). Only a Pending verification can be
 * decided (anything else is 409 INVALID_STATUS_TRANSITION, so two officers cannot both decide);
 * an identity of another entity or tenant is 404. Audited on the entity (`identity.verification`,
 * with the identity, the status before and after, and the reason) so the profile's timeline shows it.
 */
export async function verifyIdentity({
  tenantId,
  entityId,
  identityId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  entityId: string;
  identityId: string;
  input: VerifyIdentityInput;
  actor: Actor;
  requestId?: string;
}): Promise<{ data: IdentityOut }> {
  return withTenant(tenantId, async (tx) => {
    const identity = await tx.identity.findFirst({
      where: { id: identityId, entityId, tenantId },
      select: { id: true, type: true, number: true, verification: { select: { id: true, status: true } } },
    });
    if (!identity) throw AppError.notFound();
    const before = identity.verification?.status ?? 'Pending';
    // Locks the row: of two concurrent decisions the second sees the first's status and is refused.
    const changed = identity.verification
      ? await tx.identityVerification.updateMany({
          where: { id: identity.verification.id, tenantId, status: 'Pending' },
          data: { status: input.status, source: 'Manual' },
        })
      : await tx.identityVerification.create({ data: { tenantId, identityId, status: input.status, source: 'Manual' } }).then(() => ({ count: 1 }));
    if (changed.count !== 1) throw new AppError('INVALID_STATUS_TRANSITION');
    await tx.identity.update({
      where: { id: identityId },
      data: { verifiedAt: input.status === 'Verified' ? parseDateOnly(formatDate(new Date())!) : null },
    });
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'identity.verification',
      targetType: 'Entity',
      targetId: entityId,
      before: { identityId, identityNumber: identity.number, verification: before },
      after: { identityId, identityNumber: identity.number, verification: input.status, reason: input.reason ?? null },
      requestId,
    });
    return { data: (await selectIdentityJson(tx, tenantId, identityId))! };
  });
}
