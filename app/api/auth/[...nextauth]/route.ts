import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { clientInfoFrom, withClientInfo } from '@/lib/auth/client-info';
import { withSecurityHeaders } from '@/lib/http/security-headers';

const nextAuth = NextAuth(authOptions) as (request: Request, context: unknown) => Promise<Response>;

// GET|POST /api/auth/* – next-auth: credentials sign-in, session, CSRF token, sign-out (with the API's security headers;
// the client's address and user agent reach the sign-in and sign-out audit rows)
async function handler(request: Request, context: unknown): Promise<Response> {
  return withSecurityHeaders(request, () => withClientInfo(clientInfoFrom(request.headers), () => nextAuth(request, context)));
}

export { handler as GET, handler as POST };
