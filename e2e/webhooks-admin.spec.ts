import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, expectAccessible, expectFitsWidth, signIn, snap, test, USERS } from './fixtures/test';
import { SEED_ENV } from './fixtures/env';

// The webhook administration screens, in English and Arabic. A real receiver runs in this process
// on 127.0.0.1; it is registered through the operator CLI with loopback allowed for that one
// command (the server itself keeps the default: https only), so the server's later tries to it are
// refused by the SSRF guard and show up in the delivery log as failed tries with their request.

const SECRET = 'e2e-webhook-secret-wxyz';
const received: { event: string; body: string }[] = [];
let server: http.Server;
let receiverUrl = '';

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ event: String(req.headers['x-webhook-event']), body });
      if (req.headers['x-webhook-event'] === 'handshake') res.end((JSON.parse(body) as { challenge: string }).challenge);
      else res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function crm(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = path.resolve(import.meta.dirname, '..');
  return new Promise((resolve) =>
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/crm.ts', ...args],
      { cwd: root, env: { ...process.env, ...SEED_ENV, WEBHOOK_ALLOW_LOOPBACK: 'true', LOG_LEVEL: 'warn' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout, stderr }),
    ),
  );
}

test('an officer has no webhook screen, not even by URL', async ({ page }) => {
  await signIn(page, USERS.officer);
  await expect(page.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  await page.goto('/en/admin/webhooks');
  await expect(page).toHaveURL(/\/en\/forbidden/);
});

test('an administrator registers, sees status, history and the delivery log with each try, in English and Arabic', async ({ page, seed }) => {
  await signIn(page, USERS.platform);
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByTestId('webhook-not-registered')).toBeVisible();

  // A private address is refused on the server, with the reason.
  const register = page.getByTestId('webhook-register');
  await register.getByLabel('URL').fill('https://10.0.0.1/hook');
  await register.getByLabel('Shared secret').fill(SECRET);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('webhook-register-result')).toContainText('Not done: url:');
  await expect(page.getByTestId('webhook-register-result')).toContainText('10.0.0.1');
  await snap(page, 'webhooks-refused-en');

  // Registered by the operator CLI (handshake answered by the receiver above) → Active.
  const cli = await crm('webhook:register', '--tenant', seed.alpha.slug, '--url', receiverUrl, '--secret', SECRET, '--events', 'EntityStatusUpdate');
  expect(cli.code, cli.stderr).toBe(0);
  expect(received.filter((r) => r.event === 'handshake')).toHaveLength(1);
  await page.reload();
  await expect(page.getByTestId('webhook-status')).toContainText('Active');
  await expect(page.getByTestId('webhook-secret')).toHaveText(/^•+wxyz$/);
  await expect(page.getByTestId('webhook-history')).toContainText('Handshake succeeded');
  await expect(page.locator('#sub-event-EntityStatusUpdate')).toBeChecked();
  await expect(page.getByTestId('webhook-subscribed')).toHaveText('Client status changed');

  // Test event: queued with an id, then tried by the worker and listed with its request.
  await page.getByTestId('webhook-test').getByRole('button', { name: 'Send test event' }).click();
  const queued = page.getByTestId('webhook-test-result');
  await expect(queued).toContainText('Test event queued');
  const eventId = /\(id ([0-9a-f-]{36})\)/.exec((await queued.textContent()) ?? '')![1]!;
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId(`delivery-${eventId}`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
  await snap(page, 'webhooks-overview-en');
  await page
    .getByTestId(`delivery-${eventId}`)
    .getByRole('link', { name: /Details/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(eventId);
  await expect(page.getByTestId('try-1')).toContainText(`webhook-id: ${eventId}`);
  await expect(page.getByTestId('try-1')).toContainText('"type":"IntegrationTestUpdate"');
  await snap(page, 'webhook-delivery-en');

  // Manual transitions: Disabled, then Active again.
  await page.goto('/en/admin/webhooks');
  await page.getByTestId('webhook-disable').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByTestId('webhook-status')).toContainText('Disabled');
  await page.getByTestId('webhook-enable').getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('webhook-status')).toContainText('Active');
  await expect(page.getByTestId('webhook-history')).toContainText('Disabled by an administrator');

  // No event type chosen: subscribed to every event, said in words (it showed "*").
  await page.locator('#sub-event-EntityStatusUpdate').uncheck();
  await page.getByTestId('webhook-subscriptions').getByRole('button', { name: 'Save subscriptions' }).click();
  await expect(page.getByTestId('webhook-subscribed')).toHaveText('All events');

  // Arabic: mirrored, translated, same data.
  await page.goto('/ar/admin/webhooks');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'خطافات الويب' })).toBeVisible();
  await expect(page.getByTestId('webhook-status')).toContainText('نشط');
  await expect(page.getByTestId('webhook-history')).toContainText('عطّله أحد المسؤولين');
  await expect(page.getByTestId('webhook-subscribed')).toHaveText('جميع الأحداث');
  await expect(page.getByRole('button', { name: 'إرسال حدث تجريبي' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'webhooks-overview-ar');
  await page
    .getByTestId(`delivery-${eventId}`)
    .getByRole('link', { name: /التفاصيل/ })
    .click();
  await expect(page.getByTestId('try-1')).toContainText('المحاولة 1');
  await snap(page, 'webhook-delivery-ar');

  // Phones: the delivery detail and the administration page fit 390 px in both languages.
  const deliveryPath = new URL(page.url()).pathname.replace(/^\/ar/, '');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const locale of ['en', 'ar'] as const) {
    for (const [name, url] of [
      ['webhooks', `/${locale}/admin/webhooks`],
      ['webhook-delivery', `/${locale}${deliveryPath}`],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFitsWidth(page, `${locale} ${name} at 390 px`);
      await snap(page, `${locale}-phone-${name}`);
    }
  }
});
