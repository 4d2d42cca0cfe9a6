import { cache } from 'react';
import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { checkUserSession } from '@/lib/tenancy/user-sessions';
import { authOptions, type CrmToken, type Role } from './options';

export type { Role };

export interface SessionUser {
  user: { id: string; email: string; displayName: string; role: Role };
  /** The UserSession row of this browser. */
  sessionId: string;
  /** The tenant every query of this request is scoped to. */
  tenantId: string;
  /** True for a platform administrator (may switch tenant). */
  platformAdmin: boolean;
  /** MFA is required for this user and not enrolled yet: only the account page opens. */
  mfaPending: boolean;
}

/**
 * The signed-in user, or null. One of the two places a session is read (the other is
 * lib/http/session.ts for API routes): the cookie must name a session that is still open
 * (checkUserSession: idle timeout, absolute lifetime, sign-out everywhere, deactivation), and the
 * user's role and name are the stored ones. Memoised per request: the layout and the page both ask.
 */
export const getSessionUser = cache(async (): Promise<(Omit<SessionUser, 'tenantId'> & { tenantId: string | null }) | null> => {
  const session = (await getServerSession(authOptions)) as { crm?: CrmToken } | null;
  const crm = session?.crm;
  if (!crm?.uid || !crm.sid) return null;
  const check = await checkUserSession({ sessionId: crm.sid, userId: crm.uid });
  if (!check.ok) return null;
  const { user } = check;
  return {
    user: { id: user.id, email: user.email, displayName: user.displayName, role: user.role },
    sessionId: crm.sid,
    // A platform administrator works in the tenant chosen in the session; everyone else in their own.
    tenantId: user.tenantId ?? crm.tenantId,
    platformAdmin: user.tenantId === null && user.role === 'admin',
    mfaPending: user.mfaPending,
  };
});

/**
 * Guard for pages, layouts and server actions: no session → the sign-in page; a user who must use
 * MFA and has not enrolled → the account page to enrol, before anything else (`allowMfaPending`:
 * the shell and the account page itself); a role outside `roles` (or no tenant to work in) → the
 * forbidden page. The check runs on the server, so hiding a link is never the only protection.
 */
export async function requireUser({ roles, allowMfaPending = false }: { roles?: Role[]; allowMfaPending?: boolean } = {}): Promise<SessionUser> {
  const current = await getSessionUser();
  const locale = await getLocale();
  if (!current) redirect(`/${locale}/sign-in`);
  if (current.mfaPending && !allowMfaPending) redirect(`/${locale}/account?mfa=required`);
  if ((roles && !roles.includes(current.user.role)) || !current.tenantId) redirect(`/${locale}/forbidden`);
  return { ...current, tenantId: current.tenantId };
}
