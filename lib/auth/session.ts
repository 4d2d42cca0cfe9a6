import { cache } from 'react';
import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { authOptions, type CrmToken, type Role } from './options';

export type { Role };

export interface SessionUser {
  user: { id: string; email: string; displayName: string; role: Role };
  /** The tenant every query of this request is scoped to. */
  tenantId: string;
  /** True for a platform administrator (may switch tenant). */
  platformAdmin: boolean;
}

/** The signed-in user, or null. Memoised per request: the layout and the page both ask. */
export const getSessionUser = cache(async (): Promise<(Omit<SessionUser, 'tenantId'> & { tenantId: string | null }) | null> => {
  const session = (await getServerSession(authOptions)) as { crm?: CrmToken } | null;
  const crm = session?.crm;
  if (!crm?.uid) return null;
  return {
    user: { id: crm.uid, email: crm.email, displayName: crm.displayName, role: crm.role },
    tenantId: crm.tenantId,
    platformAdmin: crm.homeTenantId === null && crm.role === 'admin',
  };
});

/**
 * Guard for pages, layouts and server actions: no session → the sign-in page; a role outside
 * `roles` (or no tenant to work in) → the forbidden page. The check runs on the server, so
 * hiding a link is never the only protection.
 */
export async function requireUser({ roles }: { roles?: Role[] } = {}): Promise<SessionUser> {
  const current = await getSessionUser();
  const locale = await getLocale();
  if (!current) redirect(`/${locale}/sign-in`);
  if ((roles && !roles.includes(current.user.role)) || !current.tenantId) redirect(`/${locale}/forbidden`);
  return { ...current, tenantId: current.tenantId };
}
