import { withTenant } from '@/lib/db/tenant-tx';

/** Dashboard figures: entities by role and by status, and manual bank accounts waiting for review. */
export async function getEntityCounts({ tenantId }: { tenantId: string }) {
  return withTenant(tenantId, async (tx) => {
    // One transaction is one connection: its queries run one after another.
    const byRole = await tx.entity.groupBy({ by: ['role'], where: { tenantId }, _count: { _all: true } });
    const byStatus = await tx.entity.groupBy({ by: ['status'], where: { tenantId }, _count: { _all: true } });
    const pendingBankAccountReviews = await tx.bankAccount.count({ where: { tenantId, source: 'Manual', verificationStatus: 'PendingReview' } });
    const roles = { Client: 0, Prospect: 0, Screening: 0 };
    for (const r of byRole) roles[r.role] = r._count._all;
    const statuses = { Active: 0, Blocked: 0, Deactivated: 0, Deceased: 0 };
    for (const s of byStatus) statuses[s.status] = s._count._all;
    return { byRole: roles, byStatus: statuses, pendingBankAccountReviews };
  });
}
