import { describe, expect, it } from 'vitest';
import { GET as listRoute, POST as createRoute } from '@/app/services/crm/api-keys/route';
import { DELETE as revokeRoute } from '@/app/services/crm/api-keys/[apiKeyId]/route';
import { GET as entitiesRoute } from '@/app/services/crm/entities/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { apiKeyList, createdApiKeyResponse } from './schemas';
import { clearApiKeyCache } from './api-keys';

const db = useTestDatabase();

describe('API keys from the officer app (administrators)', () => {
  it('creates a key shown once, lists it without its secret, the key works until revoked, and both steps are audited', async () => {
    const t = await createTestTenant();
    const admin = await createOfficer(t, 'admin');
    const created = await callRoute(createRoute, 'POST', '/services/crm/api-keys', { headers: admin.headers, body: { label: 'Core banking' } });
    expect(created.status).toBe(201);
    expectContract(createdApiKeyResponse, created.body);
    const key: string = created.body.data.apiKey;
    expect(key).toMatch(/^crm_[a-z0-9]{12}_/);
    // The secret is everything after the prefix (it may itself contain '_').
    const secret = key.slice('crm_'.length + 12 + 1);

    const list = await callRoute(listRoute, 'GET', '/services/crm/api-keys', { headers: admin.headers });
    expect(list.status).toBe(200);
    expectContract(apiKeyList, list.body);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.data.map((k: { label: string | null }) => k.label)).toContain('Core banking');

    const headers = { 'x-api-key': key, 'x-tenant': t.slug };
    expect((await callRoute(entitiesRoute, 'GET', '/services/crm/entities', { headers })).status).toBe(200);
    const id = created.body.data.id;
    const revoked = await callRoute(revokeRoute, 'DELETE', `/services/crm/api-keys/${id}`, { headers: admin.headers, params: { apiKeyId: id } });
    expect(revoked.status).toBe(200);
    clearApiKeyCache();
    expect((await callRoute(entitiesRoute, 'GET', '/services/crm/entities', { headers })).status).toBe(401);
    expect((await callRoute(revokeRoute, 'DELETE', `/services/crm/api-keys/${id}`, { headers: admin.headers, params: { apiKeyId: id } })).status).toBe(404);

    const { rows } = await db
      .current()
      .pool.query(`SELECT action, "actorId", "after"::text AS after FROM "AuditLog" WHERE "tenantId" = $1 AND "targetType" = 'ApiKey' ORDER BY "createdAt"`, [
        t.id,
      ]);
    expect(rows.map((r) => r.action)).toEqual(['apiKey.create', 'apiKey.revoke']);
    expect(rows.every((r) => r.actorId === admin.id && !r.after.includes(secret))).toBe(true);
  });

  it('as an attacker: officers and relationship managers get 403, an API key 401, another tenant’s key id 404', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const officer = await createOfficer(t, 'officer');
    const rm = await createOfficer(t, 'rm');
    for (const who of [officer, rm]) {
      expect((await callRoute(listRoute, 'GET', '/services/crm/api-keys', { headers: who.headers })).status).toBe(403);
      expect((await callRoute(createRoute, 'POST', '/services/crm/api-keys', { headers: who.headers, body: {} })).status).toBe(403);
    }
    expect((await callRoute(listRoute, 'GET', '/services/crm/api-keys', { headers: t.headers })).status).toBe(401);
    const otherAdmin = await createOfficer(other, 'admin');
    const theirs = await callRoute(createRoute, 'POST', '/services/crm/api-keys', { headers: otherAdmin.headers, body: {} });
    const admin = await createOfficer(t, 'admin');
    const id = theirs.body.data.id;
    expect((await callRoute(revokeRoute, 'DELETE', `/services/crm/api-keys/${id}`, { headers: admin.headers, params: { apiKeyId: id } })).status).toBe(404);
  });
});
