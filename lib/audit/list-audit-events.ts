import { formatTimestamp } from '@/lib/core/format';
import { withTenant } from '@/lib/db/tenant-tx';

export interface AuditEventView {
  id: string;
  createdAt: string;
  action: string;
  actor: { type: string; id: string | null; displayName: string | null };
  before: unknown;
  after: unknown;
  requestId: string | null;
}

/**
 * The newest audit events of one record (the profile's timeline), with the acting officer's
 * display name where the actor is a user of this tenant. Uses the (tenantId, targetType,
 * targetId, createdAt) index, so the cost does not grow with the size of the audit table.
 */
export async function listAuditEvents({
  tenantId,
  targetType,
  targetId,
  limit = 50,
}: {
  tenantId: string;
  targetType: string;
  targetId: string;
  limit?: number;
}): Promise<AuditEventView[]> {
  return withTenant(tenantId, async (tx) => {
    const rows = await tx.auditLog.findMany({
      where: { tenantId, targetType, targetId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: Math.min(Math.max(limit, 1), 200),
    });
    const userIds = [...new Set(rows.filter((row) => row.actorType === 'user' && row.actorId).map((row) => row.actorId!))].filter((id) =>
      /^[0-9a-f-]{36}$/i.test(id),
    );
    const users = userIds.length ? await tx.user.findMany({ where: { id: { in: userIds }, tenantId }, select: { id: true, displayName: true } }) : [];
    const names = new Map(users.map((user) => [user.id, user.displayName]));
    return rows.map((row) => ({
      id: row.id,
      createdAt: formatTimestamp(row.createdAt),
      action: row.action,
      actor: { type: row.actorType, id: row.actorId, displayName: row.actorId ? (names.get(row.actorId) ?? null) : null },
      before: row.before,
      after: row.after,
      requestId: row.requestId,
    }));
  });
}
