import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { formatTimestamp } from '@/lib/core/format';
import { getPrisma } from '@/lib/db/client';

/** Saudi cities (global reference data seeded by the records migration), by English name. */
export async function listCities({ page }: { page: PageQuery }) {
  const prisma = getPrisma();
  const [total, rows] = await Promise.all([
    prisma.city.count(),
    prisma.city.findMany({ orderBy: { nameEn: 'asc' }, ...pageOf(page) }),
  ]);
  return {
    meta: buildMeta(page, total),
    data: rows.map((c) => ({ id: c.id, createdAt: formatTimestamp(c.createdAt), updatedAt: formatTimestamp(c.updatedAt), nameEn: c.nameEn, nameAr: c.nameAr })),
  };
}
