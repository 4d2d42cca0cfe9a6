import type pg from 'pg';
import { getPool } from '@/lib/db/client';

/**
 * The delivery hot path (one event = one dispatch transaction + one outcome transaction) runs as
 * plain SQL on the application pool: same role, same row-level security scope as withTenant(),
 * without the ORM's per-query overhead, which is what limits throughput on a small machine.
 */
export async function withTenantSql<T>(tenantId: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  try {
    await client.query(`BEGIN; SELECT set_config('app.tenant_id', '${uuid(tenantId)}', true)`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

function uuid(value: string): string {
  // Interpolated into the one multi-statement query above, so it must be exactly a UUID.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new Error('invalid tenant id');
  return value;
}
