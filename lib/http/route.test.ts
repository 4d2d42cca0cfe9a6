import { describe, expect, it } from 'vitest';
import { GET as listEntities } from '@/app/services/crm/entities/route';
import { GET as health } from '@/app/services/crm/health/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createApiKey, revokeApiKey, clearApiKeyCache } from '@/lib/tenancy/api-keys';
import { takeToken } from './rate-limit';
import { POST as createClient } from '@/app/services/crm/entities/client/route';
import { POST as createBankAccount } from '@/app/services/crm/entities/[entityId]/bank-accounts/route';
import { PATCH as reviewAccount } from '@/app/services/crm/bank-accounts/manual/[accountId]/review/route';
import { PATCH as updateStatus } from '@/app/services/crm/entities/client/[entityId]/status/route';
import { PUT as registerWebhook } from '@/app/services/crm/webhook-endpoint/route';
import { POST as createRule } from '@/app/services/crm/transaction-rules/route';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { createTestAttachment, individualInput, saudiIban } from '@/scripts/testing/record-factories';
import { sessionHeaders } from '@/scripts/testing/session';

const db = useTestDatabase();

const bilingual = (body: any) => {
  expect(typeof body.errorCode).toBe('string');
  expect(body.message.en).toMatch(/\w/);
  expect(body.message.ar).toMatch(/[\u0600-\u06FF]/);
};

describe('API wrapper: authentication as an attacker would try it', () => {
  it('answers 401 UNAUTHORIZED without a key, with both languages', async () => {
    const tenant = await createTestTenant();
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: { 'x-tenant': tenant.slug } });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('UNAUTHORIZED');
    bilingual(res.body);
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('answers 401 for a wrong key of the right shape and for garbage', async () => {
    const tenant = await createTestTenant();
    const forged = tenant.apiKey.slice(0, -4) + 'AAAA';
    for (const key of [forged, 'nonsense', "' OR 1=1 --", 'crm_' + 'a'.repeat(12) + '_' + 'b'.repeat(43)]) {
      const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: { 'x-api-key': key, 'x-tenant': tenant.slug } });
      expect(res.status, key).toBe(401);
      expect(res.body.errorCode).toBe('UNAUTHORIZED');
    }
  });

  it("answers an officer's route called with a valid API key 401 saying a signed-in session is needed, not that the key is wrong", async () => {
    const tenant = await createTestTenant();
    const res = await callRoute(createRule, 'POST', '/services/crm/transaction-rules', {
      headers: { 'x-api-key': tenant.apiKey, 'x-tenant': tenant.slug },
      body: {},
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errorCode: 'UNAUTHORIZED', message: { en: en.errorDetails.sessionRequired, ar: ar.errorDetails.sessionRequired } });
    expect(res.body.message.en).not.toContain('x-api-key');
    bilingual(res.body);
    // A route that takes keys still asks for one.
    const keyRoute = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: {} });
    expect(keyRoute.body.message.en).toBe(en.errors.UNAUTHORIZED);
  });

  it('answers 401 when x-tenant is missing', async () => {
    const tenant = await createTestTenant();
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: { 'x-api-key': tenant.apiKey } });
    expect(res.status).toBe(401);
  });

  it("answers 403 FORBIDDEN for tenant A's key with x-tenant B, or an unknown tenant", async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    for (const slug of [b.slug, 'no-such-tenant']) {
      const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: { 'x-api-key': a.apiKey, 'x-tenant': slug } });
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('FORBIDDEN');
      bilingual(res.body);
    }
  });

  it('refuses a revoked key at once', async () => {
    const tenant = await createTestTenant();
    const second = await createApiKey({ tenantId: tenant.id });
    const headers = { 'x-api-key': second.apiKey, 'x-tenant': tenant.slug };
    expect((await callRoute(listEntities, 'GET', '/services/crm/entities', { headers })).status).toBe(200);
    await revokeApiKey({ tenantId: tenant.id, apiKeyId: second.apiKeyId });
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers });
    expect(res.status).toBe(401);
    // The first key still works.
    expect((await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: tenant.headers })).status).toBe(200);
  });

  it('records lastUsedAt for a key that was used', async () => {
    clearApiKeyCache();
    const tenant = await createTestTenant();
    await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: tenant.headers });
    await expect
      .poll(async () => (await db.current().pool.query(`SELECT "lastUsedAt" FROM "ApiKey" WHERE "tenantId" = $1`, [tenant.id])).rows[0].lastUsedAt, {
        timeout: 5000,
      })
      .not.toBeNull();
  });
});

