import { getPool } from '@/lib/db/client';
import type { Tx } from '@/lib/db/tenant-tx';
import { getNationality } from '@/lib/reference/nationalities';
import { ENTITY_LIST_SQL, ENTITY_PROFILE_SQL } from './entity-json-sql';
import type { EntityOut, EntityProfileOut } from './schemas';

/** Runs one parameterised statement inside the caller's tenant-scoped transaction. */
export type RunSql = <T>(sql: string, params: unknown[]) => Promise<T[]>;

export const prismaRunner =
  (tx: Tx): RunSql =>
  <T>(sql: string, params: unknown[]) =>
    tx.$queryRawUnsafe<T[]>(sql, ...params);

/**
 * Reads with a plain pg client in a transaction scoped by row-level security to one tenant: for
 * the hot read paths (profile, list), where Prisma's interactive transaction and per-relation
 * queries cost more than the query itself.
 */
export async function withTenantReader<T>(tenantId: string, work: (run: RunSql) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  let broken = false;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    const result = await work(async <R>(sql: string, params: unknown[]) => (await client.query(sql, params)).rows as R[]);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Entities by id in the API's shape, in the order of `ids` (missing ids are skipped). */
export async function loadEntities(run: RunSql, tenantId: string, ids: string[]): Promise<EntityOut[]>;
export async function loadEntities(run: RunSql, tenantId: string, ids: string[], options: { profile: true }): Promise<EntityProfileOut[]>;
export async function loadEntities(run: RunSql, tenantId: string, ids: string[], options: { profile?: boolean } = {}) {
  if (!ids.length) return [];
  const rows = await run<{ id: string; entity: EntityProfileOut }>(options.profile ? ENTITY_PROFILE_SQL : ENTITY_LIST_SQL, [tenantId, ids]);
  const byId = new Map(rows.map((r) => [r.id, r.entity]));
  return ids.flatMap((id) => {
    const entity = byId.get(id);
    if (!entity) return [];
    entity.nationality = getNationality(entity.nationalityCode);
    return [entity];
  });
}
