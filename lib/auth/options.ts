import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { authenticateUser } from './authenticate-user';
import { findTenantChoice, listTenantChoices } from './tenants';

export type Role = 'admin' | 'officer' | 'rm';

/** What the signed JWT carries (next-auth encrypts it into an httpOnly cookie). */
export interface CrmToken {
  uid: string;
  email: string;
  displayName: string;
  role: Role;
  /** The user's own tenant; null for a platform administrator. */
  homeTenantId: string | null;
  /** The tenant the session works in: the home tenant, or the one a platform admin chose. */
  tenantId: string | null;
}

/** Error string the sign-in page receives for a locked account (others are CredentialsSignin). */
export const LOCKED_ERROR = 'LOCKED';

const secureCookies = (process.env.NEXTAUTH_URL ?? '').startsWith('https://');

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: 'jwt', maxAge: 8 * 60 * 60 },
  // Cookies get the Secure flag (and __Secure- prefix) whenever the app is served over https.
  useSecureCookies: secureCookies,
  pages: { signIn: '/en/sign-in', error: '/en/sign-in' },
  providers: [
    CredentialsProvider({
      name: 'credentials',
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      async authorize(credentials) {
        if (!credentials?.email || !credentials.password) return null;
        const result = await authenticateUser({ email: credentials.email, password: credentials.password });
        if (!result.ok) {
          if (result.reason === 'locked') throw new Error(LOCKED_ERROR);
          return null;
        }
        return { ...result.user, name: result.user.displayName };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      const crm = token as unknown as CrmToken & Record<string, unknown>;
      if (user) {
        const u = user as unknown as { id: string; email: string; displayName: string; role: Role; tenantId: string | null };
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
        crm: { uid: crm.uid, email: crm.email, displayName: crm.displayName, role: crm.role, homeTenantId: crm.homeTenantId, tenantId: crm.tenantId },
      };
    },
  },
};
