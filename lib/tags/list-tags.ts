import { withTenant } from '@/lib/db/tenant-tx';
import type { TagOut } from './schemas';
import { selectTagsJson } from './tag-json';

/**
 * The tenant's tags, by English name. The spec's response is `{data}` without meta, and tag sets are
 * small, so the whole set is returned (capped at 1,000 as a safety net).
 */
export async function listTags({ tenantId, scope }: { tenantId: string; scope?: TagOut['scope'] }) {
  return { data: await withTenant(tenantId, (tx) => selectTagsJson(tx, { tenantId, scope, take: 1000 })) };
}
