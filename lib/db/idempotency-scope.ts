import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The Idempotency-Key a request is running under (set by the route wrapper around the handler).
 * Every tenant transaction that writes anything during the request also marks the key
 * (`IdempotencyKey.workCommittedAt`), in the same transaction: so if the process dies after the work
 * committed but before the answer was stored, a retry knows the work is done and does not run it a
 * second time.
 */
interface IdempotencyScope {
  tenantId: string;
  key: string;
}

const scope = new AsyncLocalStorage<IdempotencyScope>();

export function runInIdempotencyScope<T>(current: IdempotencyScope, work: () => Promise<T>): Promise<T> {
  return scope.run(current, work);
}

/**
 * The statement that marks the key, when the transaction has written (has a transaction id) and a
 * key of this tenant is in scope; null otherwise. Run it last in the transaction.
 */
export function idempotencyMarkStatement(tenantId: string): { sql: string; values: unknown[] } | null {
  const current = scope.getStore();
  if (!current || current.tenantId !== tenantId) return null;
  return {
    sql: `UPDATE "IdempotencyKey" SET "workCommittedAt" = now()
          WHERE "tenantId" = $1::uuid AND "key" = $2 AND "status" IS NULL AND "workCommittedAt" IS NULL
            AND (SELECT txid_current_if_assigned()) IS NOT NULL`,
    values: [tenantId, current.key],
  };
}
