import createMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { routing } from './lib/i18n/routing';
import { applySecurityHeaders, createNonce, isHttpsRequest, pageContentSecurityPolicy } from './lib/http/security-headers';

const handleI18nRouting = createMiddleware(routing);

/**
 * Every officer-app page: locale negotiation and the /en, /ar prefixes (next-intl), and the page's
 * security headers with a fresh nonce (Next.js's documented pattern: the policy goes on the request
 * too, where Next.js reads the nonce and puts it on its own scripts and styles). The REST API, the
 * webhook routes, next-auth and static files never go through here (their headers:
 * lib/http/security-headers.ts).
 */
export default function proxy(request: NextRequest) {
  const nonce = createNonce();
  const csp = pageContentSecurityPolicy(nonce, { https: isHttpsRequest(request), dev: process.env.NODE_ENV === 'development' });
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const response = handleI18nRouting(new NextRequest(request, { headers }));
  response.headers.set('content-security-policy', csp);
  applySecurityHeaders(response.headers, request, { csp });
  return response;
}

export const config = {
  matcher: ['/((?!services|crm|api|_next|_vercel|.*\\..*).*)'],
};
