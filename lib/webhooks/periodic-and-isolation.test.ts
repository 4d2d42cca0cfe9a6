import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { getWebhookDelivery, getWebhookOverview, listWebhookDeliveries } from './admin-queries';
import { disableWebhookEndpoint } from './endpoints';
import { sendHandshake } from './handshake';
import { replayQueuedDeliveries } from './replay';
import { ADMIN, emit, registerReceiver, useFastWebhookSettings, useWorkerAndReceivers } from '@/scripts/testing/webhooks/fixtures';

useFastWebhookSettings();
const db = useTestDatabase();
const { receiver } = useWorkerAndReceivers(db);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(() => {
  delete process.env.WEBHOOK_HANDSHAKE_INTERVAL_MS;
});

describe('periodic handshakes', () => {
  it('run on the configured interval, bring a Paused webhook back to Active, and stop once Disabled', async () => {
    process.env.WEBHOOK_HANDSHAKE_INTERVAL_MS = '400';
    const tenant = await createTestTenant();
    const r = await receiver();
    r.setBehaviour(() => ({ kind: 'wrong-echo' }));
    expect(await registerReceiver(tenant.id, r.url)).toMatchObject({ status: 'Paused' });
    // Three failures in a row (the registration's and two periodic ones) notify the administrators.
    await expect.poll(() => r.handshakes().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(async () => (await getWebhookOverview({ tenantId: tenant.id })).notifications.length, { timeout: 5000 }).toBe(1);

    r.setBehaviour(() => ({ kind: 'echo', as: 'json' }));
    await expect.poll(async () => (await getWebhookOverview({ tenantId: tenant.id })).endpoint?.status, { timeout: 15_000 }).toBe('Active');
    expect((await getWebhookOverview({ tenantId: tenant.id })).endpoint?.consecutiveHandshakeFailures).toBe(0);

    await disableWebhookEndpoint({ tenantId: tenant.id, actor: ADMIN });
    await sleep(600);
    const count = r.handshakes().length;
    await sleep(1500);
    expect(r.handshakes().length).toBe(count);
    expect(await sendHandshake({ tenantId: tenant.id })).toBeNull();
  }, 60_000);
});

describe('tenant wall', () => {
  it("one tenant's deliveries, log and replay never reach another tenant's", async () => {
    delete process.env.WEBHOOK_HANDSHAKE_INTERVAL_MS;
    const a = await createTestTenant();
    const b = await createTestTenant();
    const ra = await receiver();
    const rb = await receiver();
    await registerReceiver(a.id, ra.url);
    await registerReceiver(b.id, rb.url);
    const id = await emit(a.id, 'EntityStatusUpdate');
    await expect.poll(() => ra.events().length, { timeout: 10_000 }).toBe(1);
    expect(rb.events()).toHaveLength(0);

    const mine = (await listWebhookDeliveries({ tenantId: a.id, page: 1 })).rows.find((d) => d.eventId === id)!;
    expect(await getWebhookDelivery({ tenantId: a.id, deliveryId: mine.id })).toMatchObject({ eventId: id });
    expect(await getWebhookDelivery({ tenantId: b.id, deliveryId: mine.id })).toBeNull();
    expect((await listWebhookDeliveries({ tenantId: b.id, page: 1 })).rows.some((d) => d.eventId === id)).toBe(false);
    expect(await replayQueuedDeliveries({ tenantId: b.id, actor: ADMIN })).toMatchObject({ replaying: 0 });
    // The database wall too: the application role sees no rows of A when scoped to B.
    const client = await db.current().pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE crm_app');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [b.id]);
      const rows = await client.query(`SELECT 1 FROM "WebhookDelivery" WHERE "eventId" = $1`, [id]);
      expect(rows.rowCount).toBe(0);
      const endpoints = await client.query(`SELECT "tenantId" FROM "WebhookEndpoint"`);
      expect(endpoints.rows).toEqual([{ tenantId: b.id }]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
