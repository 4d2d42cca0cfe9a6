import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { withTenant } from '@/lib/db/tenant-tx';
import { bankAccountInclude, formatBankAccount } from './format-bank-account';


/** Manual accounts waiting for review, oldest first (the officers' review queue). */
export async function listBankAccountsForReview({ tenantId, page }: { tenantId: string; page: PageQuery }) {
  const where = { tenantId, source: 'Manual' as const, verificationStatus: 'PendingReview' as const };
  return withTenant(tenantId, async (tx) => {
    // One transaction is one connection: its queries run one after another.
    const total = await tx.bankAccount.count({ where });
    const rows = await tx.bankAccount.findMany({
        where,
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: { ...bankAccountInclude, entity: { select: { id: true, nameEn: true, nameAr: true } } },
        ...pageOf(page),
      });
    return {
      meta: buildMeta(page, total),
      data: rows.map((r) => ({ ...formatBankAccount(r), entity: { id: r.entity.id, nameEn: r.entity.nameEn, nameAr: r.entity.nameAr } })),
    };
  });
}
