import { beforeEach, describe, expect, it } from 'vitest';
import { POST as inviteRoute } from '@/app/services/crm/users/route';
import { PATCH as changeRoleRoute } from '@/app/services/crm/users/[userId]/route';
import { POST as resetRoute } from '@/app/services/crm/users/[userId]/password-reset/route';
import { POST as forgotRoute } from '@/app/services/crm/password-resets/route';
import { POST as redeemRoute } from '@/app/services/crm/user-links/redeem/route';
import { authenticateUser } from '@/lib/auth/authenticate-user';
import { openSecret } from '@/lib/webhooks/secret-box';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { sessionHeaders } from '@/scripts/testing/session';
import { acceptedResponse, invitedUserResponse, passwordLinkResponse, redeemLinkResponse, userRoleResponse } from './schemas';
import { checkUserSession, openUserSession } from './user-sessions';
import { createUser } from './users';
import { forgotPasswordMinResponseMs } from './user-links';

const db = useTestDatabase();
// Every scenario starts with full per-address budgets: the redeem limit (10 a minute) is shared by
// the whole file's calls, which run faster than that on a quiet machine.
beforeEach(() => resetRateLimits());
const q = async (sql: string, values: unknown[] = []) => (await db.current().pool.query(sql, values)).rows;

/** The link of the newest e-mail to `recipient`, as the worker would fill it in (opened from the sealed values). */
async function linkFor(recipient: string): Promise<{ token: string; url: string; language: string; subject: string; body: string }> {
  const [row] = await q(`SELECT "tenantId", sealed, language, subject, body FROM "EmailNotification" WHERE recipient = $1 ORDER BY "createdAt" DESC LIMIT 1`, [
    recipient,
  ]);
  const { linkUrl } = JSON.parse(openSecret(row.sealed, row.tenantId)) as { linkUrl: string };
  return { token: linkUrl.split('/').at(-1)!, url: linkUrl, language: row.language, subject: row.subject, body: row.body };
}

const redeem = (token: string, password: string, ip = '198.51.100.1') =>
  callRoute(redeemRoute, 'POST', '/services/crm/user-links/redeem', { body: { token, password }, headers: { 'x-forwarded-for': ip, 'user-agent': 'vitest' } });

