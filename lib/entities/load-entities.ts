import type { Tx } from '@/lib/db/tenant-tx';
import { ENTITY_DOCUMENTS_SQL } from './entity-json-sql';
import type { EntityOut } from './schemas';

/**
 * Entities by id in the API's list shape, read inside the caller's tenant-scoped transaction (the
 * create routes answer with what they wrote), in the order of `ids`; a missing id is skipped.
 */
export async function loadEntities(tx: Tx, tenantId: string, ids: string[]): Promise<EntityOut[]> {
  if (!ids.length) return [];
  const rows = await tx.$queryRawUnsafe<{ entityId: string; document: string }[]>(ENTITY_DOCUMENTS_SQL, tenantId, ids);
  const byId = new Map(rows.map((row) => [row.entityId, row.document]));
  return ids.flatMap((id) => {
    const document = byId.get(id);
    return document === undefined ? [] : [JSON.parse(document) as EntityOut];
  });
}
