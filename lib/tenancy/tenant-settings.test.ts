import { describe, expect, it } from 'vitest';
import { GET as getRoute, PATCH as patchRoute } from '@/app/services/crm/tenant-settings/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { withPlatform } from '@/lib/db/tenant-tx';
import { kycThresholds } from '@/lib/kyc/score-kyc';
import { loadTenantThresholds } from '@/lib/screening/thresholds';
import { getTenantMfaRequired } from './mfa';
import { tenantSettingsEnvelope } from './schemas';

const db = useTestDatabase();
const path = '/services/crm/tenant-settings';

describe('tenant settings (administrators)', () => {
  it('reads the defaults, saves every section where its service reads it, and audits before and after', async () => {
    const t = await createTestTenant();
    const admin = await createOfficer(t, 'admin');
    const initial = await callRoute(getRoute, 'GET', path, { headers: admin.headers });
    expect(initial.status).toBe(200);
    expectContract(tenantSettingsEnvelope, initial.body);
    expect(initial.body.data).toEqual({
      quota: { soft: 90000, hard: 100000, entities: 0 },
      screening: { review: 80, autoMatch: 95 },
      kycRisk: { mediumFrom: 40, highFrom: 70 },
      uboThreshold: 25,
      defaultLanguage: 'en',
      timeZone: 'Asia/Riyadh',
      mfaRequired: false,
    });

    const body = {
      quota: { soft: 900, hard: 1000 },
      screening: { review: 75, autoMatch: 92.5 },
      kycRisk: { mediumFrom: 35, highFrom: 65 },
      uboThreshold: 10,
      defaultLanguage: 'ar',
      timeZone: 'Asia/Dubai',
      mfaRequired: true,
    };
    const saved = await callRoute(patchRoute, 'PATCH', path, { headers: admin.headers, body });
    expect(saved.status).toBe(200);
    expectContract(tenantSettingsEnvelope, saved.body);
    expect(saved.body.data).toEqual({ ...body, quota: { ...body.quota, entities: 0 } });

    // The services read the same stored settings.
    expect(await withPlatform((tx) => kycThresholds(tx, t.id))).toEqual({ mediumFrom: 35, highFrom: 65 });
    const screening = await loadTenantThresholds(db.current().pool, t.id);
    expect(screening).toMatchObject({ review: 0.75, autoMatch: 0.925 });
    const { rows: tenant } = await db
      .current()
      .pool.query(`SELECT "entityQuotaSoft", "entityQuotaHard", "timeZone", "defaultLanguage" FROM "Tenant" WHERE id = $1`, [t.id]);
    expect(tenant[0]).toEqual({ entityQuotaSoft: 900, entityQuotaHard: 1000, timeZone: 'Asia/Dubai', defaultLanguage: 'ar' });
    // The two-step sign-in policy is the one sign-in enforces (the users API reads the same flag), audited as a policy change too.
    expect(await getTenantMfaRequired({ tenantId: t.id })).toBe(true);
    const { rows: policy } = await db
      .current()
      .pool.query(`SELECT "actorId", before, after FROM "AuditLog" WHERE "tenantId" = $1 AND action = 'tenant.mfa-policy'`, [t.id]);
    expect(policy).toEqual([{ actorId: admin.id, before: { mfaRequired: false }, after: { mfaRequired: true } }]);

    // A partial change touches only its section; the audit names only what was sent.
    await callRoute(patchRoute, 'PATCH', path, { headers: admin.headers, body: { timeZone: 'UTC' } });
    const { rows } = await db
      .current()
      .pool.query(`SELECT "actorId", before, after FROM "AuditLog" WHERE "tenantId" = $1 AND action = 'tenant.settings.update' ORDER BY "createdAt", id`, [
        t.id,
      ]);
    expect(rows).toHaveLength(2);
    expect(rows[0].actorId).toBe(admin.id);
    expect(rows[0].before.kycRisk).toEqual({ mediumFrom: 40, highFrom: 70 });
    expect(rows[0].after.quota).toEqual({ soft: 900, hard: 1000 });
    expect(rows[0]).toMatchObject({ before: { mfaRequired: false }, after: { mfaRequired: true } });
    expect(rows[1]).toMatchObject({ before: { timeZone: 'Asia/Dubai' }, after: { timeZone: 'UTC' } });
    expect(Object.keys(rows[1].after)).toEqual(['timeZone']);
  });

  it.each([
    [{ quota: { soft: 10, hard: 5 } }, /^quota.soft: /],
    [{ screening: { review: 96, autoMatch: 95 } }, /^screening.autoMatch: /],
    [{ kycRisk: { mediumFrom: 70, highFrom: 70 } }, /^kycRisk.highFrom: /],
    [{ uboThreshold: 0 }, /^uboThreshold: /],
    [{ timeZone: 'Mars/Olympus' }, /^timeZone: /],
    [{ defaultLanguage: 'fr' }, /^defaultLanguage: /],
    [{ mfaRequired: 'yes' }, /^mfaRequired: /],
    [{ quota: { soft: 1.5, hard: 2 } }, /^quota.soft: /],
    [{ unknown: 1 }, /unknown/i],
  ])('refuses %j with 400 naming the field, changing nothing', async (body, field) => {
    const t = await createTestTenant();
    const admin = await createOfficer(t, 'admin');
    const res = await callRoute(patchRoute, 'PATCH', path, { headers: admin.headers, body });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors.join('\n')).toMatch(field);
    const { rows } = await db.current().pool.query(`SELECT count(*)::int AS n FROM "AuditLog" WHERE "tenantId" = $1`, [t.id]);
    expect(rows[0].n).toBe(0);
  });

  it('as an attacker: officers and RMs get 403, an API key 401, and an admin changes only their own tenant', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    for (const role of ['officer', 'rm'] as const) {
      const who = await createOfficer(t, role);
      expect((await callRoute(getRoute, 'GET', path, { headers: who.headers })).status).toBe(403);
      expect((await callRoute(patchRoute, 'PATCH', path, { headers: who.headers, body: { timeZone: 'UTC' } })).status).toBe(403);
    }
    expect((await callRoute(patchRoute, 'PATCH', path, { headers: t.headers, body: { timeZone: 'UTC' } })).status).toBe(401);
    const admin = await createOfficer(t, 'admin');
    await callRoute(patchRoute, 'PATCH', path, { headers: admin.headers, body: { timeZone: 'UTC', quota: { soft: 1, hard: 2 } } });
    const { rows } = await db.current().pool.query(`SELECT "timeZone", "entityQuotaHard" FROM "Tenant" WHERE id = $1`, [other.id]);
    expect(rows[0]).toEqual({ timeZone: 'Asia/Riyadh', entityQuotaHard: 100000 });
  });
});
