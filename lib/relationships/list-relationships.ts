import { buildMeta, pageOf } from '@/lib/core/pagination';
import { formatTimestamp } from '@/lib/core/format';
import { withTenant } from '@/lib/db/tenant-tx';
import type { Prisma } from '@/lib/generated/prisma/client';
import { selectRelationshipsJson } from './relationship-json';
import type { ListRelationshipsQuery, QueuedRelationshipOut } from './schemas';

/**
 * The officers' approval queue: the tenant's relationships, most recently changed first, each with
 * its newest invitation (recipient, language, sent, expiry; never the token). Filters: status,
 * type, one entity (either side), a name or e-mail of either side, decided within N days.
 */
export async function listRelationships({ tenantId, query }: { tenantId: string; query: ListRelationshipsQuery }) {
  const party = (q: string): Prisma.EntityWhereInput => ({
    OR: [{ nameEn: { contains: q, mode: 'insensitive' } }, { nameAr: { contains: q } }, { email: { contains: q, mode: 'insensitive' } }],
  });
  const where: Prisma.RelationshipWhereInput = {
    tenantId,
    ...(query.approvalStatus ? { approvalStatus: query.approvalStatus } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.decidedWithinDays ? { decidedAt: { gte: new Date(Date.now() - query.decidedWithinDays * 86_400_000) } } : {}),
    AND: [
      ...(query.entityId ? [{ OR: [{ sourceEntityId: query.entityId }, { targetEntityId: query.entityId }] }] : []),
      ...(query.q ? [{ OR: [{ sourceEntity: party(query.q) }, { targetEntity: party(query.q) }] }] : []),
    ],
  };
  return withTenant(tenantId, async (tx) => {
    const [rows, totalCount] = await Promise.all([
      tx.relationship.findMany({
        where,
        orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
        ...pageOf(query),
        select: {
          id: true,
          invitations: {
            orderBy: { createdAt: 'desc' },
            take: 1,
            select: { recipient: true, language: true, createdAt: true, expiresAt: true, usedAt: true },
          },
        },
      }),
      tx.relationship.count({ where }),
    ]);
    const json = await selectRelationshipsJson(
      tx,
      tenantId,
      rows.map((row) => row.id),
    );
    const invitations = new Map(rows.map((row) => [row.id, row.invitations[0]]));
    const data: QueuedRelationshipOut[] = json.map((relationship) => {
      const invitation = invitations.get(relationship.id);
      return {
        ...relationship,
        invitation: invitation
          ? {
              recipient: invitation.recipient,
              language: invitation.language === 'ar' ? 'ar' : 'en',
              sentAt: formatTimestamp(invitation.createdAt),
              expiresAt: formatTimestamp(invitation.expiresAt),
              usedAt: formatTimestamp(invitation.usedAt),
            }
          : null,
      };
    });
    return { meta: buildMeta(query, totalCount), data };
  });
}
