import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { GET as listEntities, POST as createProspectWrongMethod } from '@/app/services/crm/entities/route';
import { GET as health } from '@/app/services/crm/health/route';
import { GET as docs } from '@/app/services/crm/docs/route';
import { GET as unknownPath } from '@/app/services/crm/[...path]/route';
import { GET as contentRoute } from '@/app/services/crm/attachments/[attachmentId]/content/route';
import proxy from '@/proxy';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createTestAttachment } from '@/scripts/testing/record-factories';
import { API_CONTENT_SECURITY_POLICY, BASELINE_HEADERS, pageContentSecurityPolicy, withSecurityHeaders } from './security-headers';
import { DOWNLOAD_CONTENT_SECURITY_POLICY, INLINE_CONTENT_SECURITY_POLICY } from './download';

useTestDatabase();

function expectBaseline(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toContain('camera=()');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
}

describe('security headers of API answers (route wrapper)', () => {
  it('a success, a 401, a 404 for an unknown path and a 405 all carry the API policy and the baseline', async () => {
    const tenant = await createTestTenant();
    const answers = [
      await callRoute(health, 'GET', '/services/crm/health'),
      await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: tenant.headers }),
      await callRoute(listEntities, 'GET', '/services/crm/entities'),
      await callRoute(unknownPath, 'GET', '/services/crm/no/such/thing'),
      await callRoute(createProspectWrongMethod, 'POST', '/services/crm/entities', { headers: tenant.headers, body: {} }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 405]);
    for (const answer of answers) {
      expectBaseline(answer.headers);
      expect(answer.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      // Plain http: no HSTS (a browser would ignore it, and a proxy in front may not be https).
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds Strict-Transport-Security only when the request came over https (X-Forwarded-Proto from the TLS proxy)', async () => {
    const https = await callRoute(health, 'GET', '/services/crm/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const http = await callRoute(health, 'GET', '/services/crm/health', { headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });

  it('the API reference page allows no script and only its own inline stylesheet, by hash', async () => {
    const page = await callRoute(docs, 'GET', '/services/crm/docs');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors 'none'/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body as string)![1]!;
    expect(csp).toContain(`'sha256-${crypto.createHash('sha256').update(style).digest('base64')}'`);
    expect(page.body).not.toContain('<script');
  });

  it('handlers outside the wrapper (next-auth, checked served in e2e) get the same headers, even on an immutable Response', async () => {
    const request = new Request('http://127.0.0.1/api/auth/csrf');
    for (const respond of [async () => Response.json({ csrfToken: 'x' }), async () => Response.redirect('http://127.0.0.1/en/sign-in', 302)]) {
      const response = await withSecurityHeaders(request, respond);
      expectBaseline(response.headers);
      expect(response.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    }
  });
});

describe('downloads', () => {
  it('a download and an inline view are both sandboxed documents; only the inline one may be framed, by our own pages', async () => {
    const tenant = await createTestTenant();
    const pdf = await createTestAttachment(tenant.id, 'pdf');
    const path = `/services/crm/attachments/${pdf.id}/content`;
    const download = await callRoute(contentRoute, 'GET', path, { headers: tenant.headers, params: { attachmentId: pdf.id } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-security-policy')).toBe(DOWNLOAD_CONTENT_SECURITY_POLICY);
    expect(download.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expectBaseline(download.headers);

    const inline = await callRoute(contentRoute, 'GET', `${path}?inline=true`, { headers: tenant.headers, params: { attachmentId: pdf.id } });
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(inline.headers.get('content-security-policy')).toBe(INLINE_CONTENT_SECURITY_POLICY);
    expect(inline.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'; frame-ancestors 'self'$/);
    expect(download.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(inline.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('pages (proxy.ts)', () => {
  it('every page answer gets a strict policy with a fresh nonce, also handed to Next.js on the request', async () => {
    const first = proxy(new NextRequest('http://127.0.0.1/en/sign-in'));
    const second = proxy(new NextRequest('http://127.0.0.1/en/sign-in'));
    const csp = first.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(csp).toBe(pageContentSecurityPolicy(nonce, { https: false }));
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    // inline code never: only style attributes (style-src-attr) may be inline
    expect(csp.replace("style-src-attr 'unsafe-inline'", '')).not.toContain('unsafe-inline');
    expect(csp).toContain("style-src 'self' 'nonce-");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // NextResponse.next({ request: { headers } }) passes request headers to the renderer this way.
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(first.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expectBaseline(first.headers);
    expect(first.headers.get('strict-transport-security')).toBeNull();
  });

  it('over https: HSTS and upgrade-insecure-requests; the locale redirect of / gets the headers too', async () => {
    const page = proxy(new NextRequest('http://127.0.0.1/ar/dashboard', { headers: { 'x-forwarded-proto': 'https' } }));
    expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    const redirect = proxy(new NextRequest('http://127.0.0.1/'));
    expect([307, 308]).toContain(redirect.status);
    expect(redirect.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('next.config.mjs', () => {
  it('serves the same baseline to static files as the code sets everywhere else', async () => {
    type Header = { key: string; value: string };
    const configModule = '@/next.config.mjs';
    const { default: nextConfig, BASELINE_HEADERS: CONFIG_BASELINE } = (await import(/* @vite-ignore */ configModule)) as {
      default: { headers: () => Promise<{ source: string; headers: Header[] }[]> };
      BASELINE_HEADERS: Header[];
    };
    expect(Object.fromEntries(CONFIG_BASELINE.map((h) => [h.key.toLowerCase(), h.value]))).toEqual(BASELINE_HEADERS);
    const rules = await nextConfig.headers();
    expect(rules).toEqual([{ source: '/:path*', headers: CONFIG_BASELINE }]);
  });
});
