import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { getPrisma } from '@/lib/db/client';
import type { AddressOut } from '@/lib/entities/schemas';

/**
 * Saudi cities (global reference data, prisma/sql/reference/cities.sql), by English name. PostgreSQL
 * builds each City (crm_city_json in prisma/sql), as it does for an address's `city`.
 */
export async function listCities({ page }: { page: PageQuery }) {
  const prisma = getPrisma();
  const { skip, take } = pageOf(page);
  const [total, rows] = await Promise.all([
    prisma.city.count(),
    prisma.$queryRaw<{ json: string }[]>`
      SELECT crm_city_json(c)::text AS json FROM "City" c ORDER BY c."nameEn" LIMIT ${take}::int OFFSET ${skip}::int`,
  ]);
  return { meta: buildMeta(page, total), data: rows.map((row) => JSON.parse(row.json) as NonNullable<AddressOut['city']>) };
}
