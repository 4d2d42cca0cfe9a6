import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { endUserSession, openUserSession, sessionLimits } from '@/lib/tenancy/user-sessions';
import { completeMfaChallenge } from '@/lib/tenancy/mfa';
import { authenticateUser } from './authenticate-user';
import { currentClientInfo } from './client-info';
import { findTenantChoice, listTenantChoices } from './tenants';

export type Role = 'admin' | 'officer' | 'rm';

/** What the signed JWT carries (next-auth encrypts it into an httpOnly cookie). */
export interface CrmToken {
  /** The UserSession row this cookie stands for (checked on every read). */
  sid: string;
  uid: string;
  email: string;
  displayName: string;
  role: Role;
  /** The user's own tenant; null for a platform administrator. */
  homeTenantId: string | null;
  /** The tenant the session works in: the home tenant, or the one a platform admin chose. */
  tenantId: string | null;
}

/** Error strings the sign-in page receives for a locked account and a throttled client (others are CredentialsSignin). */
export const LOCKED_ERROR = 'LOCKED';
export const THROTTLED_ERROR = 'THROTTLED';
/**
 * The password was right and the user is enrolled in MFA: the error carries the challenge token
 * for the second step (`MFA_REQUIRED:<token>`), which the sign-in page sends with the code to the
 * `mfa` provider. No session exists until then.
 */
export const MFA_REQUIRED_ERROR = 'MFA_REQUIRED';
/** The second step's challenge is spent (five minutes or five codes): start again with the password. */
export const MFA_EXPIRED_ERROR = 'MFA_EXPIRED';

const secureCookies = (process.env.NEXTAUTH_URL ?? '').startsWith('https://');

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  // The cookie lives as long as the absolute lifetime; the session row (lib/tenancy/user-sessions.ts)
  // decides idle timeout, revocation and the lifetime itself on every read.
  session: { strategy: 'jwt', maxAge: Math.ceil(sessionLimits().maxMs / 1000) },
  // Cookies get the Secure flag (and __Secure- prefix) whenever the app is served over https.
  useSecureCookies: secureCookies,
  pages: { signIn: '/en/sign-in', error: '/en/sign-in' },
  providers: [
    CredentialsProvider({
      name: 'credentials',
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      async authorize(credentials) {
        if (!credentials?.email || !credentials.password) return null;
        const client = currentClientInfo();
        const result = await authenticateUser({ email: credentials.email, password: credentials.password, client });
        if (!result.ok) {
          if (result.reason === 'locked') throw new Error(LOCKED_ERROR);
          if (result.reason === 'throttled') throw new Error(THROTTLED_ERROR);
          if (result.reason === 'mfa-required') throw new Error(`${MFA_REQUIRED_ERROR}:${result.challenge}`);
          return null;
        }
        const session = await openUserSession({ userId: result.user.id, client });
        return { ...result.user, name: result.user.displayName, sid: session.id };
      },
    }),
    // The second step for users enrolled in MFA: the challenge from the password step and a code.
    CredentialsProvider({
      id: 'mfa',
      name: 'mfa',
      credentials: { challenge: { type: 'text' }, code: { type: 'text' } },
      async authorize(credentials) {
        if (!credentials?.challenge || !credentials.code) return null;
        const client = currentClientInfo();
        const result = await completeMfaChallenge({ challenge: credentials.challenge, code: credentials.code, client });
        if (!result.ok) {
          if (result.reason === 'throttled') throw new Error(THROTTLED_ERROR);
          if (result.reason === 'expired') throw new Error(MFA_EXPIRED_ERROR);
          return null;
        }
        const session = await openUserSession({ userId: result.user.id, client });
        return { ...result.user, name: result.user.displayName, sid: session.id };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      const crm = token as unknown as CrmToken & Record<string, unknown>;
      if (user) {
        const u = user as unknown as { id: string; sid: string; email: string; displayName: string; role: Role; tenantId: string | null };
        crm.sid = u.sid;
        crm.uid = u.id;
        crm.email = u.email;
        crm.displayName = u.displayName;
        crm.role = u.role;
        crm.homeTenantId = u.tenantId;
        // A platform admin starts in the oldest tenant and may switch from the shell.
        crm.tenantId = u.tenantId ?? (await listTenantChoices())[0]?.id ?? null;
      }
      if (trigger === 'update' && crm.homeTenantId === null && crm.role === 'admin') {
        const wanted = (session as { tenantId?: unknown } | undefined)?.tenantId;
        if (typeof wanted === 'string' && (await findTenantChoice(wanted))) crm.tenantId = wanted;
      }
      return token;
    },
    async session({ session, token }) {
      const crm = token as unknown as CrmToken;
      return {
        ...session,
        crm: {
          sid: crm.sid,
          uid: crm.uid,
          email: crm.email,
          displayName: crm.displayName,
          role: crm.role,
          homeTenantId: crm.homeTenantId,
          tenantId: crm.tenantId,
        },
      };
    },
  },
  events: {
    // Sign-out ends the session row too, so the cookie is dead even if a copy of it survives.
    async signOut({ token }) {
      const sid = (token as unknown as Partial<CrmToken> | null)?.sid;
      if (sid) await endUserSession({ sessionId: sid, client: currentClientInfo() });
    },
  },
};
