import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { withTenant } from '@/lib/db/tenant-tx';
import type { BankAccountOut } from './schemas';

interface ReviewQueueItem extends BankAccountOut {
  entity: { id: string; nameEn: string | null; nameAr: string | null };
}

/**
 * Manual accounts waiting for review, oldest first (the officers' review queue), each with its
 * entity's names. The accounts come from crm_bank_account_json (prisma/sql), the one producer of
 * the BankAccount shape.
 */
export async function listBankAccountsForReview({ tenantId, page }: { tenantId: string; page: PageQuery }) {
  const where = { tenantId, source: 'Manual' as const, verificationStatus: 'PendingReview' as const };
  const { skip, take } = pageOf(page);
  return withTenant(tenantId, async (tx) => {
    // One transaction is one connection: its queries run one after another.
    const total = await tx.bankAccount.count({ where });
    const rows = await tx.$queryRaw<{ account: string; entity: string }[]>`
      SELECT crm_bank_account_json(b, a)::text AS account,
             json_build_object('id', e."id", 'nameEn', e."nameEn", 'nameAr', e."nameAr")::text AS entity
      FROM "BankAccount" b
      JOIN "Entity" e ON e."id" = b."entityId"
      LEFT JOIN "Attachment" a ON a."id" = b."attachmentId"
      WHERE b."tenantId" = ${tenantId}::uuid AND b."source" = 'Manual' AND b."verificationStatus" = 'PendingReview'
      ORDER BY b."createdAt", b."id"
      LIMIT ${take}::int OFFSET ${skip}::int`;
    return {
      meta: buildMeta(page, total),
      data: rows.map((r): ReviewQueueItem => ({ ...(JSON.parse(r.account) as BankAccountOut), entity: JSON.parse(r.entity) as ReviewQueueItem['entity'] })),
    };
  });
}
