import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RawJson } from '@/lib/core/raw-json';
import { apiRoute } from './route';

// A cached body (a KYC form's tree) is one Buffer shared by every answer that sends it: the response
// streams it as it is, so it must neither be changed nor detached by sending it.
describe('RawJson answers', () => {
  const text = JSON.stringify({ nameAr: 'نموذج', items: Array.from({ length: 2000 }, (_, i) => ({ i })) });
  const cached = new RawJson(text, Buffer.from(text));
  const route = apiRoute({ summary: 'test', auth: 'none', handler: async () => cached });

  it('sends the cached bytes unchanged, again and again, without consuming them', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await route(new Request('http://localhost/services/crm/test'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.text()).toBe(text);
    }
    expect(cached.bytes!.byteLength).toBe(Buffer.byteLength(text));
    expect(Buffer.from(cached.bytes!).toString('utf8')).toBe(text);
  });

  it('encodes a body given only as text', async () => {
    const route = apiRoute({ summary: 'test', auth: 'none', status: 201, handler: async () => new RawJson('{"data":"مرحبا"}') });
    const response = await route(new Request('http://localhost/services/crm/test', { method: 'POST' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ data: 'مرحبا' });
  });

  it('sends a body given only as text as it is: no encoding of ours, no Vary (Next.js may compress it on the fly)', async () => {
    const route = apiRoute({ summary: 'test', auth: 'none', handler: async () => new RawJson(text) });
    const response = await route(new Request('http://localhost/services/crm/test', { headers: { 'accept-encoding': 'gzip' } }));
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(await response.text()).toBe(text);
  });
});

// A cached body (RawJson.cached) keeps its gzip encoding beside its bytes and answers with it any
// request whose Accept-Encoding takes gzip.
describe('RawJson.cached answers in content codings', () => {
  const text = JSON.stringify({ nameAr: 'نموذج', items: Array.from({ length: 2000 }, (_, i) => ({ i, nameEn: `Option ${i % 5}` })) });
  const cached = RawJson.cached(text);
  const route = apiRoute({ summary: 'test', auth: 'none', handler: async () => cached });
  const get = async (headers: Record<string, string>, method = 'GET') => {
    const response = await route(new Request('http://localhost/services/crm/test', { method, headers }));
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('gzip to a client that accepts it, decoding to the identity bytes, with Vary and one weak ETag', async () => {
    const identity = await get({});
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    expect(identity.bytes.toString('utf8')).toBe(text);
    for (let i = 0; i < 2; i++) {
      const gzipped = await get({ 'accept-encoding': 'gzip, deflate' });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
      expect(gzipped.headers.get('etag')).toBe(identity.headers.get('etag'));
      expect(gunzipSync(gzipped.bytes).equals(identity.bytes)).toBe(true);
      // The bytes encoded once and kept, not a fresh encoding per answer.
      expect(gzipped.bytes.equals(Buffer.from((await cached.gzip())!))).toBe(true);
    }
    expect(cached.gzip()).toBe(cached.gzip());
    expect(cached.etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
  });

  it('honours q=0 and a preference for identity; no header means identity', async () => {
    for (const accept of ['gzip;q=0', 'gzip;q=0, deflate', 'identity', 'gzip;q=0.4, identity;q=0.9', '']) {
      const answer = await get({ 'accept-encoding': accept });
      expect(answer.headers.get('content-encoding'), accept).toBeNull();
      expect(answer.bytes.toString('utf8'), accept).toBe(text);
    }
  });

  it('HEAD carries the GET’s headers; If-None-Match naming the tag is 304 whatever the encoding, with Vary and no Content-Encoding', async () => {
    const head = await get({ 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(head.headers.get('etag')).toBe(cached.etag);
    for (const accept of ['gzip', 'identity']) {
      const notModified = await get({ 'accept-encoding': accept, 'if-none-match': cached.etag! });
      expect(notModified.status).toBe(304);
      expect(notModified.bytes.byteLength).toBe(0);
      expect(notModified.headers.get('content-encoding')).toBeNull();
      expect(notModified.headers.get('vary')).toBe('Accept-Encoding');
      expect(notModified.headers.get('etag')).toBe(cached.etag);
    }
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': 'W/"other"' })).headers.get('content-encoding')).toBe('gzip');
  });
});
