import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { NodeNextRequest, NodeNextResponse } from 'next/dist/server/base-http/node';
import { sendResponse } from 'next/dist/server/send-response';
import { describe, expect, it } from 'vitest';
import { RawJson } from '@/lib/core/raw-json';
import { keepPreEncodedContentEncoding, negotiateContentCoding } from './content-coding';
import { apiRoute } from './route';

describe('negotiateContentCoding (RFC 9110 12.5.3)', () => {
  it.each([
    [null, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'gzip'],
    ['deflate, gzip, br, zstd', 'gzip'],
    ['GZip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'gzip'],
    ['gzip ; q=0.001', 'gzip'],
    ['identity;q=0, gzip;q=0.2', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['gzip;q=0.000, deflate', 'identity'],
    ['*;q=0', 'identity'],
    ['*;q=0, identity', 'identity'],
    ['gzip;q=0.5, identity', 'identity'],
    ['gzip;q=0.5, *;q=0.9', 'identity'],
    ['gzip;q=0.9, *;q=0.5', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['br', 'identity'],
    ['gzip;q=2', 'identity'],
    ['gzip;q=abc', 'identity'],
    ['gzip;q=0, gzip', 'gzip'],
  ] as const)('%j → %s', (header, coding) => {
    expect(negotiateContentCoding(header, ['gzip'])).toBe(coding);
  });

  it('offers nothing it does not have', () => {
    expect(negotiateContentCoding('gzip', [])).toBe('identity');
  });
});

/**
 * The production server's path, in process: Next.js's own response copy (server/send-response.js,
 * as `next start` runs a route handler's Response) behind its compression middleware (the
 * `compress` option, on by default), serving our route's answer over a real socket.
 */
async function throughNext(answer: (request: Request) => Promise<Response>, headers: Record<string, string>) {
  const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => (req: unknown, res: unknown, next: () => void) => void;
  const compress = compression();
  const server = http.createServer((req, res) => {
    compress(req, res, () => {});
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string> });
    void answer(request).then((response) => sendResponse(new NodeNextRequest(req), new NodeNextResponse(res), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/services/crm/test', headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

describe('a pre-encoded answer through Next.js (next start)', () => {
  const text = JSON.stringify({ nameAr: 'نموذج', items: Array.from({ length: 5000 }, (_, i) => ({ i, label: `Option ${i % 7}` })) });
  const cached = RawJson.cached(text);
  const route = apiRoute({ summary: 'test', auth: 'none', handler: async () => cached });

  it('reaches the client gzipped once, under Content-Encoding: gzip, only with keepPreEncodedContentEncoding installed', async () => {
    // Without it Next.js drops the route's Content-Encoding and gzips the gzip bytes again: a
    // client decoding once gets gzip bytes, not JSON. (Should Next.js one day keep the header,
    // this first half fails and the hook can go.)
    const before = await throughNext(route, { 'accept-encoding': 'gzip' });
    expect(before.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(before.bytes).subarray(0, 2).toString('hex')).toBe('1f8b');

    keepPreEncodedContentEncoding();
    keepPreEncodedContentEncoding(); // installing twice changes nothing
    const after = await throughNext(route, { 'accept-encoding': 'gzip, deflate' });
    expect(after.headers['content-encoding']).toBe('gzip');
    expect(after.headers['x-crm-content-encoding']).toBeUndefined();
    expect(after.headers.vary).toMatch(/accept-encoding/i);
    expect(after.headers.etag).toBe(cached.etag);
    expect(gunzipSync(after.bytes).toString('utf8')).toBe(text);
    expect(after.bytes.equals(Buffer.from((await cached.gzip())!))).toBe(true);

    // Identity to a client that does not take gzip; Next.js still compresses what it is asked to
    // (deflate, on the fly) for an answer we send as identity.
    const plain = await throughNext(route, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString('utf8')).toBe(text);
    const refused = await throughNext(route, { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.bytes.toString('utf8')).toBe(text);
  });
});
