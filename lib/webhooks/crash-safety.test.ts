import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '@/lib/db/tenant-tx';
import { emitEvent } from '@/lib/jobs/outbox';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { startReceiver, type Receiver } from '@/scripts/testing/webhooks/receiver';
import { registerReceiver, useFastWebhookSettings } from '@/scripts/testing/webhooks/fixtures';

// Kills the worker PROCESS (SIGKILL, no chance to clean up) while deliveries are in flight, starts
// a new one, and checks that every event still arrives, under its original id.

useFastWebhookSettings();
const db = useTestDatabase();
let receiver: Receiver;
const children: ChildProcess[] = [];
const EVENTS = 30;

function startWorkerProcess(): ChildProcess {
  // detached: its own process group, so SIGKILL reaches tsx's node child too.
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/worker.ts'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATABASE_URL: db.current().url,
      WORKER_CONCURRENCY: '10',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_SWEEP_INTERVAL_MS: '500',
      WEBHOOK_STALE_LOCK_MS: '3000',
      LOG_LEVEL: 'warn',
    },
  });
  children.push(child);
  return child;
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, signal);
    } catch {
      resolve();
    }
  });
}

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  for (const child of children) await kill(child, 'SIGKILL');
  await receiver?.close();
});

describe('crash safety', () => {
  it('SIGKILL mid-delivery, restart: every event delivered at least once, duplicates with the same id', async () => {
    const tenant = await createTestTenant();
    await registerReceiver(tenant.id, receiver.url);
    // Slow answers keep many deliveries in flight when the worker dies.
    receiver.setEventBehaviour({ kind: 'slow-ok', ms: 800 });

    const first = startWorkerProcess();
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      ids.push((await withTenant(tenant.id, (tx) => emitEvent(tx, { tenantId: tenant.id, type: 'TestEvent', data: { i } }))).id);
    }
    await expect.poll(() => receiver.events().length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    await kill(first, 'SIGKILL');
    const inFlight = await db.current().pool.query(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE "tenantId" = $1 AND state = 'sending'`, [tenant.id]);
    expect(inFlight.rows[0].n).toBeGreaterThan(0);
    const undelivered = await db
      .current()
      .pool.query(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE "tenantId" = $1 AND state = 'delivered' AND "eventType" <> 'handshake'`, [tenant.id]);
    expect(undelivered.rows[0].n).toBeLessThan(EVENTS);

    startWorkerProcess();
    const received = () => new Set(receiver.events().map((e) => e.headers['webhook-id'] as string));
    await expect.poll(() => ids.filter((id) => !received().has(id)).length, { timeout: 60_000, interval: 250 }).toBe(0);

    // Nothing but the emitted ids was ever sent, and each body carries the id in its header.
    for (const e of receiver.events()) {
      expect(ids).toContain(e.headers['webhook-id']);
      expect((JSON.parse(e.body) as { id: string }).id).toBe(e.headers['webhook-id']);
    }
    await expect
      .poll(
        async () =>
          (
            await db
              .current()
              .pool.query(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE "tenantId" = $1 AND state = 'delivered' AND "eventType" <> 'handshake'`, [
                tenant.id,
              ])
          ).rows[0].n,
        { timeout: 20_000 },
      )
      .toBe(EVENTS);
    const interrupted = await db
      .current()
      .pool.query(`SELECT count(*)::int AS n FROM "WebhookAttempt" WHERE "tenantId" = $1 AND error LIKE 'interrupted%'`, [tenant.id]);
    expect(interrupted.rows[0].n).toBeGreaterThan(0);
  }, 120_000);
});
