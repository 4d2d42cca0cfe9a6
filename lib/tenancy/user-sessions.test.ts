import { describe, expect, it } from 'vitest';
import { GET as listEntities } from '@/app/services/crm/entities/route';
import { POST as signOutEverywhereRoute } from '@/app/services/crm/users/[userId]/sign-out-everywhere/route';
import { POST as deactivateRoute } from '@/app/services/crm/users/[userId]/deactivate/route';
import { POST as reactivateRoute } from '@/app/services/crm/users/[userId]/reactivate/route';
import { POST as changePasswordRoute } from '@/app/services/crm/account/password/route';
import { POST as signOutOthersRoute } from '@/app/services/crm/account/sign-out-others/route';
import { authenticateUser } from '@/lib/auth/authenticate-user';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { sessionCookieHeaders, sessionHeaders } from '@/scripts/testing/session';
import { checkUserSession, endUserSession, openUserSession } from './user-sessions';
import { endedSessionsResponse, userActivationResponse } from './schemas';
import { createUser } from './users';

const db = useTestDatabase();
const PASSWORD = 'correct-horse-battery';
const MINUTE = 60_000;

async function officerOf(tenantSlug: string, email: string, role: 'admin' | 'officer' | 'rm' = 'officer') {
  const user = await createUser({ email, password: PASSWORD, role, tenantSlug });
  // Administrators must use two-step sign-in: these have enrolled (enrolment itself: mfa.test.ts).
  if (role === 'admin') await db.current().pool.query(`UPDATE "User" SET "mfaEnabledAt" = now() WHERE id = $1`, [user.id]);
  return user;
}

/** A browser signed in as `user` (a real UserSession row and a cookie naming it). */
async function browser(
  user: { id: string; email: string; role: 'admin' | 'officer' | 'rm'; tenantId: string | null },
  client?: { ip: string; userAgent: string },
) {
  const session = await openUserSession({ userId: user.id, client });
  const headers = await sessionCookieHeaders({
    sid: session.id,
    uid: user.id,
    email: user.email,
    displayName: user.email,
    role: user.role,
    homeTenantId: user.tenantId,
    tenantId: user.tenantId,
  });
  return { sessionId: session.id, headers };
}

const canRead = async (headers: Record<string, string>) => (await callRoute(listEntities, 'GET', '/services/crm/entities', { headers })).status;

const auditOf = async (userId: string) =>
  (await db.current().pool.query(`SELECT action, "tenantId", ip, "userAgent", after FROM "AuditLog" WHERE "targetId" = $1 ORDER BY "createdAt", id`, [userId]))
    .rows;

