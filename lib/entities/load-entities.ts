import { sqlOf } from '@/lib/db/sql';
import type { Tx } from '@/lib/db/tenant-tx';
import type { EntityOut } from './schemas';

/** Tenant $1's entities whose ids are in $2, each its stored document (EntityDocument, kept by triggers in the same transaction). */
export const ENTITY_DOCUMENTS_SQL =
  'SELECT d."entityId", d."document"::text AS "document" FROM "EntityDocument" d WHERE d."tenantId" = $1::uuid AND d."entityId" = ANY($2::uuid[])';

/**
 * Entities by id in the API's list shape, read inside the caller's tenant-scoped transaction (the
 * create routes answer with what they wrote), in the order of `ids`; a missing id is skipped.
 */
export async function loadEntities(tx: Tx, tenantId: string, ids: string[]): Promise<EntityOut[]> {
  if (!ids.length) return [];
  const { rows } = await sqlOf(tx).query<{ entityId: string; document: string }>(ENTITY_DOCUMENTS_SQL, [tenantId, ids]);
  const byId = new Map(rows.map((row) => [row.entityId, row.document]));
  return ids.flatMap((id) => {
    const document = byId.get(id);
    return document === undefined ? [] : [JSON.parse(document) as EntityOut];
  });
}
