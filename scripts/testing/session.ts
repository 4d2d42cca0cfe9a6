import crypto from 'node:crypto';
import { encode } from 'next-auth/jwt';
import type { CrmToken, Role } from '@/lib/auth/options';
import { withPlatform } from '@/lib/db/tenant-tx';
import { openUserSession } from '@/lib/tenancy/user-sessions';

export const TEST_ORIGIN = 'http://127.0.0.1';

/**
 * Headers of a signed-in officer's browser request: next-auth's encrypted session cookie, minted with
 * the process's NEXTAUTH_SECRET, and the page's own Origin (browsers send it with every write).
 * Sessions are checked against the database on every read, so the user (created here when no user
 * has `userId`, in `homeTenantId` with `role`) and an open UserSession row exist, as after a real
 * sign-in.
 */
export async function sessionHeaders({
  tenantId,
  role,
  userId = crypto.randomUUID(),
  homeTenantId = tenantId,
}: {
  tenantId: string | null;
  role: Role;
  userId?: string;
  homeTenantId?: string | null;
}) {
  process.env.NEXTAUTH_SECRET ??= 'test-only-secret-0123456789-abcdefghij';
  await withPlatform(async (tx) => {
    if (await tx.user.findUnique({ where: { id: userId } })) return;
    await tx.user.create({
      data: {
        id: userId,
        email: `${role}-${userId}@session.test`,
        displayName: role,
        role,
        passwordHash: 'not-a-hash',
        tenantId: homeTenantId,
        // Administrators must use two-step sign-in: a session of one has passed it.
        mfaEnabledAt: role === 'admin' ? new Date() : null,
      },
    });
  });
  const session = await openUserSession({ userId });
  return sessionCookieHeaders({ sid: session.id, uid: userId, email: `${role}@example.test`, displayName: role, role, homeTenantId, tenantId });
}

/** The headers for a session token as given (a forged or stale one included). */
export async function sessionCookieHeaders(token: CrmToken) {
  process.env.NEXTAUTH_SECRET ??= 'test-only-secret-0123456789-abcdefghij';
  const value = await encode({ token: token as never, secret: process.env.NEXTAUTH_SECRET });
  return { cookie: `next-auth.session-token=${value}`, origin: TEST_ORIGIN };
}
