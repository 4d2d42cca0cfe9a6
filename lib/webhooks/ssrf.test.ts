import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '@/scripts/testing/cli';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { registerWebhookEndpoint } from './endpoints';
import { setWebhookResolverForTests } from './send-try';
import type { Receiver } from '@/scripts/testing/webhooks/receiver';
import { ADMIN, emit, TEST_SECRET, useFastWebhookSettings, useWorkerAndReceivers } from '@/scripts/testing/webhooks/fixtures';

useFastWebhookSettings();
const db = useTestDatabase();
const webhooks = useWorkerAndReceivers(db);
let r: Receiver;

beforeAll(async () => {
  r = await webhooks.receiver();
});
afterEach(() => {
  setWebhookResolverForTests(undefined);
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
});

const register = (tenantId: string, url: string) => registerWebhookEndpoint({ tenantId, url, secret: TEST_SECRET, actor: ADMIN });

describe('SSRF at registration', () => {
  it.each(['https://10.0.0.1/hook', 'https://169.254.169.254/latest', 'http://[::1]:8080/hook', 'https://[::1]/hook', 'http://example.com/hook'])(
    'refuses %s (loopback flag off) and stores nothing',
    async (url) => {
      process.env.WEBHOOK_ALLOW_LOOPBACK = 'false';
      const tenant = await createTestTenant();
      await expect(register(tenant.id, url)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', validationErrors: [expect.stringMatching(/^url: /)] });
      expect((await db.current().pool.query(`SELECT 1 FROM "WebhookEndpoint" WHERE "tenantId" = $1`, [tenant.id])).rowCount).toBe(0);
    },
  );

  it('refuses a hostname that resolves to a private address', async () => {
    setWebhookResolverForTests(async () => [{ address: '10.20.30.40', family: 4 }]);
    const tenant = await createTestTenant();
    await expect(register(tenant.id, 'https://hooks.tenant.example/x')).rejects.toMatchObject({ validationErrors: [expect.stringMatching(/10\.20\.30\.40/)] });
  });
});

describe('SSRF at delivery', () => {
  it('refuses to send once the host resolves to a private address (DNS changed after registration)', async () => {
    const tenant = await createTestTenant();
    let answer = '127.0.0.1';
    setWebhookResolverForTests(async () => [{ address: answer, family: 4 }]);
    const url = `http://localhost:${r.port}/hooks`;
    expect(await register(tenant.id, url)).toMatchObject({ status: 'Active' });
    const before = r.requests.length;
    answer = '169.254.169.254';
    const id = await emit(tenant.id, 'EntityStatusUpdate');
    await expect
      .poll(
        async () =>
          (
            await db
              .current()
              .pool.query(`SELECT a.error FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId" WHERE d."eventId" = $1`, [id])
          ).rows[0]?.error,
        { timeout: 10_000 },
      )
      .toMatch(/^refused: .*169\.254\.169\.254/);
    expect(r.requests.length).toBe(before);
  });
});

describe('CLI', () => {
  it('webhook:register exits non-zero with one line for a refused URL', async () => {
    const result = await runCli(db.current().url, ['webhook:register', '--tenant', 'nobody-here', '--url', 'https://10.0.0.1/x', '--secret', TEST_SECRET], {
      WEBHOOK_ALLOW_LOOPBACK: 'false',
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('webhook:register refuses a private address for a real tenant; register/disable/enable/replay work', async () => {
    const tenant = await createTestTenant();
    // Asynchronous: the receiver lives in this process and must keep answering while the CLI runs.
    const run = async (...args: string[]) => {
      const { code, stdout, stderr } = await runCli(db.current().url, args);
      return { status: code, stdout, stderr };
    };
    const refused = await run('webhook:register', '--tenant', tenant.slug, '--url', 'https://169.254.169.254/x', '--secret', TEST_SECRET);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^error: url: .*169\.254\.169\.254.*\n$/);
    const ok = await run('webhook:register', '--tenant', tenant.slug, '--url', r.url, '--secret', TEST_SECRET, '--events', 'EntityStatusUpdate');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout), ok.stdout).toMatchObject({
      status: 'Active',
      eventTypes: ['EntityStatusUpdate'],
      secret: expect.not.stringContaining('secret'),
    });
    expect(JSON.parse((await run('webhook:disable', '--tenant', tenant.slug)).stdout)).toMatchObject({ status: 'Disabled' });
    expect((await run('webhook:replay', '--tenant', tenant.slug)).status).toBe(1);
    expect(JSON.parse((await run('webhook:enable', '--tenant', tenant.slug)).stdout)).toMatchObject({ status: 'Active', handshake: { ok: true } });
    expect(JSON.parse((await run('webhook:replay', '--tenant', tenant.slug)).stdout)).toMatchObject({ status: 'Active', replaying: 0 });
  }, 120_000);
});
