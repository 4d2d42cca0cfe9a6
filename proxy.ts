import createMiddleware from 'next-intl/middleware';
import { routing } from './lib/i18n/routing';

// Locale negotiation and the /en, /ar prefixes for the officer UI only: the REST API, the
// webhook routes, next-auth and static files never go through it.
export default createMiddleware(routing);

export const config = {
  matcher: ['/((?!services|crm|api|_next|_vercel|.*\\..*).*)'],
};
