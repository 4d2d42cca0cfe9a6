import { ApiError } from '@/lib/api/errors';
import { loadEntities, withTenantReader } from './load-entities';
import type { EntityProfileOut } from './schemas';

/** The complete profile (unwrapped Entity + bankAccounts + addresses); another tenant's id is NOT_FOUND. */
export async function getEntity({ tenantId, entityId }: { tenantId: string; entityId: string }): Promise<EntityProfileOut> {
  const [entity] = await withTenantReader(tenantId, (run) => loadEntities(run, tenantId, [entityId], { profile: true }));
  if (!entity) throw ApiError.notFound();
  return entity;
}