describe('inviting users', () => {
  it('an administrator invites by e-mail with a role; the invitee sets a password once through the link and can then sign in', async () => {
    const tenant = await createTestTenant({ nameEn: 'Alpha Bank', nameAr: 'بنك ألفا' });
    const admin = await sessionHeaders({ tenantId: tenant.id, role: 'admin' });
    const res = await callRoute(inviteRoute, 'POST', '/services/crm/users', {
      headers: admin,
      body: { email: 'New.Officer@Example.test', role: 'rm', language: 'ar' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectContract(invitedUserResponse, res.body);
    expect(res.body.data).toMatchObject({ email: 'new.officer@example.test', role: 'rm', displayName: 'new.officer' });

    // Only a hash is stored; the e-mail (Arabic, through the outbox) carries the link sealed, not in its body.
    const mail = await linkFor('new.officer@example.test');
    expect(mail.language).toBe('ar');
    expect(mail.subject).toContain('بنك ألفا');
    expect(mail.body).toContain('{{linkUrl}}');
    expect(mail.url).toMatch(/\/ar\/set-password\/[A-Za-z0-9_-]{43}$/);
    const [link] = await q(`SELECT "tokenHash", kind, "tenantId" FROM "UserLink" WHERE "userId" = $1`, [res.body.data.id]);
    expect(link).toMatchObject({ kind: 'invite', tenantId: tenant.id });
    expect(link.tokenHash).not.toContain(mail.token);
    expect(JSON.stringify(await q(`SELECT * FROM "UserLink"`))).not.toContain(mail.token);

    // No sign-in before the password is set.
    expect((await authenticateUser({ email: 'new.officer@example.test', password: '' })).ok).toBe(false);
    const done = await redeem(mail.token, 'a-brand-new-password');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expectContract(redeemLinkResponse, done.body);
    expect(done.body.data).toEqual({ kind: 'invite', email: 'new.officer@example.test' });
    expect(await authenticateUser({ email: 'new.officer@example.test', password: 'a-brand-new-password' })).toMatchObject({
      ok: true,
      user: { role: 'rm', tenantId: tenant.id },
    });

    // Single use: the same link again is refused and changes nothing.
    const again = await redeem(mail.token, 'another-password-123');
    expect(again.status).toBe(400);
    expect(again.body.validationErrors).toEqual(['token: this link was already used']);
    expect((await authenticateUser({ email: 'new.officer@example.test', password: 'another-password-123' })).ok).toBe(false);

    const actions = (await q(`SELECT action FROM "AuditLog" WHERE "targetId" = $1 ORDER BY "createdAt", id`, [res.body.data.id])).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['user.invite', 'user.invite-accepted']));
  });

  it('refuses an expired link, a tampered link and a replaced link; a short password is refused without spending the link', async () => {
    const tenant = await createTestTenant();
    const admin = await sessionHeaders({ tenantId: tenant.id, role: 'admin' });
    const invite = (email: string) => callRoute(inviteRoute, 'POST', '/services/crm/users', { headers: admin, body: { email, role: 'officer' } });
    expect((await invite('late@example.test')).status).toBe(201);
    const late = await linkFor('late@example.test');
    await q(`UPDATE "UserLink" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = encode(sha256($1::bytea), 'hex')`, [late.token]);
    expect((await redeem(late.token, 'long-enough-password')).body.validationErrors).toEqual(['token: this link has expired']);

    expect((await invite('tamper@example.test')).status).toBe(201);
    const good = await linkFor('tamper@example.test');
    const tampered = good.token.slice(0, -1) + (good.token.endsWith('A') ? 'B' : 'A');
    expect((await redeem(tampered, 'long-enough-password')).body.validationErrors).toEqual(['token: this link is not valid']);
    expect((await redeem('not a token', 'long-enough-password')).status).toBe(400);
    const short = await redeem(good.token, 'short');
    expect(short.body.validationErrors).toEqual(['password: at least 10 characters']);
    // Inviting again sends a new link; the first stops working.
    expect((await invite('tamper@example.test')).status).toBe(201);
    const second = await linkFor('tamper@example.test');
    expect(second.token).not.toBe(good.token);
    expect((await redeem(good.token, 'long-enough-password')).body.validationErrors).toEqual(['token: this link was already used']);
    expect((await redeem(second.token, 'long-enough-password')).status).toBe(200);
  });

  it('an address that already has an account (here or in another tenant) is a conflict; officers cannot invite; another tenant is invisible', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    await createUser({ email: 'taken@example.test', password: 'correct-horse-battery', role: 'officer', tenantSlug: b.slug });
    const admin = await sessionHeaders({ tenantId: a.id, role: 'admin' });
    expect(
      (await callRoute(inviteRoute, 'POST', '/services/crm/users', { headers: admin, body: { email: 'taken@example.test', role: 'officer' } })).status,
    ).toBe(409);
    const officer = await sessionHeaders({ tenantId: a.id, role: 'officer' });
    expect((await callRoute(inviteRoute, 'POST', '/services/crm/users', { headers: officer, body: { email: 'x@example.test', role: 'admin' } })).status).toBe(
      403,
    );
    expect((await callRoute(inviteRoute, 'POST', '/services/crm/users', { body: { email: 'x@example.test', role: 'admin' } })).status).toBe(401);
    const bad = await callRoute(inviteRoute, 'POST', '/services/crm/users', { headers: admin, body: { email: 'not-an-email', role: 'boss' } });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors.join(' ')).toMatch(/email/);
    expect(bad.body.validationErrors.join(' ')).toMatch(/role/);
  });
});

