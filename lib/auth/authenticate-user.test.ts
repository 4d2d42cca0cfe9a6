import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createUser } from '@/lib/tenancy/users';
import { authenticateUser, LOCKOUT_MS, MAX_FAILED_LOGINS } from './authenticate-user';
import { authOptions, type CrmToken } from './options';

const db = useTestDatabase();

async function officer(email: string) {
  const tenant = await createTestTenant();
  await createUser({ email, password: 'correct-horse-battery', role: 'officer', tenantSlug: tenant.slug });
  return tenant;
}

const row = async (email: string) =>
  (await db.current().pool.query('SELECT "failedLoginCount", "lockedUntil", "lastLoginAt" FROM "User" WHERE email = $1', [email])).rows[0];

describe('authenticateUser', () => {
  it('accepts the right password (any e-mail case) and records the sign-in', async () => {
    const tenant = await officer('ok@example.test');
    const result = await authenticateUser({ email: ' OK@Example.test ', password: 'correct-horse-battery' });
    expect(result).toMatchObject({ ok: true, user: { email: 'ok@example.test', role: 'officer', tenantId: tenant.id } });
    expect((await row('ok@example.test')).lastLoginAt).not.toBeNull();
  });

  it('refuses a wrong password and an unknown e-mail the same way', async () => {
    await officer('wrong@example.test');
    expect(await authenticateUser({ email: 'wrong@example.test', password: 'nope' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await authenticateUser({ email: 'nobody@example.test', password: 'nope' })).toEqual({ ok: false, reason: 'invalid' });
    expect((await row('wrong@example.test')).failedLoginCount).toBe(1);
  });

  it(`locks the account after ${MAX_FAILED_LOGINS} failures, refuses the right password while locked, and unlocks after 15 minutes`, async () => {
    await officer('lock@example.test');
    const now = new Date('2026-01-01T10:00:00Z');
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) {
      expect(await authenticateUser({ email: 'lock@example.test', password: `bad-${i}`, now })).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(await authenticateUser({ email: 'lock@example.test', password: 'bad-last', now })).toEqual({ ok: false, reason: 'locked' });
    expect((await row('lock@example.test')).lockedUntil.getTime()).toBe(now.getTime() + LOCKOUT_MS);

    const during = new Date(now.getTime() + LOCKOUT_MS - 1000);
    expect(await authenticateUser({ email: 'lock@example.test', password: 'correct-horse-battery', now: during })).toEqual({ ok: false, reason: 'locked' });

    const after = new Date(now.getTime() + LOCKOUT_MS + 1000);
    expect(await authenticateUser({ email: 'lock@example.test', password: 'correct-horse-battery', now: after })).toMatchObject({ ok: true });
    expect(await row('lock@example.test')).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('a success resets the failure count, so failures must be consecutive to lock', async () => {
    await officer('reset@example.test');
    for (let i = 0; i < MAX_FAILED_LOGINS - 1; i++) await authenticateUser({ email: 'reset@example.test', password: 'bad' });
    expect(await authenticateUser({ email: 'reset@example.test', password: 'correct-horse-battery' })).toMatchObject({ ok: true });
    expect(await authenticateUser({ email: 'reset@example.test', password: 'bad' })).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('session token: tenant switching', () => {
  const jwt = authOptions.callbacks!.jwt!;
  const signInToken = async (user: { id: string; email: string; displayName: string; role: string; tenantId: string | null }) =>
    (await jwt({ token: {}, user: user as never, account: null, trigger: 'signIn' } as never)) as unknown as CrmToken;
  const update = async (token: CrmToken, tenantId: string) =>
    (await jwt({ token: token as never, trigger: 'update', session: { tenantId } } as never)) as unknown as CrmToken;

  it('a platform admin starts in a tenant and may switch to any existing one, not to an unknown id', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const token = await signInToken({ id: crypto.randomUUID(), email: 'p@example.test', displayName: 'P', role: 'admin', tenantId: null });
    expect(token.tenantId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await update(token, b.id)).tenantId).toBe(b.id);
    expect((await update(token, a.id)).tenantId).toBe(a.id);
    expect((await update(token, crypto.randomUUID())).tenantId).toBe(a.id);
    expect((await update(token, '\'; DROP TABLE "User"; --')).tenantId).toBe(a.id);
  });

  it('an officer or a tenant admin cannot switch tenant by updating the session', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    for (const role of ['officer', 'admin', 'rm']) {
      const token = await signInToken({ id: crypto.randomUUID(), email: `${role}@example.test`, displayName: role, role, tenantId: a.id });
      expect((await update(token, b.id)).tenantId).toBe(a.id);
    }
  });
});

describe('sign-in audit and throttling', () => {
  const client = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chromium/156' };
  const audit = async (where: string, value: string | null) =>
    (
      await db
        .current()
        .pool.query(`SELECT action, "tenantId", "actorType", "targetId", ip, "userAgent", after FROM "AuditLog" WHERE ${where} ORDER BY "createdAt", id`, [
          value,
        ])
    ).rows;

  it('audits every sign-in, failure, lockout and refusal with the address and user agent, in the user’s tenant', async () => {
    const tenant = await officer('audited@example.test');
    const id = (await db.current().pool.query(`SELECT id FROM "User" WHERE email = 'audited@example.test'`)).rows[0].id;
    const now = new Date('2026-02-01T09:00:00Z');
    await authenticateUser({ email: 'audited@example.test', password: 'correct-horse-battery', client, now });
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await authenticateUser({ email: 'audited@example.test', password: 'bad', client, now });
    await authenticateUser({ email: 'audited@example.test', password: 'correct-horse-battery', client, now });
    const rows = await audit(`"targetId" = $1`, id);
    expect(rows.map((r) => [r.action, r.after?.reason ?? null])).toEqual([
      ['auth.sign-in', null],
      ['auth.sign-in-failed', 'wrong-password'],
      ['auth.sign-in-failed', 'wrong-password'],
      ['auth.sign-in-failed', 'wrong-password'],
      ['auth.sign-in-failed', 'wrong-password'],
      ['auth.locked', 'wrong-password'],
      ['auth.sign-in-failed', 'locked'],
    ]);
    for (const row of rows) expect(row).toMatchObject({ tenantId: tenant.id, actorType: 'user', ip: client.ip, userAgent: client.userAgent });
  });

  it('an unknown e-mail and a platform administrator are audited in platform scope (no tenant)', async () => {
    await authenticateUser({ email: 'Stranger@Example.test', password: 'guess', client });
    expect(await audit(`after->>'email' = $1`, 'stranger@example.test')).toEqual([
      expect.objectContaining({ action: 'auth.sign-in-failed', tenantId: null, actorType: 'anonymous', targetId: null, ip: client.ip }),
    ]);
    const platform = await createUser({ email: 'root@example.test', password: 'correct-horse-battery', role: 'admin' });
    await authenticateUser({ email: 'root@example.test', password: 'correct-horse-battery', client });
    expect(await audit(`"targetId" = $1`, platform.id)).toEqual([expect.objectContaining({ action: 'auth.sign-in', tenantId: null })]);
  });

  it('limits failures per address: one address trying many accounts is refused before any password check', async () => {
    const tenant = await createTestTenant();
    const attacker = { ip: '198.51.100.66', userAgent: 'spray' };
    const now = new Date('2026-02-02T09:00:00Z');
    for (let i = 0; i < 20; i++) {
      expect((await authenticateUser({ email: `victim-${i}@example.test`, password: 'Winter2026!', client: attacker, now })).ok).toBe(false);
    }
    await createUser({ email: 'real@example.test', password: 'correct-horse-battery', role: 'officer', tenantSlug: tenant.slug });
    // Even the right password of a real account: this address is done for the window.
    expect(await authenticateUser({ email: 'real@example.test', password: 'correct-horse-battery', client: attacker, now })).toEqual({
      ok: false,
      reason: 'throttled',
      retryAfterSeconds: 900,
    });
    // Another address is not affected; the same one is again once the window (15 minutes) has passed.
    expect(
      (await authenticateUser({ email: 'real@example.test', password: 'correct-horse-battery', client: { ...attacker, ip: '198.51.100.67' }, now })).ok,
    ).toBe(true);
    const later = new Date(now.getTime() + 15 * 60_000 + 1000);
    expect((await authenticateUser({ email: 'real@example.test', password: 'correct-horse-battery', client: attacker, now: later })).ok).toBe(true);
    expect((await audit(`action = 'auth.sign-in-throttled' AND ip = $1`, attacker.ip)).length).toBe(1);
  });

  it('limits failures per account: many addresses trying one account are refused after 10 failures in the window', async () => {
    await officer('target@example.test');
    const now = new Date('2026-02-03T09:00:00Z');
    // Failures spread so the lockout (5 in a row) resets between them: every 4th attempt succeeds.
    let failures = 0;
    for (let i = 0; failures < 10; i++) {
      const ip = `192.0.2.${i}`;
      if (i % 4 === 3) {
        expect((await authenticateUser({ email: 'target@example.test', password: 'correct-horse-battery', client: { ip, userAgent: 'x' }, now })).ok).toBe(
          true,
        );
      } else {
        await authenticateUser({ email: 'target@example.test', password: `bad-${i}`, client: { ip, userAgent: 'x' }, now });
        failures++;
      }
    }
    expect(
      await authenticateUser({ email: 'target@example.test', password: 'correct-horse-battery', client: { ip: '192.0.2.250', userAgent: 'x' }, now }),
    ).toMatchObject({
      ok: false,
      reason: 'throttled',
    });
  });
});
