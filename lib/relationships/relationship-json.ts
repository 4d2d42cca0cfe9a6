import type { Tx } from '@/lib/db/tenant-tx';
import type { RelationshipOut } from './relationship-schema';

/**
 * Relationships in the API's shape, read inside the caller's tenant transaction, in the order of
 * `ids`. PostgreSQL builds them (crm_relationships_json), as it does for the entity documents.
 */
export async function selectRelationshipsJson(tx: Tx, tenantId: string, ids: string[]): Promise<RelationshipOut[]> {
  if (!ids.length) return [];
  const rows = await tx.$queryRaw<{ id: string; json: string }[]>`
    SELECT x."id", x."relationship"::text AS json FROM crm_relationships_json(${tenantId}::uuid, ${ids}::uuid[]) x`;
  const byId = new Map(rows.map((row) => [row.id, JSON.parse(row.json) as RelationshipOut]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