describe('roles', () => {
  it('an administrator changes the role of a user of the tenant (audited, applies at once); not their own, not another tenant’s', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const adminId = crypto.randomUUID();
    const admin = await sessionHeaders({ tenantId: a.id, role: 'admin', userId: adminId });
    const user = await createUser({ email: 'promote@example.test', password: 'correct-horse-battery', role: 'officer', tenantSlug: a.slug });
    const foreign = await createUser({ email: 'foreign@example.test', password: 'correct-horse-battery', role: 'officer', tenantSlug: b.slug });
    const change = (userId: string, role: string, headers = admin) =>
      callRoute(changeRoleRoute, 'PATCH', `/services/crm/users/${userId}`, { headers, body: { role }, params: { userId } });
    const session = await openUserSession({ userId: user.id });

    const res = await change(user.id, 'rm');
    expect(res.status).toBe(200);
    expectContract(userRoleResponse, res.body);
    expect(
      (await checkUserSession({ sessionId: session.id, userId: user.id })).ok && (await checkUserSession({ sessionId: session.id, userId: user.id })),
    ).toMatchObject({
      user: { role: 'rm' },
    });
    expect(await q(`SELECT before, after FROM "AuditLog" WHERE action = 'user.role-change' AND "targetId" = $1`, [user.id])).toEqual([
      { before: { role: 'officer' }, after: { role: 'rm' } },
    ]);
    expect((await change(foreign.id, 'admin')).status).toBe(404);
    expect((await change(adminId, 'officer')).status).toBe(409);
    expect((await change(user.id, 'owner')).status).toBe(400);
    const officer = await sessionHeaders({ tenantId: a.id, role: 'officer' });
    expect((await change(user.id, 'admin', officer)).status).toBe(403);
  });
});