describe('session lifetime', () => {
  it('ends a session idle longer than SESSION_IDLE_MINUTES (30) and any session older than SESSION_MAX_HOURS (8)', async () => {
    const tenant = await createTestTenant();
    const user = await officerOf(tenant.slug, 'idle@example.test');
    const t0 = new Date('2026-03-01T08:00:00Z');
    const idle = await openUserSession({ userId: user.id, now: t0 });
    expect((await checkUserSession({ sessionId: idle.id, userId: user.id, now: new Date(t0.getTime() + 29 * MINUTE) })).ok).toBe(true);
    // Activity at 29 minutes moved lastSeenAt; 58 minutes is 29 minutes after it.
    expect((await checkUserSession({ sessionId: idle.id, userId: user.id, now: new Date(t0.getTime() + 58 * MINUTE) })).ok).toBe(true);
    expect(await checkUserSession({ sessionId: idle.id, userId: user.id, now: new Date(t0.getTime() + 89 * MINUTE) })).toEqual({ ok: false, reason: 'Idle' });
    // Ended for good: coming back within the idle window of the last check does not revive it.
    expect(await checkUserSession({ sessionId: idle.id, userId: user.id, now: new Date(t0.getTime() + 90 * MINUTE) })).toEqual({ ok: false, reason: 'ended' });

    const busy = await openUserSession({ userId: user.id, now: t0 });
    let now = t0;
    for (let minutes = 20; minutes < 8 * 60; minutes += 20) {
      now = new Date(t0.getTime() + minutes * MINUTE);
      expect((await checkUserSession({ sessionId: busy.id, userId: user.id, now })).ok, `${minutes} min`).toBe(true);
    }
    expect(await checkUserSession({ sessionId: busy.id, userId: user.id, now: new Date(t0.getTime() + 8 * 60 * MINUTE) })).toEqual({
      ok: false,
      reason: 'Expired',
    });
  });

  it('reads the limits from SESSION_IDLE_MINUTES and SESSION_MAX_HOURS', async () => {
    const tenant = await createTestTenant();
    const user = await officerOf(tenant.slug, 'configured@example.test');
    const t0 = new Date('2026-03-01T08:00:00Z');
    process.env.SESSION_IDLE_MINUTES = '5';
    process.env.SESSION_MAX_HOURS = '1';
    try {
      const session = await openUserSession({ userId: user.id, now: t0 });
      expect((await checkUserSession({ sessionId: session.id, userId: user.id, now: new Date(t0.getTime() + 6 * MINUTE) })).ok).toBe(false);
      const second = await openUserSession({ userId: user.id, now: t0 });
      const row = (await db.current().pool.query(`SELECT "expiresAt" FROM "UserSession" WHERE id = $1`, [second.id])).rows[0];
      expect(row.expiresAt.getTime() - t0.getTime()).toBe(60 * MINUTE);
    } finally {
      delete process.env.SESSION_IDLE_MINUTES;
      delete process.env.SESSION_MAX_HOURS;
    }
  });

  it('a cookie naming another user’s session, an unknown session or a signed-out one reads as no session (401)', async () => {
    const tenant = await createTestTenant();
    const a = await officerOf(tenant.slug, 'a@example.test');
    const b = await officerOf(tenant.slug, 'b@example.test');
    const own = await browser(a);
    expect(await canRead(own.headers)).toBe(200);
    const stolen = await sessionCookieHeaders({
      sid: own.sessionId,
      uid: b.id,
      email: b.email,
      displayName: 'b',
      role: 'officer',
      homeTenantId: tenant.id,
      tenantId: tenant.id,
    });
    expect(await canRead(stolen)).toBe(401);
    const unknown = await sessionCookieHeaders({
      sid: crypto.randomUUID(),
      uid: a.id,
      email: a.email,
      displayName: 'a',
      role: 'officer',
      homeTenantId: tenant.id,
      tenantId: tenant.id,
    });
    expect(await canRead(unknown)).toBe(401);
    expect(await endUserSession({ sessionId: own.sessionId, client: { ip: '10.1.2.3', userAgent: 'Firefox' } })).toBe(true);
    expect(await canRead(own.headers)).toBe(401);
    const audit = (await auditOf(a.id)).find((r) => r.action === 'auth.sign-out');
    expect(audit).toMatchObject({ tenantId: tenant.id, ip: '10.1.2.3', userAgent: 'Firefox', after: { sessionId: own.sessionId } });
  });

  it('takes the role from the user record, so a demotion applies to open sessions at once', async () => {
    const tenant = await createTestTenant();
    const user = await officerOf(tenant.slug, 'demoted@example.test', 'admin');
    const admin = await browser(user);
    const other = await officerOf(tenant.slug, 'target@example.test');
    const path = `/services/crm/users/${other.id}/sign-out-everywhere`;
    expect((await callRoute(signOutEverywhereRoute, 'POST', path, { headers: admin.headers, params: { userId: other.id } })).status).toBe(200);
    await db.current().pool.query(`UPDATE "User" SET role = 'officer' WHERE id = $1`, [user.id]);
    expect((await callRoute(signOutEverywhereRoute, 'POST', path, { headers: admin.headers, params: { userId: other.id } })).status).toBe(403);
  });
});

