import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from './transport';
import { validateWebhookUrl } from './address-policy';

// Real sockets on 127.0.0.1; the defaults (5 s timeout, 64 KB read) are exercised as shipped.
let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    if (req.url === '/hang') return void setTimeout(() => res.end('late'), 6000).unref();
    if (req.url === '/big') return void res.end('x'.repeat(1024 * 1024));
    if (req.url === '/redirect') return void res.writeHead(302, { location: '/target' }).end();
    res.end('fine');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const target = (path: string) => validateWebhookUrl(`${base}${path}`, { allowLoopback: true });

describe('webhook transport', () => {
  it('gives up after the 5 s timeout on a receiver that hangs 6 s', async () => {
    const started = Date.now();
    const result = await postWebhook({ target: await target('/hang'), headers: {}, body: '{}', timeoutMs: 5000 });
    expect(result.error).toMatch(/timeout after 5000 ms/);
    expect(result.statusCode).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(Date.now() - started).toBeLessThan(5900);
  }, 15_000);

  it('reads at most 64 KB of the response', async () => {
    const result = await postWebhook({ target: await target('/big'), headers: {}, body: '{}', timeoutMs: 5000 });
    expect(result.statusCode).toBe(200);
    expect(result.body.length).toBe(64 * 1024);
  });

  it('does not follow redirects', async () => {
    hits.length = 0;
    const result = await postWebhook({ target: await target('/redirect'), headers: {}, body: '{}', timeoutMs: 5000 });
    expect(result.statusCode).toBe(302);
    expect(hits).toEqual(['/redirect']);
  });

  it('connects to the pinned address whatever the host name says', async () => {
    const port = (server.address() as AddressInfo).port;
    const pinned = { url: new URL(`http://receiver.invalid:${port}/ok`), hostname: 'receiver.invalid', address: '127.0.0.1', family: 4 as const };
    const result = await postWebhook({ target: pinned, headers: {}, body: '{}', timeoutMs: 5000 });
    expect(result).toMatchObject({ statusCode: 200, body: 'fine', error: null });
  });
});