describe('password reset', () => {
  it('admin-triggered: the link sets a new password once and ends every session of the user; another tenant’s user is 404', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const admin = await sessionHeaders({ tenantId: a.id, role: 'admin' });
    const user = await createUser({ email: 'forgetful@example.test', password: 'correct-horse-battery', role: 'officer', tenantSlug: a.slug });
    const foreign = await createUser({ email: 'other@example.test', password: 'correct-horse-battery', role: 'officer', tenantSlug: b.slug });
    const s1 = await openUserSession({ userId: user.id });
    const s2 = await openUserSession({ userId: user.id });
    const send = (userId: string) =>
      callRoute(resetRoute, 'POST', `/services/crm/users/${userId}/password-reset`, { headers: admin, body: {}, params: { userId } });
    expect((await send(foreign.id)).status).toBe(404);
    const res = await send(user.id);
    expect(res.status).toBe(200);
    expectContract(passwordLinkResponse, res.body);
    // The old password works until the link is used.
    expect((await authenticateUser({ email: 'forgetful@example.test', password: 'correct-horse-battery' })).ok).toBe(true);
    const mail = await linkFor('forgetful@example.test');
    expect(mail.url).toMatch(/\/en\/set-password\//);
    expect((await redeem(mail.token, 'my-new-password-2026')).body.data).toEqual({ kind: 'reset', email: 'forgetful@example.test' });
    expect((await checkUserSession({ sessionId: s1.id, userId: user.id })).ok).toBe(false);
    expect((await checkUserSession({ sessionId: s2.id, userId: user.id })).ok).toBe(false);
    expect((await authenticateUser({ email: 'forgetful@example.test', password: 'correct-horse-battery' })).ok).toBe(false);
    expect((await authenticateUser({ email: 'forgetful@example.test', password: 'my-new-password-2026' })).ok).toBe(true);
    expect((await redeem(mail.token, 'yet-another-password')).status).toBe(400);
    const [audit] = await q(`SELECT after, ip FROM "AuditLog" WHERE action = 'auth.password-reset' AND "targetId" = $1`, [user.id]);
    expect(audit).toMatchObject({ after: { endedSessions: 2 }, ip: '198.51.100.1' });
  });

  it('"forgot password" answers the same for a known and an unknown address, and e-mails only the real, active user', async () => {
    const tenant = await createTestTenant();
    await createUser({ email: 'real@example.test', password: 'correct-horse-battery', role: 'officer', tenantSlug: tenant.slug });
    const ask = (email: string, ip: string) =>
      callRoute(forgotRoute, 'POST', '/services/crm/password-resets', { body: { email, language: 'en' }, headers: { 'x-forwarded-for': ip } });
    const known = await ask('Real@Example.test', '203.0.113.10');
    const unknown = await ask('ghost@example.test', '203.0.113.11');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expectContract(acceptedResponse, known.body);
    expect((await q(`SELECT count(*)::int AS n FROM "EmailNotification" WHERE recipient = 'real@example.test' AND kind = 'user.password-reset'`))[0].n).toBe(1);
    expect((await q(`SELECT count(*)::int AS n FROM "EmailNotification" WHERE recipient = 'ghost@example.test'`))[0].n).toBe(0);
    // A second request within the minute sends nothing more, and still answers the same.
    expect((await ask('real@example.test', '203.0.113.12')).body).toEqual(known.body);
    expect((await q(`SELECT count(*)::int AS n FROM "EmailNotification" WHERE recipient = 'real@example.test'`))[0].n).toBe(1);
    const outcomes = (await q(`SELECT after->>'outcome' AS o FROM "AuditLog" WHERE action = 'auth.password-reset-requested' ORDER BY "createdAt", id`)).map(
      (r) => r.o,
    );
    expect(outcomes).toEqual(['sent', 'unknown-user', 'too-soon']);
    const mail = await linkFor('real@example.test');
    expect((await redeem(mail.token, 'reset-by-myself-1')).status).toBe(200);
  });

  it('"forgot password" takes as long for an address with an account (a link is issued) as for one without', async () => {
    const tenant = await createTestTenant();
    const rounds = 5;
    const known: string[] = [];
    for (let i = 0; i < rounds; i++) {
      known.push(`timed-${i}@example.test`);
      await createUser({ email: known[i]!, password: 'correct-horse-battery', role: 'officer', tenantSlug: tenant.slug });
    }
    const timed = async (email: string, ip: string) => {
      const started = performance.now();
      const res = await callRoute(forgotRoute, 'POST', '/services/crm/password-resets', {
        body: { email, language: 'en' },
        headers: { 'x-forwarded-for': ip },
      });
      expect(res.status).toBe(202);
      return performance.now() - started;
    };
    const sent: number[] = [];
    const unknown: number[] = [];
    // Alternated, so a slow moment of the machine falls on both sides; each known address issues a real link.
    for (let i = 0; i < rounds; i++) {
      sent.push(await timed(known[i]!, `203.0.113.${40 + i}`));
      unknown.push(await timed(`nobody-${i}@example.test`, `203.0.113.${60 + i}`));
    }
    const outcome = async (where: string, value: string) =>
      (await q(`SELECT after->>'outcome' AS o FROM "AuditLog" WHERE action = 'auth.password-reset-requested' AND ${where}`, [value])).map((r) => r.o);
    expect(await outcome(`"tenantId" = $1`, tenant.id)).toEqual(Array(rounds).fill('sent'));
    expect(await outcome(`after->>'email' LIKE $1`, 'nobody-%')).toEqual(Array(rounds).fill('unknown-user'));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [a, b] = [median(sent), median(unknown)];
    // Without the floor issuing a link takes several times longer than finding no account; with it the
    // medians differ by a few milliseconds. The bound is generous so a loaded machine does not fail it.
    expect(Math.min(a, b)).toBeGreaterThanOrEqual(forgotPasswordMinResponseMs() - 5);
    expect(Math.max(a, b) / Math.min(a, b), `median ${a.toFixed(1)} ms with an account, ${b.toFixed(1)} ms without`).toBeLessThan(1.25);
  });
});
