import { getPrisma, type Tx } from './client';
import { idempotencyMarkStatement } from './idempotency-scope';

export type { Tx };

const TX_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

/**
 * Runs `work` in a transaction that PostgreSQL row-level security scopes to one tenant.
 * Services still filter by tenantId themselves; this is the second wall that catches a
 * forgotten filter.
 */
export function withTenant<T>(tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return getPrisma().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true)`;
    const result = await work(tx);
    const mark = idempotencyMarkStatement(tenantId);
    if (mark) await tx.$executeRawUnsafe(mark.sql, ...mark.values);
    return result;
  }, TX_OPTIONS);
}

/**
 * Runs `work` with platform scope: for code that must cross tenants by design (API key
 * lookup before the tenant is known, sign-in, the CLI, the job worker).
 */
export function withPlatform<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return getPrisma().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT set_config('app.scope', 'platform', true)`;
    return work(tx);
  }, TX_OPTIONS);
}