describe('ending other sessions', () => {
  it("a password change ends the user's other sessions and keeps the browser that changed it", async () => {
    const tenant = await createTestTenant();
    const user = await officerOf(tenant.slug, 'changer@example.test');
    const here = await browser(user, { ip: '192.0.2.10', userAgent: 'Chromium' });
    const phone = await browser(user);
    const laptop = await browser(user);

    const wrong = await callRoute(changePasswordRoute, 'POST', '/services/crm/account/password', {
      headers: here.headers,
      body: { currentPassword: 'not-it', newPassword: 'a-brand-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors).toEqual(['currentPassword: not your current password']);
    const short = await callRoute(changePasswordRoute, 'POST', '/x', { headers: here.headers, body: { currentPassword: PASSWORD, newPassword: 'short' } });
    expect(short.body.validationErrors[0]).toMatch(/^newPassword: /);
    expect(await canRead(phone.headers)).toBe(200);

    const changed = await callRoute(changePasswordRoute, 'POST', '/services/crm/account/password', {
      headers: { ...here.headers, 'x-forwarded-for': '192.0.2.10', 'user-agent': 'Chromium' },
      body: { currentPassword: PASSWORD, newPassword: 'a-brand-new-password' },
    });
    expect(changed.status).toBe(200);
    expectContract(endedSessionsResponse, changed.body);
    expect(changed.body).toEqual({ data: { endedSessions: 2 } });
    expect(await canRead(phone.headers)).toBe(401);
    expect(await canRead(laptop.headers)).toBe(401);
    expect(await canRead(here.headers)).toBe(200);
    expect((await authenticateUser({ email: user.email, password: PASSWORD })).ok).toBe(false);
    expect((await authenticateUser({ email: user.email, password: 'a-brand-new-password' })).ok).toBe(true);
    const actions = (await auditOf(user.id)).map((r) => r.action);
    expect(actions).toContain('auth.password-change-refused');
    expect((await auditOf(user.id)).find((r) => r.action === 'auth.password-changed')).toMatchObject({
      ip: '192.0.2.10',
      userAgent: 'Chromium',
      after: { endedSessions: 2 },
    });
  });

  it('signing out of the other browsers keeps this one', async () => {
    const tenant = await createTestTenant();
    const user = await officerOf(tenant.slug, 'others@example.test');
    const here = await browser(user);
    const there = await browser(user);
    const res = await callRoute(signOutOthersRoute, 'POST', '/services/crm/account/sign-out-others', { headers: here.headers });
    expect(res.body).toEqual({ data: { endedSessions: 1 } });
    expect(await canRead(there.headers)).toBe(401);
    expect(await canRead(here.headers)).toBe(200);
  });

  it("an administrator's sign-out-everywhere ends every session of the user; attackers get 401/403/404", async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    const admin = await browser(await officerOf(tenant.slug, 'admin@example.test', 'admin'));
    const victim = await officerOf(tenant.slug, 'victim@example.test');
    const sessions = [await browser(victim), await browser(victim)];
    const foreigner = await officerOf(other.slug, 'foreign@example.test');
    const call = (headers: Record<string, string>, userId: string) =>
      callRoute(signOutEverywhereRoute, 'POST', `/services/crm/users/${userId}/sign-out-everywhere`, { headers, params: { userId } });

    expect((await call(tenant.headers, victim.id)).status).toBe(401);
    expect((await call(sessions[0]!.headers, victim.id)).status).toBe(403);
    expect((await call(admin.headers, foreigner.id)).status).toBe(404);
    expect((await call(admin.headers, 'not-a-uuid')).status).toBe(404);
    expect((await call({ ...admin.headers, origin: 'https://evil.example' }, victim.id)).status).toBe(403);

    const res = await call(admin.headers, victim.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { endedSessions: 2 } });
    for (const s of sessions) expect(await canRead(s.headers)).toBe(401);
    expect(await canRead(admin.headers)).toBe(200);
    // A session opened from a cookie minted before the change, whose row somehow escaped, fails on the version.
    const audit = (await auditOf(victim.id)).find((r) => r.action === 'auth.sessions-ended');
    expect(audit).toMatchObject({ tenantId: tenant.id, after: { reason: 'SignOutEverywhere', endedSessions: 2 } });
  });

  it('deactivation ends every session and refuses sign-in; reactivation lets the user back in; nobody deactivates themself', async () => {
    const tenant = await createTestTenant();
    const adminUser = await officerOf(tenant.slug, 'boss@example.test', 'admin');
    const admin = await browser(adminUser);
    const user = await officerOf(tenant.slug, 'leaver@example.test');
    const session = await browser(user);
    const path = (id: string, verb: string) => `/services/crm/users/${id}/${verb}`;

    const res = await callRoute(deactivateRoute, 'POST', path(user.id, 'deactivate'), { headers: admin.headers, params: { userId: user.id } });
    expect(res.status).toBe(200);
    expectContract(userActivationResponse, res.body);
    expect(res.body).toEqual({ data: { deactivated: true, endedSessions: 1 } });
    expect(await canRead(session.headers)).toBe(401);
    expect(await authenticateUser({ email: user.email, password: PASSWORD })).toEqual({ ok: false, reason: 'invalid' });
    expect((await auditOf(user.id)).map((r) => [r.action, r.after?.reason])).toContainEqual(['auth.sign-in-failed', 'deactivated']);
    // A session opened for a deactivated user (a race with the sign-in) is refused on its first read.
    expect(await canRead((await browser(user)).headers)).toBe(401);

    expect(
      (await callRoute(deactivateRoute, 'POST', path(adminUser.id, 'deactivate'), { headers: admin.headers, params: { userId: adminUser.id } })).status,
    ).toBe(409);

    const back = await callRoute(reactivateRoute, 'POST', path(user.id, 'reactivate'), { headers: admin.headers, params: { userId: user.id } });
    expect(back.body).toEqual({ data: { deactivated: false, endedSessions: 0 } });
    expect((await authenticateUser({ email: user.email, password: PASSWORD })).ok).toBe(true);
  });

  it('the test helper’s sessions are real ones too', async () => {
    const tenant = await createTestTenant();
    expect(await canRead(await sessionHeaders({ tenantId: tenant.id, role: 'officer' }))).toBe(200);
  });
});
