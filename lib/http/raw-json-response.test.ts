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
});
