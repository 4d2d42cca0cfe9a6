import { withPlatform, withTenant } from '@/lib/db/tenant-tx';

/** How long a first answer is replayed (Stripe keeps keys 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A first request that neither finished nor failed within this time is taken to have died with its
 * process (kill -9, a lost connection): a retry may run it again. Longer than any request may take.
 */
export const IDEMPOTENCY_LOCK_MS = Number(process.env.IDEMPOTENCY_LOCK_MS ?? 60_000);

export type IdempotencyClaim =
  | { kind: 'owner' }
  | { kind: 'reused' }
  | { kind: 'in-use' }
  | { kind: 'answer-lost' }
  | { kind: 'replay'; status: number; contentType: string | null; body: Uint8Array };

/**
 * Claims `key` for this request, or says why not: the same key with another fingerprint (reused),
 * a first request still running (in-use), or its stored answer (replay). A key older than 24 hours,
 * or a first request that died, is taken over by this one.
 */
export async function claimIdempotencyKey({
  tenantId,
  key,
  fingerprint,
  now = new Date(),
}: {
  tenantId: string;
  key: string;
  fingerprint: string;
  now?: Date;
}): Promise<IdempotencyClaim> {
  return withTenant(tenantId, async (tx) => {
    const inserted = await tx.idempotencyKey.createMany({ data: [{ tenantId, key, fingerprint, createdAt: now }], skipDuplicates: true });
    if (inserted.count === 1) return { kind: 'owner' };
    const row = await tx.idempotencyKey.findUnique({ where: { tenantId_key: { tenantId, key } } });
    if (!row) return { kind: 'in-use' };
    const age = now.getTime() - row.createdAt.getTime();
    const abandoned = row.status === null && age > IDEMPOTENCY_LOCK_MS;
    // The first request's work committed (workCommittedAt, written in its own transaction) but its
    // process died before the answer was stored: running it again would do the work twice.
    if (age <= IDEMPOTENCY_TTL_MS && abandoned && row.fingerprint === fingerprint && row.workCommittedAt) return { kind: 'answer-lost' };
    if (age > IDEMPOTENCY_TTL_MS || (abandoned && row.fingerprint === fingerprint)) {
      // Only one of several concurrent retries wins the take-over: the row must still be the one read.
      const taken = await tx.idempotencyKey.updateMany({
        where: { tenantId, key, createdAt: row.createdAt },
        data: { fingerprint, createdAt: now, status: null, contentType: null, body: null, completedAt: null, workCommittedAt: null },
      });
      return taken.count === 1 ? { kind: 'owner' } : { kind: 'in-use' };
    }
    if (row.fingerprint !== fingerprint) return { kind: 'reused' };
    if (row.status === null) return { kind: 'in-use' };
    return { kind: 'replay', status: row.status, contentType: row.contentType, body: new Uint8Array(row.body ?? new Uint8Array()) };
  });
}

/** Stores the first answer under the key the request owns. */
export async function completeIdempotencyKey({
  tenantId,
  key,
  status,
  contentType,
  body,
}: {
  tenantId: string;
  key: string;
  status: number;
  contentType: string | null;
  body: Uint8Array;
}): Promise<void> {
  await withTenant(tenantId, (tx) =>
    tx.idempotencyKey.updateMany({ where: { tenantId, key, status: null }, data: { status, contentType, body: Buffer.from(body), completedAt: new Date() } }),
  );
}

/**
 * Frees a key whose request failed on our side (5xx) before writing anything, so a retry may run it.
 * A request that had already committed some work keeps its key: a retry after the lock time is told
 * IDEMPOTENCY_ANSWER_LOST instead of doing that work a second time.
 */
export async function releaseIdempotencyKey({ tenantId, key }: { tenantId: string; key: string }): Promise<void> {
  await withTenant(tenantId, (tx) => tx.idempotencyKey.deleteMany({ where: { tenantId, key, status: null, workCommittedAt: null } }));
}

/** The hourly job: forgets keys older than 24 hours, across tenants. */
export async function expireIdempotencyKeys({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const { count } = await withPlatform((tx) => tx.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } } }));
  return count;
}
