import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { disableWebhookEndpoint, enableWebhookEndpoint, getWebhookStatus } from './endpoints';
import { sendHandshake } from './handshake';
import { replayQueuedDeliveries } from './replay';
import type { Behaviour } from '@/scripts/testing/webhooks/receiver';
import { ADMIN, emit, registerReceiver, TEST_SECRET, useFastWebhookSettings, useWorkerAndReceivers } from '@/scripts/testing/webhooks/fixtures';

useFastWebhookSettings();
const db = useTestDatabase();
const { receiver } = useWorkerAndReceivers(db, { concurrency: 8 });

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.current().pool.query(sql, params)).rows as T[];
const endpointOf = async (tenantId: string) =>
  (await q<{ status: string; consecutiveHandshakeFailures: number }>(`SELECT * FROM "WebhookEndpoint" WHERE "tenantId" = $1`, [tenantId]))[0]!;
const deliveriesOf = (tenantId: string) =>
  q<{ eventId: string; state: string; attempts: number; nextAttemptAt: Date | null }>(
    `SELECT * FROM "WebhookDelivery" WHERE "tenantId" = $1 AND "eventType" <> 'handshake' ORDER BY "eventCreatedAt"`,
    [tenantId],
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const verifier = new Webhook(Buffer.from(TEST_SECRET).toString('base64'));

describe('handshake', () => {
  it('registration sends a signed handshake; an echo (text or JSON) makes the webhook Active', async () => {
    for (const as of ['text', 'json'] as const) {
      const tenant = await createTestTenant();
      const r = await receiver();
      r.setBehaviour(() => ({ kind: 'echo', as }));
      const summary = await registerReceiver(tenant.id, r.url);
      expect(summary).toMatchObject({ status: 'Active', handshake: { ok: true }, secret: expect.stringMatching(/^•+6789$/) });
      const [hs] = r.handshakes();
      const payload = verifier.verify(hs!.body, hs!.headers as Record<string, string>) as Record<string, unknown>;
      expect(Object.keys(payload).sort()).toEqual(['challenge', 'id', 'type']);
      expect(payload.type).toBe('handshake');
      expect(hs!.headers['webhook-id']).toBe(payload.id);
      expect(hs!.headers['x-signature']).toBe(hs!.headers['webhook-signature']);
      expect(await endpointOf(tenant.id)).toMatchObject({ status: 'Active', consecutiveHandshakeFailures: 0 });
    }
  });

  it('wrong echo three times → Paused and administrators notified; events queue; success → Active, counter 0, queue waits for replay', async () => {
    const tenant = await createTestTenant();
    const r = await receiver();
    await registerReceiver(tenant.id, r.url);
    r.setBehaviour(() => ({ kind: 'wrong-echo' }));
    expect(await sendHandshake({ tenantId: tenant.id })).toMatchObject({ ok: false, status: 'Active', consecutiveHandshakeFailures: 1 });
    expect(await sendHandshake({ tenantId: tenant.id })).toMatchObject({ ok: false, status: 'Active', consecutiveHandshakeFailures: 2 });
    expect(await q(`SELECT * FROM "AdminNotification" WHERE "tenantId" = $1`, [tenant.id])).toHaveLength(0);
    expect(await sendHandshake({ tenantId: tenant.id })).toMatchObject({ ok: false, status: 'Paused', consecutiveHandshakeFailures: 3 });
    const notices = await q<{ kind: string; messageAr: string }>(`SELECT * FROM "AdminNotification" WHERE "tenantId" = $1`, [tenant.id]);
    expect(notices).toMatchObject([{ kind: 'webhook-paused-handshakes' }]);
    expect(await getWebhookStatus({ tenantId: tenant.id })).toEqual({ status: 'Paused' });

    const ids = [
      await emit(tenant.id, 'EntityStatusUpdate', { n: 1 }),
      await emit(tenant.id, 'EntityStatusUpdate', { n: 2 }),
      await emit(tenant.id, 'KycStatusUpdate', { n: 3 }),
    ];
    await expect.poll(async () => (await deliveriesOf(tenant.id)).length, { timeout: 10_000 }).toBe(3);
    expect((await deliveriesOf(tenant.id)).every((d) => d.state === 'queued' && d.nextAttemptAt === null)).toBe(true);
    // Paused keeps the counter: a fourth failure counts on.
    expect(await sendHandshake({ tenantId: tenant.id })).toMatchObject({ status: 'Paused', consecutiveHandshakeFailures: 4 });

    r.setBehaviour(() => ({ kind: 'echo', as: 'text' }));
    expect(await sendHandshake({ tenantId: tenant.id })).toMatchObject({ ok: true, status: 'Active', consecutiveHandshakeFailures: 0 });
    await sleep(1500);
    expect(r.events()).toHaveLength(0);

    expect(await replayQueuedDeliveries({ tenantId: tenant.id, actor: ADMIN })).toMatchObject({ replaying: 3 });
    await expect.poll(() => r.events().length, { timeout: 10_000 }).toBe(3);
    expect(r.events().map((e) => e.headers['webhook-id'])).toEqual(ids);
    expect(r.events().map((e) => (JSON.parse(e.body) as { id: string }).id)).toEqual(ids);
    await expect.poll(async () => (await deliveriesOf(tenant.id)).map((d) => d.state), { timeout: 5000 }).toEqual(['delivered', 'delivered', 'delivered']);
    const history = await q<{ toStatus: string; reason: string }>(`SELECT * FROM "WebhookStatusChange" WHERE "tenantId" = $1 ORDER BY "createdAt"`, [
      tenant.id,
    ]);
    expect(history.map((h) => `${h.toStatus}:${h.reason}`)).toEqual([
      'Paused:registered',
      'Active:handshake-succeeded',
      'Paused:handshake-failures',
      'Active:handshake-succeeded',
    ]);
  });
});

describe('delivery', () => {
  it('delivers a signed envelope {id, type, tenant, createdAt, data} that the standardwebhooks library verifies', async () => {
    const tenant = await createTestTenant();
    const r = await receiver();
    await registerReceiver(tenant.id, r.url);
    const id = await emit(tenant.id, 'EntityStatusUpdate', { entityId: 'e1', status: 'Blocked' });
    await expect.poll(() => r.events().length, { timeout: 10_000 }).toBe(1);
    const [event] = r.events();
    const payload = verifier.verify(event!.body, event!.headers as Record<string, string>);
    expect(payload).toEqual({
      id,
      type: 'EntityStatusUpdate',
      tenant: tenant.slug,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/),
      data: { entityId: 'e1', status: 'Blocked' },
    });
    expect(event!.headers['x-webhook-event']).toBe('EntityStatusUpdate');
    await expect.poll(async () => (await deliveriesOf(tenant.id))[0]?.state, { timeout: 5000 }).toBe('delivered');
    const [attempt] = await q<{ statusCode: number; responseExcerpt: string; durationMs: number }>(
      `SELECT a.* FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId" WHERE d."eventId" = $1`,
      [id],
    );
    expect(attempt).toMatchObject({ statusCode: 200, responseExcerpt: 'ok' });
  });

  it('sends only subscribed event types (the test event always)', async () => {
    const tenant = await createTestTenant();
    const r = await receiver();
    await registerReceiver(tenant.id, r.url, ['EntityStatusUpdate']);
    await emit(tenant.id, 'KycStatusUpdate');
    const wanted = await emit(tenant.id, 'EntityStatusUpdate');
    const test = await emit(tenant.id, 'IntegrationTestUpdate');
    await expect.poll(() => r.events().length, { timeout: 10_000 }).toBe(2);
    await sleep(500);
    expect(
      r
        .events()
        .map((e) => e.headers['webhook-id'])
        .sort(),
    ).toEqual([wanted, test].sort());
  });

  it.each([
    ['answers 500', { kind: 'status', status: 500 }],
    ['hangs 6 s (timeout)', { kind: 'hang', ms: 6000 }],
    ['closes the socket', { kind: 'destroy' }],
  ] as [string, Behaviour][])(
    'receiver %s → tried 5 times with the same id → Paused; later events queue; replay sends them in order',
    async (_name, behaviour) => {
      const tenant = await createTestTenant();
      const r = await receiver();
      await registerReceiver(tenant.id, r.url);
      r.setEventBehaviour(behaviour);
      const first = await emit(tenant.id, 'EntityStatusUpdate', { n: 1 });
      await expect.poll(async () => (await endpointOf(tenant.id)).status, { timeout: 45_000, interval: 250 }).toBe('Paused');
      expect(r.events().map((e) => e.headers['webhook-id'])).toEqual([first, first, first, first, first]);
      const attempts = await q<{ error: string }>(
        `SELECT a.* FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId" WHERE d."eventId" = $1 ORDER BY a.number`,
        [first],
      );
      expect(attempts).toHaveLength(5);
      expect(attempts.every((a) => a.error)).toBe(true);
      expect((await deliveriesOf(tenant.id))[0]).toMatchObject({ state: 'queued', attempts: 5, nextAttemptAt: null });
      expect(await q(`SELECT kind FROM "AdminNotification" WHERE "tenantId" = $1`, [tenant.id])).toEqual([{ kind: 'webhook-paused-deliveries' }]);

      const second = await emit(tenant.id, 'EntityStatusUpdate', { n: 2 });
      await expect.poll(async () => (await deliveriesOf(tenant.id)).length, { timeout: 10_000 }).toBe(2);
      await sleep(500);
      expect(r.events()).toHaveLength(5);
      await expect(replayQueuedDeliveries({ tenantId: tenant.id, actor: ADMIN })).rejects.toMatchObject({ code: 'CONFLICT' });

      r.setEventBehaviour({ kind: 'ok' });
      expect(await sendHandshake({ tenantId: tenant.id })).toMatchObject({ status: 'Active' });
      await replayQueuedDeliveries({ tenantId: tenant.id, actor: ADMIN });
      await expect.poll(() => r.events().length, { timeout: 10_000 }).toBe(7);
      expect(
        r
          .events()
          .slice(5)
          .map((e) => e.headers['webhook-id']),
      ).toEqual([first, second]);
    },
    60_000,
  );

  it('Disabled: events are neither sent nor queued; disabling drops what a Paused webhook held', async () => {
    const tenant = await createTestTenant();
    const r = await receiver();
    await registerReceiver(tenant.id, r.url);
    r.setBehaviour(() => ({ kind: 'wrong-echo' }));
    for (let i = 0; i < 3; i++) await sendHandshake({ tenantId: tenant.id });
    await emit(tenant.id, 'EntityStatusUpdate');
    await expect.poll(async () => (await deliveriesOf(tenant.id)).length, { timeout: 10_000 }).toBe(1);

    expect(await disableWebhookEndpoint({ tenantId: tenant.id, actor: ADMIN })).toMatchObject({ status: 'Disabled', skipped: 1 });
    expect(await getWebhookStatus({ tenantId: tenant.id })).toEqual({ status: 'Disabled' });
    const eventsBefore = r.requests.length;
    const dropped = await emit(tenant.id, 'EntityStatusUpdate');
    await expect
      .poll(async () => (await q(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'outbox.dispatch'`)).length, { timeout: 10_000 })
      .toBe(0);
    await sleep(300);
    expect(r.requests.length).toBe(eventsBefore);
    expect(await q(`SELECT 1 FROM "WebhookDelivery" WHERE "eventId" = $1`, [dropped])).toHaveLength(0);
    expect((await deliveriesOf(tenant.id)).map((d) => d.state)).toEqual(['skipped']);

    // Disabled → Active (manual) sends a handshake; new events flow again.
    r.setBehaviour(() => ({ kind: 'echo', as: 'text' }));
    expect(await enableWebhookEndpoint({ tenantId: tenant.id, actor: ADMIN })).toMatchObject({ status: 'Active', handshake: { ok: true } });
    const after = await emit(tenant.id, 'EntityStatusUpdate');
    await expect.poll(() => r.events().map((e) => e.headers['webhook-id']), { timeout: 10_000 }).toEqual([after]);
  });

  it('never registered: status Disabled and events go nowhere', async () => {
    const tenant = await createTestTenant();
    expect(await getWebhookStatus({ tenantId: tenant.id })).toEqual({ status: 'Disabled' });
    await emit(tenant.id, 'EntityStatusUpdate');
    await expect
      .poll(async () => (await q(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'outbox.dispatch'`)).length, { timeout: 10_000 })
      .toBe(0);
    expect(await deliveriesOf(tenant.id)).toHaveLength(0);
  });
});
