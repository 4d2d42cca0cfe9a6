import { AppError } from '@/lib/core/errors';
import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { withTenant } from '@/lib/db/tenant-tx';
import { selectAddressesJson } from './address-json';

/** An entity's addresses, oldest first; an entity of another tenant is NOT_FOUND (not an empty list). */
export async function listEntityAddresses({ tenantId, entityId, page }: { tenantId: string; entityId: string; page: PageQuery }) {
  return withTenant(tenantId, async (tx) => {
    if (!(await tx.entity.findFirst({ where: { id: entityId, tenantId }, select: { id: true } }))) throw AppError.notFound();
    // One transaction is one connection: its queries run one after another.
    const total = await tx.address.count({ where: { tenantId, entityId } });
    const data = await selectAddressesJson(tx, { tenantId, entityId, ...pageOf(page) });
    return { meta: buildMeta(page, total), data };
  });
}
