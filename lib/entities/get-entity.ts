import { ApiError } from '@/lib/api/errors';
import { RawJson } from '@/lib/api/raw-json';
import { ENTITY_PROFILE_SQL } from './entity-json-sql';
import { entityJsonText, withTenantReader } from './load-entities';
import type { EntityProfileOut } from './schemas';

/** The complete profile (unwrapped Entity + bankAccounts + addresses + rawData) as JSON text; another tenant's id is NOT_FOUND. */
export async function getEntityJson({ tenantId, entityId }: { tenantId: string; entityId: string }): Promise<RawJson> {
  const [row] = await withTenantReader(tenantId, (run) =>
    run<{ nationalityCode: string | null; document: string; extra: string }>(ENTITY_PROFILE_SQL, [tenantId, entityId]),
  );
  if (!row) throw ApiError.notFound();
  return new RawJson(entityJsonText(row));
}

/** The complete profile, parsed (the officer UI). */
export async function getEntity(args: { tenantId: string; entityId: string }): Promise<EntityProfileOut> {
  return (await getEntityJson(args)).parse<EntityProfileOut>();
}
