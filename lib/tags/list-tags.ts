import { withTenant } from '@/lib/db/tenant-tx';
import { formatTag } from './format-tag';
import type { TagOut } from './schemas';

/**
 * The tenant's tags, by English name. The spec's response is `{data}` without meta, and tag sets are
 * small, so the whole set is returned (capped at 1,000 as a safety net).
 */
export async function listTags({ tenantId, scope }: { tenantId: string; scope?: TagOut['scope'] }) {
  const rows = await withTenant(tenantId, (tx) =>
    tx.tag.findMany({ where: { tenantId, ...(scope ? { scope } : {}) }, orderBy: [{ nameEn: 'asc' }, { id: 'asc' }], take: 1000 }),
  );
  return { data: rows.map(formatTag) };
}
