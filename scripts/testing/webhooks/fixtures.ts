import { afterAll, beforeAll } from 'vitest';
import type { Runner } from 'graphile-worker';
import { withTenant } from '@/lib/db/tenant-tx';
import { startWorker } from '@/lib/jobs/worker';
import type { TestDatabase } from '@/scripts/testing/db';
import { startReceiver, type Behaviour, type Receiver } from './receiver';
import { emitEvent } from '@/lib/jobs/outbox';
import { registerWebhookEndpoint } from '@/lib/webhooks/endpoints';

export const TEST_SECRET = 'test-webhook-secret-0123456789';
export const ADMIN = { type: 'user' as const, id: 'test-admin' };

/** Test settings: loopback receivers allowed, fast retries, a short timeout. */
export function useFastWebhookSettings(): void {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  process.env.WEBHOOK_RETRY_DELAYS_MS = '50,50,50,50,50';
  process.env.WEBHOOK_TIMEOUT_MS = '1000';
  process.env.WEBHOOK_TEST_INTERVAL_MS = '10000';
}

export async function registerReceiver(tenantId: string, url: string, eventTypes: string[] = []) {
  return registerWebhookEndpoint({ tenantId, url, secret: TEST_SECRET, eventTypes: eventTypes as never, actor: ADMIN });
}

export async function emit(tenantId: string, type: string, data: unknown = { n: 1 }): Promise<string> {
  return (await withTenant(tenantId, (tx) => emitEvent(tx, { tenantId, type, data }))).id;
}

/** Stops an in-process worker and lets its pool finish closing before the test database is dropped. */
export async function stopWorker(runner: { stop(): Promise<void> } | undefined): Promise<void> {
  await runner?.stop();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/**
 * An in-process worker on the file's test database for the whole file, and receivers started on
 * demand; all are stopped after the file's tests.
 */
export function useWorkerAndReceivers(db: { current(): TestDatabase }, { concurrency = 4 } = {}) {
  let runner: Runner | undefined;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    runner = await startWorker({ connectionString: db.current().url, concurrency });
  });
  afterAll(async () => {
    await stopWorker(runner);
    await Promise.all(receivers.map((r) => r.close()));
  });
  return {
    receiver: async (initial?: Behaviour): Promise<Receiver> => {
      const r = await startReceiver(initial);
      receivers.push(r);
      return r;
    },
  };
}
