import { getToken } from 'next-auth/jwt';
import { AppError } from '@/lib/core/errors';
import type { CrmToken } from '@/lib/auth/options';
import { checkUserSession } from '@/lib/tenancy/user-sessions';
import type { Principal } from './route';

/**
 * The officer signed in on this request (next-auth's encrypted JWT cookie), or null without a valid
 * session. One of the two places a session is read (the other is lib/auth/session.ts for pages):
 * the cookie must name a session that is still open (checkUserSession: idle timeout, absolute
 * lifetime, sign-out everywhere, deactivation); the role is the stored one. A session with no
 * tenant to work in (a platform administrator before any tenant exists) is FORBIDDEN. Read from the
 * request itself, so route tests can send a minted cookie.
 */
export async function authenticateSession(request: Request): Promise<Principal | null> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  if (![...cookies.keys()].some((name) => name.includes('next-auth.session-token'))) return null;
  const token = (await getToken({ req: { cookies, headers: request.headers } as never, secret: process.env.NEXTAUTH_SECRET })) as
    (CrmToken & Record<string, unknown>) | null;
  if (!token?.uid || typeof token.sid !== 'string') return null;
  const check = await checkUserSession({ sessionId: token.sid, userId: token.uid });
  if (!check.ok) return null;
  const tenantId = check.user.tenantId ?? token.tenantId;
  if (!tenantId) throw new AppError('FORBIDDEN');
  return {
    tenantId,
    tenantSlug: null,
    apiKeyId: null,
    keyPrefix: null,
    user: { id: check.user.id, email: check.user.email, role: check.user.role, sessionId: token.sid, mfaPending: check.user.mfaPending },
  };
}

/**
 * A browser sends Origin on every POST, PUT, PATCH and DELETE; a session write from another origin
 * (cross-site request forgery) is refused. The session cookie is SameSite=Lax as a second wall.
 */
export function checkSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? new URL(request.url).host;
  let originHost: string | null = null;
  try {
    originHost = origin ? new URL(origin).host : null;
  } catch {
    originHost = null;
  }
  if (originHost !== host) throw new AppError('FORBIDDEN');
}