describe('API wrapper: pagination and validation', () => {
  it('returns an empty page with meta and totalPages 0', async () => {
    const tenant = await createTestTenant();
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities?page=1&size=5', { headers: tenant.headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ meta: { page: 1, size: 5, totalCount: 0, totalPages: 0 }, data: [] });
  });

  it.each([['size=101'], ['page=0'], ['page=abc'], ['size=-1'], ['size=1.5']])('rejects %s with 400 naming the field', async (qs) => {
    const tenant = await createTestTenant();
    const res = await callRoute(listEntities, 'GET', `/services/crm/entities?${qs}`, { headers: tenant.headers });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('VALIDATION_ERROR');
    expect(res.body.validationErrors[0]).toMatch(new RegExp(`^${qs.split('=')[0]}:`));
    bilingual(res.body);
  });

  it('checks authentication before validation', async () => {
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities?size=1000', {});
    expect(res.status).toBe(401);
  });
});

describe('rate limit', () => {
  it('empties a bucket and asks to retry after a whole number of seconds', () => {
    const limit = { perSecond: 2, burst: 3 };
    const now = 1_000_000;
    expect([0, 1, 2].map(() => takeToken('test-bucket', limit, now))).toEqual([0, 0, 0]);
    expect(takeToken('test-bucket', limit, now)).toBe(1);
    expect(takeToken('test-bucket', limit, now + 600)).toBe(0);
  });

  it('answers 429 RATE_LIMITED with Retry-After through the wrapper', async () => {
    process.env.API_RATE_LIMIT_PER_SECOND = '1';
    process.env.API_RATE_LIMIT_BURST = '2';
    try {
      const tenant = await createTestTenant();
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: tenant.headers });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 2)).toEqual([200, 200]);
      expect(statuses.at(-1)).toBe(429);
      expect(last!.body.errorCode).toBe('RATE_LIMITED');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      delete process.env.API_RATE_LIMIT_PER_SECOND;
      delete process.env.API_RATE_LIMIT_BURST;
    }
  });
});

describe('health', () => {
  it('reports the database as up without authentication', async () => {
    const res = await callRoute(health, 'GET', '/services/crm/health');
    expect(res.status).toBe(200);
    expect(res.body.database.status).toBe('ok');
    expect(['ok', 'no-worker']).toContain(res.body.jobQueue.status);
  });
});

