import { expect, test } from './fixtures/test';

// The served app, not a handler called directly: Next.js routing must never answer a tenant system
// with its HTML error page under /services/crm or /crm/webhook.
const bilingual = (body: { errorCode: string; message: { en: string; ar: string } }) => {
  expect(body.message.en).toMatch(/\w/);
  expect(body.message.ar).toMatch(/[\u0600-\u06FF]/);
};

test('unknown paths under /services/crm and /crm/webhook answer 404 NOT_FOUND as JSON, for any method', async ({ request }) => {
  for (const [method, path] of [
    ['GET', '/services/crm/no-such-route'],
    ['POST', '/services/crm/no-such-route'],
    ['DELETE', '/services/crm/entities/00000000-0000-4000-8000-000000000000/nothing-here'],
    ['PATCH', '/services/crm/entities/client/x/y/z'],
    ['GET', '/crm/webhook/nope'],
  ] as const) {
    const res = await request.fetch(path, { method });
    expect(res.status(), `${method} ${path}`).toBe(404);
    expect(res.headers()['content-type']).toMatch(/application\/json/);
    const body = await res.json();
    expect(body.errorCode).toBe('NOT_FOUND');
    bilingual(body);
  }
});

test('a known path with a method it does not take answers 405 METHOD_NOT_ALLOWED with Allow', async ({ request }) => {
  const res = await request.fetch('/services/crm/entities', { method: 'DELETE' });
  expect(res.status()).toBe(405);
  expect(res.headers()['allow']).toBe('GET, HEAD, OPTIONS');
  const body = await res.json();
  expect(body.errorCode).toBe('METHOD_NOT_ALLOWED');
  bilingual(body);
  const test = await request.fetch('/crm/webhook/test', { method: 'GET' });
  expect(test.status()).toBe(405);
  expect(test.headers()['allow']).toBe('POST, OPTIONS');
});
