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