describe('one door: officer sessions through the same wrapper', () => {
  it('lets a signed-in officer read the same route a tenant system reads, in their own tenant only', async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    await callRoute(createClient, 'POST', '/services/crm/entities/client', { headers: other.headers, body: individualInput() });
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: await sessionHeaders({ tenantId: tenant.id, role: 'rm' }) });
    expect(res.status).toBe(200);
    expect(res.body.meta.totalCount).toBe(0);
    // x-tenant is not how a session picks its tenant: another tenant's slug is judged as a tenant-system call.
    const forged = await callRoute(listEntities, 'GET', '/services/crm/entities', {
      headers: { ...(await sessionHeaders({ tenantId: tenant.id, role: 'rm' })), 'x-tenant': other.slug },
    });
    expect(forged.status).toBe(401);
  });

  it('applies the same rules to both doors: a rejection without a comment is refused for a key and for a session', async () => {
    const tenant = await createTestTenant();
    const entity = await callRoute(createClient, 'POST', '/services/crm/entities/client', { headers: tenant.headers, body: individualInput() });
    const attachment = await createTestAttachment(tenant.id);
    const account = await callRoute(createBankAccount, 'POST', '/x', {
      headers: tenant.headers,
      params: { entityId: entity.body.data.id },
      body: { iban: saudiIban(), attachmentId: attachment.id },
    });
    const accountId = account.body.data.id;
    const review = async (headers: Record<string, string>, body: unknown) => callRoute(reviewAccount, 'PATCH', '/x', { headers, params: { accountId }, body });
    for (const headers of [tenant.headers, await sessionHeaders({ tenantId: tenant.id, role: 'officer' })]) {
      const res = await review(headers, { decision: 'Reject', comment: '   ' });
      expect(res.status).toBe(400);
      expect(res.body.validationErrors).toEqual(['comment: required to reject']);
    }
    const ok = await review(await sessionHeaders({ tenantId: tenant.id, role: 'officer' }), { decision: 'Reject', comment: 'Letter is for another holder' });
    expect(ok.status).toBe(200);
    expect(ok.body.verificationStatus).toBe('Rejected');
    const audit = await db.current().pool.query(`SELECT "actorType" FROM "AuditLog" WHERE "targetId" = $1 AND action = 'bankAccount.review'`, [accountId]);
    expect(audit.rows.map((r) => r.actorType)).toEqual(['user']);
  });

  it('refuses a role the route does not allow (403), a session write from another origin (403), and no session (401)', async () => {
    const tenant = await createTestTenant();
    const entity = await callRoute(createClient, 'POST', '/services/crm/entities/client', { headers: tenant.headers, body: individualInput() });
    const patch = (headers: Record<string, string>) =>
      callRoute(updateStatus, 'PATCH', '/x', { headers, params: { entityId: entity.body.data.id }, body: { status: 'Blocked' } });
    expect((await patch(await sessionHeaders({ tenantId: tenant.id, role: 'rm' }))).status).toBe(403);
    const officer = await sessionHeaders({ tenantId: tenant.id, role: 'officer' });
    expect((await patch({ ...officer, origin: 'https://evil.example' })).status).toBe(403);
    expect((await patch({ cookie: officer.cookie })).status).toBe(403);
    expect((await patch({})).status).toBe(401);
    expect((await patch({ ...officer, cookie: officer.cookie.slice(0, -8) + 'AAAAAAAA' })).status).toBe(401);
    const ok = await patch(officer);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'Blocked' });
  });

  it('keeps session-only routes away from API keys, and a session without a tenant is forbidden', async () => {
    const tenant = await createTestTenant();
    const register = await callRoute(registerWebhook, 'PUT', '/x', {
      headers: tenant.headers,
      body: { url: 'https://example.com/hook', secret: 'a-long-secret' },
    });
    expect(register.status).toBe(401);
    const platformWithoutTenant = await sessionHeaders({ tenantId: null, role: 'admin', homeTenantId: null });
    expect((await callRoute(listEntities, 'GET', '/x', { headers: platformWithoutTenant })).status).toBe(403);
    const officer = await sessionHeaders({ tenantId: tenant.id, role: 'officer' });
    expect(
      (await callRoute(registerWebhook, 'PUT', '/x', { headers: officer, body: { url: 'https://example.com/hook', secret: 'a-long-secret' } })).status,
    ).toBe(403);
  });
});

describe('JSON for every path and method under /services/crm', () => {
  it('answers an unknown path, any method, with 404 NOT_FOUND as JSON', async () => {
    const handlers = await import('@/app/services/crm/[...path]/route');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await callRoute(handlers[method], method, '/services/crm/no/such/thing');
      expect(res.status, method).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.errorCode).toBe('NOT_FOUND');
      bilingual(res.body);
      // Says the path is unknown, not that a record is missing.
      expect(res.body.message).toEqual({ en: en.errorDetails.unknownRoute, ar: ar.errorDetails.unknownRoute });
    }
  });

  it('answers a method a known path does not take with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    const entities = await import('@/app/services/crm/entities/route');
    const res = await callRoute(entities.DELETE, 'DELETE', '/services/crm/entities');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(res.body.errorCode).toBe('METHOD_NOT_ALLOWED');
    bilingual(res.body);
    const identities = await import('@/app/services/crm/entities/[entityId]/identities/route');
    const get = await callRoute(identities.GET, 'GET', '/services/crm/entities/x/identities');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
