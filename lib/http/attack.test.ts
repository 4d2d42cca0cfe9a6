import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoute } from './route';
import { nestsDeeperThan } from './body';
import { POST as createProspect } from '@/app/services/crm/entities/prospect/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';

useTestDatabase();

// A route built with the real wrapper, echoing what it validated.
const echo = apiRoute({
  summary: 'echo',
  body: z.object({ name: z.string().max(200), tags: z.array(z.string()).max(5).optional() }),
  status: 201,
  handler: async ({ body }) => ({ data: body }),
});

describe('bad input never reaches a 500', () => {
  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const t = await createTestTenant();
    for (const raw of ['{', '{"name": }', 'null x', '\u0000', '[1,2', '{"name":"a"}}']) {
      const res = await callRoute(echo, 'POST', '/x', { headers: { ...t.headers, 'content-type': 'application/json' }, body: raw });
      expect(res.status, raw).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_ERROR');
      expect(res.body.validationErrors.length).toBeGreaterThan(0);
    }
  });

  it('answers JSON nested thousands deep (50 kB, under the size limit) with a 400, where validating it overflowed the stack (500)', async () => {
    const t = await createTestTenant();
    // Built as text: JSON.stringify of a value this deep overflows the test's own stack.
    const body = (rawDataDepth: number, leaf = '{}') =>
      `{"nameEn":"Deep Registry","identities":[{"number":"70${String(Date.now() % 100_000_000).padStart(8, '0')}"}],"rawData":${'{"a":['.repeat(rawDataDepth / 2)}${leaf}${']}'.repeat(rawDataDepth / 2)}}`;
    for (const depth of [64, 5_000, 20_000]) {
      const res = await callRoute(createProspect, 'POST', '/x', { headers: t.headers, body: body(depth) });
      expect(res.status, String(depth)).toBe(400);
      expect(res.body.validationErrors).toEqual(['(body): objects and arrays nested more than 64 deep']);
    }
    // 64 levels in all (the body's own object, rawData's 62 and the leaf) pass; brackets inside strings do not count.
    const ok = await callRoute(createProspect, 'POST', '/x', { headers: t.headers, body: body(62, `{"note":"${'{[{['.repeat(40)}"}`) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // An escaped backslash ends no string; an escaped quote does not end it.
    expect(nestsDeeperThan(String.raw`{"a":"\\"}`, 1)).toBe(false);
    expect(nestsDeeperThan(String.raw`{"a":"\\\"{{"}`, 1)).toBe(false);
    expect(nestsDeeperThan(String.raw`{"a":"\\",  "b":{}}`, 1)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":"]]]"}]}', 2)).toBe(true);
  });

  it('answers an oversize body with 413 PAYLOAD_TOO_LARGE, declared or not', async () => {
    const t = await createTestTenant();
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    const res = await callRoute(echo, 'POST', '/x', { headers: t.headers, body: big });
    expect(res.status).toBe(413);
    expect(res.body.errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect(res.body.message.ar).toMatch(/[\u0600-\u06FF]/);
  });

  it('names every failing field path', async () => {
    const t = await createTestTenant();
    const res = await callRoute(echo, 'POST', '/x', { headers: t.headers, body: { name: 5, tags: ['a', 7] } });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors.map((e: string) => e.split(':')[0]).sort()).toEqual(['name', 'tags.1']);
  });

  it('returns SQL and HTML verbatim, never interpreting them', async () => {
    const t = await createTestTenant();
    const name = `'); DROP TABLE "Tenant"; -- <script>alert(1)</script>`;
    const res = await callRoute(echo, 'POST', '/x', { headers: t.headers, body: { name } });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe(name);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('maps an unexpected failure to an opaque 500 with a request id', async () => {
    const broken = apiRoute({
      summary: 'broken',
      auth: 'none',
      handler: async () => {
        throw new Error('SELECT secret FROM somewhere');
      },
    });
    const res = await callRoute(broken, 'GET', '/x', { headers: { 'x-request-id': 'req-123' } });
    expect(res.status).toBe(500);
    expect(res.body.errorCode).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(res.body)).not.toMatch(/SELECT|secret|stack/);
    expect(res.headers.get('x-request-id')).toBe('req-123');
  });
});
