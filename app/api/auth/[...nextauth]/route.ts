import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';

// GET|POST /api/auth/* – next-auth: credentials sign-in, session, CSRF token, sign-out
const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
