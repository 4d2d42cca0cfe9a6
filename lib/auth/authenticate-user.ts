import { withPlatform, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type ClientInfo } from '@/lib/audit/write-audit';
import { hashPassword, verifyPassword } from '@/lib/tenancy/users';
import { recordSignInFailure, signInRetryAfter } from '@/lib/tenancy/sign-in-throttle';
import { openMfaChallenge } from '@/lib/tenancy/mfa';

/** Failed attempts in a row that lock an account, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

export type AuthenticatedUser = {
  id: string;
  email: string;
  displayName: string;
  role: 'admin' | 'officer' | 'rm';
  tenantId: string | null;
};

export type AuthenticationResult =
  | { ok: true; user: AuthenticatedUser }
  | { ok: false; reason: 'invalid' | 'locked' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }
  /** The password was right but the user is enrolled in MFA: no session until the code (lib/tenancy/mfa.ts). */
  | { ok: false; reason: 'mfa-required'; challenge: string };

let dummyHash: Promise<string> | undefined;

/**
 * Checks an e-mail and password against the User table, and writes the audit row of every outcome
 * with the client's address and user agent (`auth.sign-in`, `auth.sign-in-failed` with its reason,
 * `auth.locked` for the failure that locks the account, `auth.sign-in-throttled`).
 * - Too many failures from this address or for this account within the window (sign-in-throttle.ts):
 *   refused before the password is checked.
 * - Five wrong passwords in a row lock the account for 15 minutes; while locked even the right
 *   password is refused, so guessing gains nothing.
 * - A deactivated account is refused like a wrong password (the reason is only in the audit log).
 * - Unknown e-mails still pay for one argon2 verification so timing does not reveal them.
 * - A user enrolled in MFA gets no user from the password alone: a challenge for the second step
 *   (`auth.password-accepted`); `auth.sign-in` is written when the code is checked.
 */
export async function authenticateUser({
  email,
  password,
  client = { ip: null, userAgent: null },
  now = new Date(),
}: {
  email: string;
  password: string;
  client?: ClientInfo;
  now?: Date;
}): Promise<AuthenticationResult> {
  const normalized = email.trim().toLowerCase();
  const user = await withPlatform((tx) => tx.user.findUnique({ where: { email: normalized } }));
  const audit = (action: string, after: Record<string, unknown>) =>
    withPlatform((tx: Tx) =>
      writeAudit(tx, {
        tenantId: user?.tenantId ?? null,
        actor: user ? { type: 'user', id: user.id } : { type: 'anonymous' },
        action,
        targetType: 'User',
        targetId: user?.id ?? null,
        after: user ? after : { ...after, email: normalized.slice(0, 320) },
        client,
      }),
    );

  const retryAfterSeconds = await signInRetryAfter({ ip: client.ip, email: normalized, now });
  if (retryAfterSeconds > 0) {
    await audit('auth.sign-in-throttled', { retryAfterSeconds });
    return { ok: false, reason: 'throttled', retryAfterSeconds };
  }
  const fail = async (reason: 'unknown-user' | 'wrong-password' | 'locked' | 'deactivated', answer: 'invalid' | 'locked') => {
    await recordSignInFailure({ ip: client.ip, email: normalized, now });
    await audit('auth.sign-in-failed', { reason });
    return { ok: false, reason: answer } as const;
  };

  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, password);
    return fail('unknown-user', 'invalid');
  }
  if (user.lockedUntil && user.lockedUntil > now) return fail('locked', 'locked');

  const passwordOk = await verifyPassword(user.passwordHash, password);
  if (passwordOk && user.deactivatedAt) return fail('deactivated', 'invalid');
  if (!passwordOk) {
    const locked = await withPlatform(async (tx) => {
      // An expired lock starts a fresh count; the increment is atomic against parallel attempts.
      const base = user.lockedUntil ? { failedLoginCount: 1, lockedUntil: null } : { failedLoginCount: { increment: 1 } };
      const updated = await tx.user.update({ where: { id: user.id }, data: base });
      if (updated.failedLoginCount < MAX_FAILED_LOGINS) return false;
      await tx.user.update({ where: { id: user.id }, data: { lockedUntil: new Date(now.getTime() + LOCKOUT_MS), failedLoginCount: 0 } });
      return true;
    });
    if (!locked) return fail('wrong-password', 'invalid');
    await recordSignInFailure({ ip: client.ip, email: normalized, now });
    await audit('auth.locked', { reason: 'wrong-password', failures: MAX_FAILED_LOGINS, lockedForMinutes: LOCKOUT_MS / 60_000 });
    return { ok: false, reason: 'locked' };
  }

  if (user.mfaEnabledAt) {
    const challenge = await openMfaChallenge({ user, now });
    await audit('auth.password-accepted', { mfa: 'required' });
    return { ok: false, reason: 'mfa-required', challenge };
  }
  await withPlatform(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { failedLoginCount: 0, lockedUntil: null, lastLoginAt: now } });
  });
  await audit('auth.sign-in', {});
  return {
    ok: true,
    user: { id: user.id, email: user.email, displayName: user.displayName, role: user.role, tenantId: user.tenantId },
  };
}
