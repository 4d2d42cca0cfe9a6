import { describe, expect, it } from 'vitest';
import { GET as listEntities } from '@/app/services/crm/entities/route';
import { GET as health } from '@/app/services/crm/health/route';
import { callRoute } from '@/lib/testing/api';
import { useTestDatabase } from '@/lib/testing/db';
import { createTestTenant } from '@/lib/testing/factories';
import { createApiKey, revokeApiKey, clearApiKeyCache } from '@/lib/tenancy/api-keys';
import { takeToken } from './rate-limit';

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
      .poll(async () => (await db.current().pool.query(`SELECT "lastUsedAt" FROM "ApiKey" WHERE "tenantId" = $1`, [tenant.id])).rows[0].lastUsedAt, { timeout: 5000 })
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
