/**
 * The security headers of every response, in one module. Who applies them (README, Security):
 * - pages (`/en`, `/ar`): `proxy.ts`, with a fresh nonce per request in the Content-Security-Policy;
 * - JSON routes under `/services/crm` and `/crm/webhook`: the route wrapper (`apiRoute`, the JSON
 *   404/405 handlers) with API_CONTENT_SECURITY_POLICY;
 * - stored files: `downloadResponse` (its own policy: `sandbox` for downloads);
 * - next-auth (`/api/auth/*`): its route file, through `withSecurityHeaders`;
 * - static files and anything Next.js answers by itself (`/_next/static`, automatic OPTIONS):
 *   `next.config.mjs` `headers()` with BASELINE_HEADERS (a test keeps the two equal). Build-time
 *   values only, so neither CSP nor HSTS there.
 */

/** Features the app never uses, refused for the page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

/** Headers with the same value on every response. */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  // Old browsers only: CSP frame-ancestors wins where both are understood.
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** A JSON answer is data, never a document: nothing may load, run, frame or submit from it. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A fresh nonce for one page response: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The officer app's policy (Next.js's documented nonce pattern): scripts and styles only from our
 * origin with this response's nonce (`strict-dynamic` lets Next's loader add its chunks), no
 * `unsafe-inline` for scripts or style elements (style attributes are allowed: chart and diagram
 * libraries position their shapes with them); images also from `blob:`/`data:` (previews); nothing framed but our own
 * documents (the PDF viewer); no plugins; forms and fetches only to our origin; never framed.
 * Development adds `unsafe-eval` (React's debugging) and inline styles (the dev overlay).
 */
export function pageContentSecurityPolicy(nonce: string, { https, dev = false }: { https: boolean; dev?: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    // Style attributes only (never <style> elements or scripts): the score chart (recharts) and the
    // ownership diagram (React Flow) place their shapes with them; an attribute cannot run script.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Whether the browser reached us over https: directly, or through a TLS-terminating proxy that says
 * so in `X-Forwarded-Proto` (Next.js sets it from the socket when no proxy did), or because the
 * configured public URL (NEXTAUTH_URL) is https.
 */
export function isHttpsRequest(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded) return forwarded === 'https';
  if (new URL(request.url).protocol === 'https:') return true;
  return (process.env.NEXTAUTH_URL ?? '').startsWith('https://');
}

/** `Strict-Transport-Security` (HSTS_MAX_AGE seconds, default one year; 0 turns it off). */
export function strictTransportSecurity(): string | null {
  const maxAge = Number(process.env.HSTS_MAX_AGE ?? 31_536_000);
  if (!Number.isInteger(maxAge) || maxAge <= 0) return null;
  return `max-age=${maxAge}; includeSubDomains`;
}

/**
 * Sets the baseline headers, HSTS over https, and `csp` unless the response already carries its own
 * policy (downloads, the API reference page).
 */
export function applySecurityHeaders(headers: Headers, request: Request, { csp }: { csp: string }): void {
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has('content-security-policy')) headers.set('content-security-policy', csp);
  const hsts = isHttpsRequest(request) ? strictTransportSecurity() : null;
  if (hsts) headers.set('strict-transport-security', hsts);
}

/** For handlers outside the route wrapper (next-auth): the API's headers on whatever they answer. */
export async function withSecurityHeaders(request: Request, respond: () => Promise<Response>): Promise<Response> {
  const response = await respond();
  try {
    applySecurityHeaders(response.headers, request, { csp: API_CONTENT_SECURITY_POLICY });
    return response;
  } catch {
    // Immutable headers (a fetched Response): copy into a new one.
    const copy = new Response(response.body, response);
    applySecurityHeaders(copy.headers, request, { csp: API_CONTENT_SECURITY_POLICY });
    return copy;
  }
}
