import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { GET as listEntities } from '@/app/services/crm/entities/route';
import { GET as mfaStatusRoute } from '@/app/services/crm/account/mfa/route';
import { POST as startRoute } from '@/app/services/crm/account/mfa/enrolment/route';
import { POST as confirmRoute } from '@/app/services/crm/account/mfa/enrolment/confirm/route';
import { POST as disableRoute } from '@/app/services/crm/account/mfa/disable/route';
import { PUT as policyRoute } from '@/app/services/crm/users/mfa-policy/route';
import { POST as mfaResetRoute } from '@/app/services/crm/users/[userId]/mfa-reset/route';
import { authenticateUser } from '@/lib/auth/authenticate-user';
import { authOptions } from '@/lib/auth/options';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { sessionCookieHeaders, sessionHeaders } from '@/scripts/testing/session';
import { completeMfaChallenge, confirmMfaEnrolment, MFA_CHALLENGE_MAX_ATTEMPTS, startMfaEnrolment } from './mfa';
import { mfaEnrolmentResponse, mfaRecoveryCodesResponse, mfaStatusResponse } from './schemas';
import { openUserSession } from './user-sessions';
import { createUser } from './users';

const db = useTestDatabase();
const q = async (sql: string, values: unknown[] = []) => (await db.current().pool.query(sql, values)).rows;
const PASSWORD = 'correct-horse-battery';
const T0 = new Date('2026-05-10T09:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const codeAt = (secret: string, when: Date) => generate({ secret, epoch: Math.floor(when.getTime() / 1000) });
const client = { ip: '192.0.2.44', userAgent: 'vitest' };

async function browserOf(user: { id: string; email: string; role: 'admin' | 'officer' | 'rm'; tenantId: string | null }) {
  const session = await openUserSession({ userId: user.id });
  return sessionCookieHeaders({
    sid: session.id,
    uid: user.id,
    email: user.email,
    displayName: user.email,
    role: user.role,
    homeTenantId: user.tenantId,
    tenantId: user.tenantId,
  });
}

/** A user enrolled with the services at T0: their secret and recovery codes. */
async function enrolled(tenantSlug: string, email: string, role: 'admin' | 'officer' = 'officer') {
  const user = await createUser({ email, password: PASSWORD, role, tenantSlug });
  const { secret } = await startMfaEnrolment({ userId: user.id });
  const { recoveryCodes } = await confirmMfaEnrolment({ userId: user.id, code: await codeAt(secret, T0), now: T0 });
  return { user, secret, recoveryCodes };
}

describe('enrolment', () => {
  it('QR and manual key, confirmed with a code from a fixed clock; the secret is encrypted at rest; ten recovery codes shown once, stored hashed', async () => {
    const tenant = await createTestTenant();
    const user = await createUser({ email: 'enrol@example.test', password: PASSWORD, role: 'officer', tenantSlug: tenant.slug });
    const headers = await browserOf(user);
    const started = await callRoute(startRoute, 'POST', '/services/crm/account/mfa/enrolment', { headers });
    expect(started.status).toBe(201);
    expectContract(mfaEnrolmentResponse, started.body);
    const { secret, otpauthUri, qrSvg } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*enrol%40example\.test\?.*secret=/);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [stored] = await q(`SELECT "mfaPendingSecret", "mfaSecret" FROM "User" WHERE id = $1`, [user.id]);
    expect(stored.mfaPendingSecret).toMatch(/^v1\./);
    expect(stored.mfaPendingSecret).not.toContain(secret);

    const wrong = await callRoute(confirmRoute, 'POST', '/services/crm/account/mfa/enrolment/confirm', { headers, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors).toEqual(['code: not the code your app shows']);
    const ok = await callRoute(confirmRoute, 'POST', '/services/crm/account/mfa/enrolment/confirm', {
      headers,
      body: { code: await codeAt(secret, new Date()) },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expectContract(mfaRecoveryCodesResponse, ok.body);
    const codes: string[] = ok.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const hashes = (await q(`SELECT "codeHash" FROM "MfaRecoveryCode" WHERE "userId" = $1`, [user.id])).map((r) => r.codeHash);
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toMatch(new RegExp(codes.map((c) => c.replace('-', '')).join('|')));
    const [after] = await q(`SELECT "mfaPendingSecret", "mfaSecret", "mfaEnabledAt" FROM "User" WHERE id = $1`, [user.id]);
    expect(after).toMatchObject({ mfaPendingSecret: null });
    expect(after.mfaSecret).toMatch(/^v1\./);
    const status = await callRoute(mfaStatusRoute, 'GET', '/services/crm/account/mfa', { headers });
    expectContract(mfaStatusResponse, status.body);
    expect(status.body.data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // Enrolling again needs disabling first.
    expect((await callRoute(startRoute, 'POST', '/services/crm/account/mfa/enrolment', { headers })).status).toBe(409);
    const actions = (await q(`SELECT action FROM "AuditLog" WHERE "targetId" = $1 ORDER BY "createdAt", id`, [user.id])).map((r) => r.action);
    expect(actions).toEqual(['auth.mfa-failed', 'auth.mfa-enabled']);
  });
});

describe('sign-in with a second factor', () => {
  it('the password alone never yields a session for an enrolled user: the credentials provider refuses and hands out a challenge only', async () => {
    const tenant = await createTestTenant();
    const { user, secret } = await enrolled(tenant.slug, 'two-step@example.test');
    const result = await authenticateUser({ email: 'two-step@example.test', password: PASSWORD, client, now: at(60) });
    expect(result).toMatchObject({ ok: false, reason: 'mfa-required' });
    const challenge = (result as { challenge: string }).challenge;
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [password, mfa] = authOptions.providers as unknown as { options: { authorize: (c: Record<string, string>) => Promise<unknown> } }[];
    await expect(password!.options.authorize({ email: 'two-step@example.test', password: PASSWORD })).rejects.toThrow(/^MFA_REQUIRED:[A-Za-z0-9_-]{43}$/);
    expect(await q(`SELECT id FROM "UserSession" WHERE "userId" = $1`, [user.id])).toEqual([]);
    // The challenge and a right code: the session, through the second provider.
    const fresh = await authenticateUser({ email: 'two-step@example.test', password: PASSWORD });
    const signedIn = (await mfa!.options.authorize({ challenge: (fresh as { challenge: string }).challenge, code: await codeAt(secret, new Date()) })) as {
      sid: string;
      id: string;
    };
    expect(signedIn.id).toBe(user.id);
    expect(await q(`SELECT id FROM "UserSession" WHERE "userId" = $1`, [user.id])).toEqual([{ id: signedIn.sid }]);
    // A wrong password never reaches the second step.
    expect(await authenticateUser({ email: 'two-step@example.test', password: 'wrong-password' })).toEqual({ ok: false, reason: 'invalid' });
    // A challenge cannot be used without a code, nor a code without a challenge.
    expect(await mfa!.options.authorize({ challenge: '', code: await codeAt(secret, new Date()) })).toBeNull();
    await expect(mfa!.options.authorize({ challenge: 'x'.repeat(43), code: '123456' })).rejects.toThrow('MFA_EXPIRED');
  });

  it('TOTP with a fixed clock: a code of the current or adjacent step passes once; a replay, an old code and a wrong one fail', async () => {
    const tenant = await createTestTenant();
    const { user, secret } = await enrolled(tenant.slug, 'clock@example.test');
    const challengeAt = async (now: Date) =>
      ((await authenticateUser({ email: 'clock@example.test', password: PASSWORD, now })) as { challenge: string }).challenge;

    const now = at(300);
    const c1 = await challengeAt(now);
    expect(await completeMfaChallenge({ challenge: c1, code: await codeAt(secret, at(240)), client, now })).toEqual({ ok: false, reason: 'invalid' });
    expect(await completeMfaChallenge({ challenge: c1, code: await codeAt(secret, at(270)), client, now })).toMatchObject({ ok: true, method: 'totp' });
    // The same code again (a replay) in a new sign-in: refused, even within its 30 seconds.
    const c2 = await challengeAt(now);
    expect(await completeMfaChallenge({ challenge: c2, code: await codeAt(secret, at(270)), client, now })).toEqual({ ok: false, reason: 'invalid' });
    expect(await completeMfaChallenge({ challenge: c2, code: await codeAt(secret, at(300)), client, now })).toMatchObject({ ok: true });
    // A challenge is spent once used.
    expect(await completeMfaChallenge({ challenge: c2, code: await codeAt(secret, at(330)), client, now: at(330) })).toEqual({ ok: false, reason: 'expired' });
    // A challenge expires after five minutes.
    const c3 = await challengeAt(at(400));
    expect(await completeMfaChallenge({ challenge: c3, code: await codeAt(secret, at(701)), client, now: at(701) })).toEqual({ ok: false, reason: 'expired' });
    const actions = (await q(`SELECT action, after FROM "AuditLog" WHERE "targetId" = $1 AND action LIKE 'auth.%' ORDER BY "createdAt", id`, [user.id])).map(
      (r) => `${r.action}${r.after?.mfa ? ':' + r.after.mfa : ''}`,
    );
    expect(actions).toEqual([
      'auth.mfa-enabled',
      'auth.password-accepted:required',
      'auth.mfa-failed',
      'auth.sign-in:totp',
      'auth.password-accepted:required',
      'auth.mfa-failed',
      'auth.sign-in:totp',
      'auth.password-accepted:required',
    ]);
  });

  it(`a challenge takes ${MFA_CHALLENGE_MAX_ATTEMPTS} codes, then it is spent; failures count against the sign-in limit per account`, async () => {
    const tenant = await createTestTenant();
    const { secret } = await enrolled(tenant.slug, 'guess@example.test');
    const now = at(1000);
    const { challenge } = (await authenticateUser({ email: 'guess@example.test', password: PASSWORD, now })) as { challenge: string };
    for (let i = 0; i < MFA_CHALLENGE_MAX_ATTEMPTS; i++) {
      expect(await completeMfaChallenge({ challenge, code: String(100000 + i), client: { ip: `192.0.2.${i}`, userAgent: 'x' }, now })).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    expect(await completeMfaChallenge({ challenge, code: await codeAt(secret, now), client, now })).toEqual({ ok: false, reason: 'expired' });
    // Five more failures on new challenges reach the per-account limit (10 in the window): throttled even with the right code.
    for (let i = 0; i < 5; i++) {
      const next = (await authenticateUser({ email: 'guess@example.test', password: PASSWORD, client: { ip: `198.51.100.${i}`, userAgent: 'x' }, now })) as {
        challenge: string;
      };
      await completeMfaChallenge({ challenge: next.challenge, code: '000000', client: { ip: `198.51.100.${i}`, userAgent: 'x' }, now });
    }
    const last = await authenticateUser({ email: 'guess@example.test', password: PASSWORD, client: { ip: '203.0.113.99', userAgent: 'x' }, now });
    expect(last).toMatchObject({ ok: false, reason: 'throttled' });
  });

  it('recovery codes: each works once, in place of a TOTP code, and is audited', async () => {
    const tenant = await createTestTenant();
    const { user, recoveryCodes } = await enrolled(tenant.slug, 'lost-phone@example.test');
    const challenge = async () =>
      ((await authenticateUser({ email: 'lost-phone@example.test', password: PASSWORD, now: at(60) })) as { challenge: string }).challenge;
    expect(await completeMfaChallenge({ challenge: await challenge(), code: recoveryCodes[3]!.toLowerCase(), client, now: at(60) })).toMatchObject({
      ok: true,
      method: 'recovery',
    });
    expect(await completeMfaChallenge({ challenge: await challenge(), code: recoveryCodes[3]!, client, now: at(60) })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await completeMfaChallenge({ challenge: await challenge(), code: recoveryCodes[4]!.replace('-', ''), client, now: at(60) })).toMatchObject({
      ok: true,
    });
    const used = await q(`SELECT after FROM "AuditLog" WHERE action = 'auth.recovery-code-used' AND "targetId" = $1 ORDER BY "createdAt"`, [user.id]);
    expect(used.map((r) => r.after.recoveryCodesLeft)).toEqual([9, 8]);
  });
});

describe('who must use it', () => {
  it('an administrator without MFA reaches only the enrolment routes (403 MFA_ENROLMENT_REQUIRED elsewhere) until enrolled', async () => {
    const tenant = await createTestTenant();
    const admin = await createUser({ email: 'new-admin@example.test', password: PASSWORD, role: 'admin', tenantSlug: tenant.slug });
    const headers = await browserOf(admin);
    const read = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers });
    expect(read.status).toBe(403);
    expect(read.body.errorCode).toBe('MFA_ENROLMENT_REQUIRED');
    expect((await callRoute(mfaStatusRoute, 'GET', '/services/crm/account/mfa', { headers })).body.data).toEqual({
      enabled: false,
      required: true,
      recoveryCodesLeft: 0,
    });
    const { secret } = (await callRoute(startRoute, 'POST', '/services/crm/account/mfa/enrolment', { headers })).body.data;
    expect(
      (await callRoute(confirmRoute, 'POST', '/services/crm/account/mfa/enrolment/confirm', { headers, body: { code: await codeAt(secret, new Date()) } }))
        .status,
    ).toBe(200);
    expect((await callRoute(listEntities, 'GET', '/services/crm/entities', { headers })).status).toBe(200);
    // Required for them: it cannot be turned off.
    expect((await callRoute(disableRoute, 'POST', '/services/crm/account/mfa/disable', { headers, body: { code: '123456' } })).status).toBe(409);
  });

  it('a tenant may require it of everyone; officers may otherwise turn it off with a code; an administrator resets a lost device (not another tenant’s user)', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const admin = await sessionHeaders({ tenantId: a.id, role: 'admin' });
    const officer = await createUser({ email: 'plain@example.test', password: PASSWORD, role: 'officer', tenantSlug: a.slug });
    const officerHeaders = await browserOf(officer);
    expect((await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: officerHeaders })).status).toBe(200);
    expect((await callRoute(policyRoute, 'PUT', '/services/crm/users/mfa-policy', { headers: officerHeaders, body: { required: true } })).status).toBe(403);
    expect((await callRoute(policyRoute, 'PUT', '/services/crm/users/mfa-policy', { headers: admin, body: { required: true } })).body.data).toEqual({
      required: true,
    });
    expect((await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: officerHeaders })).body.errorCode).toBe('MFA_ENROLMENT_REQUIRED');
    expect(await q(`SELECT before, after FROM "AuditLog" WHERE action = 'tenant.mfa-policy' AND "tenantId" = $1`, [a.id])).toEqual([
      { before: { mfaRequired: false }, after: { mfaRequired: true } },
    ]);
    // Another tenant is untouched.
    const other = await createUser({ email: 'beta-officer@example.test', password: PASSWORD, role: 'officer', tenantSlug: b.slug });
    expect((await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: await browserOf(other) })).status).toBe(200);
    await callRoute(policyRoute, 'PUT', '/services/crm/users/mfa-policy', { headers: admin, body: { required: false } });

    const { user, secret } = await enrolled(a.slug, 'optional@example.test');
    const headers = await browserOf(user);
    expect((await callRoute(disableRoute, 'POST', '/services/crm/account/mfa/disable', { headers, body: { code: '000000' } })).status).toBe(400);
    const off = await callRoute(disableRoute, 'POST', '/services/crm/account/mfa/disable', { headers, body: { code: await codeAt(secret, new Date()) } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await authenticateUser({ email: 'optional@example.test', password: PASSWORD })).toMatchObject({ ok: true });

    const lost = await enrolled(a.slug, 'lost@example.test');
    const foreign = await enrolled(b.slug, 'foreign@example.test');
    const reset = (userId: string) => callRoute(mfaResetRoute, 'POST', `/services/crm/users/${userId}/mfa-reset`, { headers: admin, params: { userId } });
    expect((await reset(foreign.user.id)).status).toBe(404);
    expect((await reset(lost.user.id)).status).toBe(200);
    expect(await authenticateUser({ email: 'lost@example.test', password: PASSWORD })).toMatchObject({ ok: true });
    expect(await authenticateUser({ email: 'foreign@example.test', password: PASSWORD })).toMatchObject({ reason: 'mfa-required' });
  });
});
