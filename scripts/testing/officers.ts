// Officers of a test tenant (real User rows, so reviews name them) with their session headers.
import crypto from 'node:crypto';
import { withPlatform } from '@/lib/db/tenant-tx';
import { createUser } from '@/lib/tenancy/users';
import { sessionHeaders } from './session';

export interface TestOfficer {
  id: string;
  email: string;
  headers: Record<string, string>;
}

export async function createOfficer(tenant: { id: string; slug: string }, role: 'officer' | 'admin' | 'rm' = 'officer'): Promise<TestOfficer> {
  const email = `${role}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const user = await createUser({ email, password: 'correct horse battery', role, tenantSlug: tenant.slug, displayName: `${role} ${email.slice(0, 12)}` });
  // Administrators must use two-step sign-in: a signed-in one has enrolled (enrolment itself: lib/tenancy/mfa.test.ts).
  if (role === 'admin') await withPlatform((tx) => tx.user.update({ where: { id: user.id }, data: { mfaEnabledAt: new Date() } }));
  return { id: user.id, email, headers: await sessionHeaders({ tenantId: tenant.id, role, userId: user.id }) };
}
