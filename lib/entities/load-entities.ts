import type { Tx } from '@/lib/db/tenant-tx';
import { ENTITY_DOCUMENTS_SQL } from './entity-json-sql';
import type { EntityOut } from './schemas';

/** Runs one parameterised statement inside the caller's tenant-scoped transaction. */
export type RunSql = <T>(sql: string, params: unknown[]) => Promise<T[]>;

export const prismaRunner =
  (tx: Tx): RunSql =>
  <T>(sql: string, params: unknown[]) =>
    tx.$queryRawUnsafe<T[]>(sql, ...params);

type DocumentRow = { entityId: string; document: string };

/** Entities by id in the API's list shape, as JSON texts in the order of `ids` (missing ids are skipped). */
export async function loadEntityTexts(run: RunSql, tenantId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const byId = new Map((await run<DocumentRow>(ENTITY_DOCUMENTS_SQL, [tenantId, ids])).map((row) => [row.entityId, row.document]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Entities by id in the API's list shape (parsed), in the order of `ids`. */
export async function loadEntities(run: RunSql, tenantId: string, ids: string[]): Promise<EntityOut[]> {
  return (await loadEntityTexts(run, tenantId, ids)).map((text) => JSON.parse(text) as EntityOut);
}
