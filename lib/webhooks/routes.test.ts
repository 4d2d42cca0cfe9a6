import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { resetRateLimits } from '@/lib/http/rate-limit';
import * as testRoute from '@/app/crm/webhook/test/route';
import * as statusRoute from '@/app/crm/webhook/status/route';
import * as servicesTestRoute from '@/app/services/crm/crm/webhook/test/route';
import * as servicesStatusRoute from '@/app/services/crm/crm/webhook/status/route';
import { disableWebhookEndpoint } from './endpoints';
import type { Receiver } from '@/scripts/testing/webhooks/receiver';
import { ADMIN, registerReceiver, useFastWebhookSettings, useWorkerAndReceivers } from '@/scripts/testing/webhooks/fixtures';

useFastWebhookSettings();
const db = useTestDatabase();
const webhooks = useWorkerAndReceivers(db);
let r: Receiver;

beforeAll(async () => {
  r = await webhooks.receiver();
});

describe('GET /crm/webhook/status', () => {
  it('needs x-tenant and x-api-key, and answers {status} at both paths', async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    expect((await callRoute(statusRoute.GET, 'GET', '/crm/webhook/status')).status).toBe(401);
    expect((await callRoute(statusRoute.GET, 'GET', '/crm/webhook/status', { headers: { 'x-tenant': tenant.slug } })).status).toBe(401);
    expect((await callRoute(statusRoute.GET, 'GET', '/crm/webhook/status', { headers: { ...tenant.headers, 'x-tenant': other.slug } })).status).toBe(403);
    expect(await callRoute(statusRoute.GET, 'GET', '/crm/webhook/status', { headers: tenant.headers })).toMatchObject({
      status: 200,
      body: { status: 'Disabled' },
    });
    await registerReceiver(tenant.id, r.url);
    expect(await callRoute(servicesStatusRoute.GET, 'GET', '/services/crm/crm/webhook/status', { headers: tenant.headers })).toMatchObject({
      status: 200,
      body: { status: 'Active' },
    });
    // Another tenant's state is not visible through its own key.
    expect((await callRoute(statusRoute.GET, 'GET', '/crm/webhook/status', { headers: other.headers })).body).toEqual({ status: 'Disabled' });
  });
});

describe('POST /crm/webhook/test', () => {
  it('x-tenant only → 202 {id}; the IntegrationTestUpdate arrives with that id', async () => {
    resetRateLimits();
    const tenant = await createTestTenant();
    await registerReceiver(tenant.id, r.url);
    const res = await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: { 'x-tenant': tenant.slug }, body: {} });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await expect.poll(() => r.events().find((e) => e.headers['webhook-id'] === res.body.id), { timeout: 10_000 }).toBeTruthy();
    const event = r.events().find((e) => e.headers['webhook-id'] === res.body.id)!;
    expect(JSON.parse(event.body)).toMatchObject({
      id: res.body.id,
      type: 'IntegrationTestUpdate',
      tenant: tenant.slug,
      data: { message: expect.any(String) },
    });
  });

  it('401 without or with an unknown x-tenant; a given x-api-key is checked (401 bad, 403 other tenant)', async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { body: {} })).status).toBe(401);
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: { 'x-tenant': 'no-such-tenant' }, body: {} })).status).toBe(401);
    expect(
      (await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: { 'x-tenant': tenant.slug, 'x-api-key': 'crm_bogus' }, body: {} })).status,
    ).toBe(401);
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: { ...other.headers, 'x-tenant': tenant.slug }, body: {} })).status).toBe(
      403,
    );
  });

  it('409 WEBHOOK_DISABLED while Disabled or never registered, with both languages', async () => {
    resetRateLimits();
    const tenant = await createTestTenant();
    const res = await callRoute(servicesTestRoute.POST, 'POST', '/services/crm/crm/webhook/test', { headers: tenant.headers, body: {} });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorCode: 'WEBHOOK_DISABLED', message: { en: expect.any(String), ar: expect.any(String) } });
    await registerReceiver(tenant.id, r.url);
    await disableWebhookEndpoint({ tenantId: tenant.id, actor: ADMIN });
    resetRateLimits();
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: tenant.headers, body: {} })).body.errorCode).toBe('WEBHOOK_DISABLED');
  });

  it('one call per 10 s per tenant, shared by both paths → 429 with Retry-After', async () => {
    resetRateLimits();
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    await registerReceiver(tenant.id, r.url);
    await registerReceiver(other.id, r.url);
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: { 'x-tenant': tenant.slug }, body: {} })).status).toBe(202);
    const limited = await callRoute(servicesTestRoute.POST, 'POST', '/services/crm/crm/webhook/test', { headers: { 'x-tenant': tenant.slug }, body: {} });
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: { 'x-tenant': other.slug }, body: {} })).status).toBe(202);
  });

  it('400 for a body that is not a JSON object', async () => {
    resetRateLimits();
    const tenant = await createTestTenant();
    const res = await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', {
      headers: { 'x-tenant': tenant.slug, 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('VALIDATION_ERROR');
  });

  it('a refused call (400, 409) does not spend the tenant’s turn; a sent one does', async () => {
    resetRateLimits();
    const tenant = await createTestTenant();
    const malformed = { headers: { 'x-tenant': tenant.slug, 'content-type': 'application/json' }, body: '{oops' };
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', malformed)).status).toBe(400);
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: { 'x-tenant': tenant.slug }, body: {} })).body.errorCode).toBe(
      'WEBHOOK_DISABLED',
    );
    await registerReceiver(tenant.id, r.url);
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: { 'x-tenant': tenant.slug }, body: {} })).status).toBe(202);
    // The event went out: now the turn is spent, whatever the next call carries.
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', malformed)).status).toBe(429);
    expect((await callRoute(testRoute.POST, 'POST', '/crm/webhook/test', { headers: { 'x-tenant': tenant.slug }, body: {} })).status).toBe(429);
  });
});
