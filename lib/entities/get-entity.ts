import { AppError } from '@/lib/core/errors';
import { RawJson } from '@/lib/core/raw-json';
import { queryAsTenant } from '@/lib/db/sql';
import type { EntityProfileOut } from './schemas';

/** The complete profile (unwrapped Entity + bankAccounts + addresses + rawData) as JSON text; another tenant's id is NOT_FOUND. */
export async function getEntityJson({ tenantId, entityId }: { tenantId: string; entityId: string }): Promise<RawJson> {
  // One statement: crm_entity_profile_body (prisma/sql/functions) scopes row-level security to the
  // tenant for its own statement and builds the whole body (README, Benchmarks, says why).
  const rows = await queryAsTenant<{ body: string | null }>(tenantId, {
    name: 'crm_entity_profile_body',
    text: 'SELECT crm_entity_profile_body($1, $2) AS body',
    values: [entityId],
  });
  const body = rows[0]?.body;
  if (!body) throw AppError.notFound();
  return new RawJson(body);
}

/** The complete profile, parsed (the officer UI). */
export async function getEntity(args: { tenantId: string; entityId: string }): Promise<EntityProfileOut> {
  return (await getEntityJson(args)).parse<EntityProfileOut>();
}
