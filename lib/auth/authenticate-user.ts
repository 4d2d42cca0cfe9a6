import { withPlatform } from '@/lib/db/tenant-tx';
import { hashPassword, verifyPassword } from '@/lib/tenancy/users';

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

export type AuthenticationResult = { ok: true; user: AuthenticatedUser } | { ok: false; reason: 'invalid' | 'locked' };

let dummyHash: Promise<string> | undefined;

/**
 * Checks an e-mail and password against the User table. Five wrong passwords in a row lock the
 * account for 15 minutes; while locked even the right password is refused, so guessing gains
 * nothing. Unknown e-mails still pay for one argon2 verification so timing does not reveal them.
 */
export async function authenticateUser({ email, password, now = new Date() }: { email: string; password: string; now?: Date }): Promise<AuthenticationResult> {
  const normalized = email.trim().toLowerCase();
  const user = await withPlatform((tx) => tx.user.findUnique({ where: { email: normalized } }));
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, password);
    return { ok: false, reason: 'invalid' };
  }
  if (user.lockedUntil && user.lockedUntil > now) return { ok: false, reason: 'locked' };

  if (!(await verifyPassword(user.passwordHash, password))) {
    return withPlatform(async (tx) => {
      // An expired lock starts a fresh count; the increment is atomic against parallel attempts.
      const base = user.lockedUntil ? { failedLoginCount: 1, lockedUntil: null } : { failedLoginCount: { increment: 1 } };
      const updated = await tx.user.update({ where: { id: user.id }, data: base });
      if (updated.failedLoginCount >= MAX_FAILED_LOGINS) {
        await tx.user.update({ where: { id: user.id }, data: { lockedUntil: new Date(now.getTime() + LOCKOUT_MS), failedLoginCount: 0 } });
        return { ok: false, reason: 'locked' } as const;
      }
      return { ok: false, reason: 'invalid' } as const;
    });
  }

  await withPlatform((tx) => tx.user.update({ where: { id: user.id }, data: { failedLoginCount: 0, lockedUntil: null, lastLoginAt: now } }));
  return {
    ok: true,
    user: { id: user.id, email: user.email, displayName: user.displayName, role: user.role, tenantId: user.tenantId },
  };
}
