import { describe, expect, it } from 'vitest';
import { GET as searchRoute } from '@/app/services/crm/audit-events/route';
import { GET as exportRoute } from '@/app/services/crm/audit-events/export/route';
import { GET as actorsRoute } from '@/app/services/crm/audit-events/actors/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { sessionHeaders } from '@/scripts/testing/session';
import { auditActorsResponse, auditPage } from './schemas';

const db = useTestDatabase();

/** One audit row at a given instant (UTC): written directly, since the log is append-only and writeAudit stamps now(). */
async function event(tenantId: string, at: string, row: { action: string; actorId?: string; targetType?: string; targetId?: string }) {
  await db.current().pool.query(
    `INSERT INTO "AuditLog" ("id", "tenantId", "actorType", "actorId", "action", "targetType", "targetId", "after", "createdAt")
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      tenantId,
      row.actorId ? 'user' : 'system',
      row.actorId ?? null,
      row.action,
      row.targetType ?? 'Entity',
      row.targetId ?? null,
      JSON.stringify({ note: '=HYPERLINK("x")' }),
      at,
    ],
  );
}

describe('GET /audit-events (tenant audit log)', () => {
  it('filters by actor, record, action (exact or family) and whole days in the tenant time zone, newest first, paged', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const admin = await createOfficer(t, 'admin');
    const entityId = crypto.randomUUID();
    // 2026-11-01 22:30 UTC is 2026-11-02 01:30 in Riyadh (UTC+3): it belongs to 2 November there.
    await event(t.id, '2026-11-01T20:00:00Z', { action: 'entity.status.update', targetId: entityId });
    await event(t.id, '2026-11-01T22:30:00Z', { action: 'tag.create', targetType: 'Tag', actorId: admin.id });
    await event(t.id, '2026-11-03T09:00:00Z', { action: 'tag.delete', targetType: 'Tag', actorId: admin.id });
    await event(other.id, '2026-11-02T09:00:00Z', { action: 'tag.create', targetType: 'Tag' });

    const get = (q: string) => callRoute(searchRoute, 'GET', `/services/crm/audit-events?${q}`, { headers: admin.headers });
    const all = await get('size=2');
    expect(all.status).toBe(200);
    expectContract(auditPage, all.body);
    expect(all.body.meta).toEqual({ page: 1, size: 2, totalCount: 3, totalPages: 2 });
    expect(all.body.data.map((e: { action: string }) => e.action)).toEqual(['tag.delete', 'tag.create']);
    expect(all.body.data[0].actor).toEqual({ type: 'user', id: admin.id, displayName: expect.any(String), platformAdmin: false });

    expect((await get('action=tag.*')).body.meta.totalCount).toBe(2);
    expect((await get('action=tag.create')).body.data.map((e: { targetType: string }) => e.targetType)).toEqual(['Tag']);
    expect((await get(`actorId=${admin.id}`)).body.meta.totalCount).toBe(2);
    expect((await get('actorType=system')).body.data.map((e: { action: string }) => e.action)).toEqual(['entity.status.update']);
    expect((await get(`targetType=Entity&targetId=${entityId}`)).body.meta.totalCount).toBe(1);
    // Days are Riyadh days: 2 November holds the 22:30 UTC event of 1 November only.
    expect((await get('from=2026-11-02&to=2026-11-02')).body.data.map((e: { action: string }) => e.action)).toEqual(['tag.create']);
    expect((await get('from=2026-11-01&to=2026-11-01')).body.data.map((e: { action: string }) => e.action)).toEqual(['entity.status.update']);
    await db.current().pool.query(`UPDATE "Tenant" SET "timeZone" = 'UTC' WHERE id = $1`, [t.id]);
    expect((await get('from=2026-11-01&to=2026-11-01')).body.meta.totalCount).toBe(2);

    const bad = await get('from=2026-11-05&to=2026-11-01');
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors[0]).toMatch(/^to: /);
    expect((await get('from=2026-02-30')).status).toBe(400);
    expect((await get("action=x' OR 1=1")).status).toBe(400);
    // Actions with a hyphen (auth.sign-in, tenant.mfa-policy) are actions like any other.
    expect((await get('action=tenant.mfa-policy')).body.meta.totalCount).toBe(0);

    const actors = await callRoute(actorsRoute, 'GET', '/services/crm/audit-events/actors', { headers: admin.headers });
    expectContract(auditActorsResponse, actors.body);
    expect(actors.body.data.map((u: { id: string }) => u.id)).toEqual([admin.id]);
  });

  it('exports the filtered events as formula-safe CSV and records the export in the log itself', async () => {
    const t = await createTestTenant();
    const admin = await createOfficer(t, 'admin');
    await event(t.id, '2026-11-01T08:00:00Z', { action: 'tag.create', targetType: 'Tag', actorId: admin.id });
    await event(t.id, '2026-11-02T08:00:00Z', { action: 'entity.status.update' });
    const res = await callRoute(exportRoute, 'GET', '/services/crm/audit-events/export?action=tag.*', { headers: admin.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text: string = typeof res.body === 'string' ? res.body : new TextDecoder().decode(res.body as ArrayBuffer);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('createdAtUtc,action,actorType,actorId,actorName,actorPlatformAdmin,targetType,targetId,before,after,requestId,id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('tag.create');
    expect(lines[1]).toContain(`"{""note"":""=HYPERLINK(\\""x\\"")""}"`);
    const { rows } = await db.current().pool.query(`SELECT "actorId", "after" FROM "AuditLog" WHERE "tenantId" = $1 AND action = 'audit.export'`, [t.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, after: { filters: { action: 'tag.*' }, rowCount: 1, totalCount: 1, format: 'csv' } });
  });

  it('names a platform administrator who acted in the tenant (page, actor filter and CSV), and no other tenant’s or platform user', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const admin = await createOfficer(t, 'admin');
    const outsider = await createOfficer(other, 'admin');
    const rootId = crypto.randomUUID();
    const idleRootId = crypto.randomUUID();
    // Platform administrators: users of no tenant, working in `t` (one acted there, one never did).
    const root = await sessionHeaders({ tenantId: t.id, homeTenantId: null, role: 'admin', userId: rootId });
    await sessionHeaders({ tenantId: t.id, homeTenantId: null, role: 'admin', userId: idleRootId });
    await db.current().pool.query(`UPDATE "User" SET "displayName" = 'Platform Root' WHERE id = $1`, [rootId]);
    await event(t.id, '2026-11-01T08:00:00Z', { action: 'tag.create', targetType: 'Tag', actorId: rootId });
    await event(t.id, '2026-11-01T09:00:00Z', { action: 'tag.rename', targetType: 'Tag', actorId: admin.id });
    // An id of another tenant's user in this tenant's log (not possible through the app) is not named.
    await event(t.id, '2026-11-01T10:00:00Z', { action: 'tag.delete', targetType: 'Tag', actorId: outsider.id });

    const page = await callRoute(searchRoute, 'GET', '/services/crm/audit-events?action=tag.*', { headers: admin.headers });
    expectContract(auditPage, page.body);
    const actorOf = (action: string) => page.body.data.find((e: { action: string }) => e.action === action).actor;
    expect(actorOf('tag.create')).toEqual({ type: 'user', id: rootId, displayName: 'Platform Root', platformAdmin: true });
    expect(actorOf('tag.rename')).toMatchObject({ id: admin.id, platformAdmin: false, displayName: expect.any(String) });
    expect(actorOf('tag.delete')).toEqual({ type: 'user', id: outsider.id, displayName: null, platformAdmin: false });

    // The actor filter offers the platform administrator who acted here, marked, and finds their events.
    const actors = await callRoute(actorsRoute, 'GET', '/services/crm/audit-events/actors', { headers: root });
    expectContract(auditActorsResponse, actors.body);
    const offered = actors.body.data as { id: string; displayName: string; platformAdmin: boolean }[];
    expect(offered.find((a) => a.id === rootId)).toMatchObject({ displayName: 'Platform Root', platformAdmin: true });
    expect(offered.find((a) => a.id === admin.id)).toMatchObject({ platformAdmin: false });
    expect(offered.map((a) => a.id)).not.toContain(idleRootId);
    expect(offered.map((a) => a.id)).not.toContain(outsider.id);
    const byRoot = await callRoute(searchRoute, 'GET', `/services/crm/audit-events?actorId=${rootId}`, { headers: admin.headers });
    expect(byRoot.body.data.map((e: { action: string }) => e.action)).toEqual(['tag.create']);

    const csv = await callRoute(exportRoute, 'GET', `/services/crm/audit-events/export?actorId=${rootId}`, { headers: admin.headers });
    const text: string = typeof csv.body === 'string' ? csv.body : new TextDecoder().decode(csv.body as ArrayBuffer);
    const [header, row] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, row!.split(',')[i]]));
    expect(cells).toMatchObject({ action: 'tag.create', actorType: 'user', actorId: rootId, actorName: 'Platform Root', actorPlatformAdmin: 'true' });
  });

  it('as an attacker: officers and RMs get 403, an API key 401, and another tenant’s events never show', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const foreignId = crypto.randomUUID();
    await event(other.id, '2026-11-01T08:00:00Z', { action: 'entity.status.update', targetId: foreignId });
    for (const role of ['officer', 'rm'] as const) {
      const who = await createOfficer(t, role);
      expect((await callRoute(searchRoute, 'GET', '/services/crm/audit-events', { headers: who.headers })).status).toBe(403);
      expect((await callRoute(exportRoute, 'GET', '/services/crm/audit-events/export', { headers: who.headers })).status).toBe(403);
      expect((await callRoute(actorsRoute, 'GET', '/services/crm/audit-events/actors', { headers: who.headers })).status).toBe(403);
    }
    expect((await callRoute(searchRoute, 'GET', '/services/crm/audit-events', { headers: t.headers })).status).toBe(401);
    const admin = await createOfficer(t, 'admin');
    const res = await callRoute(searchRoute, 'GET', `/services/crm/audit-events?targetId=${foreignId}`, { headers: admin.headers });
    expect(res.body.meta.totalCount).toBe(0);
    const csv = await callRoute(exportRoute, 'GET', `/services/crm/audit-events/export?targetId=${foreignId}`, { headers: admin.headers });
    const text: string = typeof csv.body === 'string' ? csv.body : new TextDecoder().decode(csv.body as ArrayBuffer);
    expect(text).not.toContain(foreignId);
  });
});
