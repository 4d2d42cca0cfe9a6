import { AppError } from '@/lib/core/errors';
import { RawJson } from '@/lib/core/raw-json';
import { queryAsTenant } from '@/lib/db/sql';
import { beneficialOwnersOf, type StoredOwnershipGraph } from '@/lib/relationships/ownership-graph';
import type { EntityProfileOut } from './schemas';

/** The complete profile (unwrapped Entity + bankAccounts + addresses + rawData) as JSON text; another tenant's id is NOT_FOUND. */
export async function getEntityJson({ tenantId, entityId }: { tenantId: string; entityId: string }): Promise<RawJson> {
  // One statement: crm_entity_profile_body (prisma/sql/functions) scopes row-level security to the
  // tenant for its own statement and builds the whole body (bench/README.md, bench:records, says why).
  // The same statement reads the ownership graph above the entity (empty for most), whose
  // beneficial owners are spliced in before the closing brace: still one round trip, no re-parse.
  const rows = await queryAsTenant<{ body: string | null; graph: StoredOwnershipGraph | null }>(tenantId, {
    name: 'crm_entity_profile',
    text: 'SELECT crm_entity_profile_body($1, $2) AS body, crm_ownership_graph($1, $2) AS graph',
    values: [entityId],
  });
  const body = rows[0]?.body;
  if (!body) throw AppError.notFound();
  const owners = rows[0]!.graph?.edges.length ? beneficialOwnersOf(rows[0]!.graph, entityId) : [];
  return new RawJson(`${body.slice(0, -1)},"beneficialOwners":${JSON.stringify(owners)}}`);
}

/** The complete profile, parsed (the officer UI). */
export async function getEntity(args: { tenantId: string; entityId: string }): Promise<EntityProfileOut> {
  return (await getEntityJson(args)).parse<EntityProfileOut>();
}
