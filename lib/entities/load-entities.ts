import crypto from 'node:crypto';
import { getPool } from '@/lib/db/client';
import type { Tx } from '@/lib/db/tenant-tx';
import { getNationality } from '@/lib/reference/nationalities';
import { ENTITY_DOCUMENTS_SQL } from './entity-json-sql';
import type { EntityOut } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    // One round trip: the tenant id is a UUID from our own key lookup, checked before it is inlined.
    // Generic plans: these statements are prepared, and with the default plan_cache_mode PostgreSQL
    // keeps re-planning the entity JSON statement (about 2 ms, ten times its execution) because its
    // generic cost estimate looks higher than a custom plan's. Their plans do not depend on the
    // values (index lookups by tenant and id). The list page runs in crm_entity_page, which sets the
    // same mode itself; its filtered searches are dynamic SQL, planned per call.
    if (!UUID.test(tenantId)) throw new Error('withTenantReader: tenantId is not a UUID');
    await client.query(`BEGIN READ ONLY; SET LOCAL plan_cache_mode = force_generic_plan; SELECT set_config('app.tenant_id', '${tenantId}', true)`);
    const result = await work(async <R>(sql: string, params: unknown[]) => (await client.query({ name: statementName(sql), text: sql, values: params })).rows as R[]);
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

const statementNames = new Map<string, string>();

/**
 * Named (prepared) statements: pg prepares each once per connection and PostgreSQL reuses the
 * generic plan (see withTenantReader).
 */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `crm_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    statementNames.set(sql, name);
  }
  return name;
}

const nationalityJson = new Map<string | null, string>();

/** The `nationality` value (object or null): reference data from i18n-iso-countries, serialised once per code. */
function nationalityOf(code: string | null): string {
  let json = nationalityJson.get(code);
  if (json === undefined) {
    json = JSON.stringify(getNationality(code));
    nationalityJson.set(code, json);
  }
  return json;
}

/**
 * An entity in the API's shape, as JSON text: its stored document (a JSON object from
 * json_build_object, never empty) with `nationality` added, and the profile's extra object's
 * members when given. Splicing the texts keeps the database's JSON as it is.
 */
export function entityJsonText(row: { nationalityCode: string | null; document: string; extra?: string }): string {
  const head = `${row.document.slice(0, row.document.lastIndexOf('}'))},"nationality":${nationalityOf(row.nationalityCode)}`;
  return row.extra ? `${head},${row.extra.slice(row.extra.indexOf('{') + 1)}` : `${head}}`;
}

/** Entities by id in the API's list shape, as JSON texts in the order of `ids` (missing ids are skipped). */
export async function loadEntityTexts(run: RunSql, tenantId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return entityTextsInOrder(await run<DocumentRow>(ENTITY_DOCUMENTS_SQL, [tenantId, ids]), ids);
}

type DocumentRow = { entityId: string; nationalityCode: string | null; document: string };

/** The rows' entities as JSON texts in the order of `ids`; an id without a row is skipped. */
export function entityTextsInOrder(rows: DocumentRow[], ids: string[]): string[] {
  const byId = new Map(rows.map((row) => [row.entityId, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [entityJsonText(row)] : [];
  });
}

/** Entities by id in the API's list shape (parsed), in the order of `ids`. */
export async function loadEntities(run: RunSql, tenantId: string, ids: string[]): Promise<EntityOut[]> {
  return (await loadEntityTexts(run, tenantId, ids)).map((text) => JSON.parse(text) as EntityOut);
}
