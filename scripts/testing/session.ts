import crypto from 'node:crypto';
import { encode } from 'next-auth/jwt';
import type { CrmToken, Role } from '@/lib/auth/options';

export const TEST_ORIGIN = 'http://127.0.0.1';

/**
 * Headers of a signed-in officer's browser request: next-auth's encrypted session cookie, minted with
 * the process's NEXTAUTH_SECRET, and the page's own Origin (browsers send it with every write).
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
  const token: CrmToken = { uid: userId, email: `${role}@example.test`, displayName: role, role, homeTenantId, tenantId };
  const value = await encode({ token: token as never, secret: process.env.NEXTAUTH_SECRET });
  return { cookie: `next-auth.session-token=${value}`, origin: TEST_ORIGIN };
}
