import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/services/crm/entities/route';
import { POST as prospectRoute } from '@/app/services/crm/entities/prospect/route';
import { POST as screeningRoute } from '@/app/services/crm/entities/screening/route';
import { POST as clientRoute } from '@/app/services/crm/entities/client/route';
import { GET as getRoute } from '@/app/services/crm/entities/[entityId]/route';
import { POST as identitiesRoute } from '@/app/services/crm/entities/[entityId]/identities/route';
import { POST as bankRoute } from '@/app/services/crm/entities/[entityId]/bank-accounts/route';
import { GET as addressesRoute } from '@/app/services/crm/entities/[entityId]/addresses/route';
import { PATCH as statusRoute } from '@/app/services/crm/entities/client/[entityId]/status/route';
import { PATCH as classificationRoute } from '@/app/services/crm/entities/client/[entityId]/classification/route';
import { PATCH as reviewRoute } from '@/app/services/crm/bank-accounts/manual/[accountId]/review/route';
import { GET as attachmentRoute } from '@/app/services/crm/attachments/[attachmentId]/route';
import { GET as contentRoute } from '@/app/services/crm/attachments/[attachmentId]/content/route';
import { GET as tagsRoute } from '@/app/services/crm/tags/route';
import { GET as citiesRoute } from '@/app/services/crm/cities/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createTestEntity, individualInput } from '@/scripts/testing/record-factories';
import { createProspectInput } from './schemas';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-att-${process.pid}`);
// The property runs fire many requests with one key; the rate limit is not what is under test.
process.env.API_RATE_LIMIT_PER_SECOND = '100000';
process.env.API_RATE_LIMIT_BURST = '100000';
useTestDatabase();

let tenant: TestTenant;
let clientId: string;
beforeAll(async () => {
  tenant = await createTestTenant();
  clientId = (await createTestEntity(tenant.id, 'Client')).id;
});

function expectDocumentedError(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(typeof res.body.errorCode).toBe('string');
  expect(typeof res.body.message.en).toBe('string');
  expect(typeof res.body.message.ar).toBe('string');
  if (res.status === 400) expect(Array.isArray(res.body.validationErrors)).toBe(true);
  else expect(res.body.validationErrors).toBeUndefined();
}

const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.jsonValue({ stringUnit: 'binary' }),
  fc.dictionary(
    fc.constantFrom(
      'nameEn',
      'nameAr',
      'email',
      'crmId',
      'identities',
      'tagIds',
      'dobHijri',
      'dobGregorian',
      'netIncome',
      'status',
      'decision',
      'classification',
      'iban',
      'isPrimary',
      'documentIds',
      'type',
      'number',
      'rawData',
      'nationalityCode',
    ),
    fc.jsonValue(),
  ),
);

const bodyRoutes = [
  ['prospect', prospectRoute, () => ({})],
  ['screening', screeningRoute, () => ({})],
  ['client', clientRoute, () => ({})],
  ['identities', identitiesRoute, () => ({ entityId: clientId })],
  ['bank-accounts', bankRoute, () => ({ entityId: clientId })],
  ['status', statusRoute, () => ({ entityId: clientId })],
  ['classification', classificationRoute, () => ({ entityId: clientId })],
  ['review', reviewRoute, () => ({ accountId: crypto.randomUUID() })],
] as const;

describe('bad input never yields a 500 (property)', () => {
  it.each(bodyRoutes)('%s: random JSON bodies → 2xx or documented 4xx', async (_name, route, params) => {
    await fc.assert(
      fc.asyncProperty(anyJson, async (body) => {
        const res = await callRoute(route as any, 'POST', '/x', { headers: tenant.headers, params: params(), body: JSON.stringify(body) });
        if (res.status >= 300) expectDocumentedError(res);
      }),
      { numRuns: 60 },
    );
  });

  it.each(bodyRoutes)('%s: malformed JSON → 400', async (_name, route, params) => {
    const res = await callRoute(route as any, 'POST', '/x', { headers: tenant.headers, params: params(), body: '{"nameEn": ' });
    expect(res.status).toBe(400);
    expectDocumentedError(res);
  });

  it('wrong types, unknown enums and huge strings name the field', async () => {
    const cases: [object, string][] = [
      [{ nameEn: 42 }, 'nameEn'],
      [{ nameEn: 'x'.repeat(201) }, 'nameEn'],
      [{ nameEn: 'ok', gender: 'Robot' }, 'gender'],
      [{ nameEn: 'ok', identities: [{ type: 'Laptop', number: '1' }] }, 'identities.0.type'],
      [{ nameEn: 'ok', identities: 'nope' }, 'identities'],
      [{ nameEn: 'ok', tagIds: ['not-a-uuid'] }, 'tagIds.0'],
      [{ nameEn: 'ok', crmId: 'abc' }, 'crmId'],
      [{ nameEn: 'ok', netIncome: 15000.5 }, 'netIncome'],
      [{ nameEn: 'ok', netIncome: '1e5' }, 'netIncome'],
      [{ nameEn: 'ok', nationalityCode: 'ZZ' }, 'nationalityCode'],
      [{ nameEn: 'ok', email: 'not-an-email' }, 'email'],
      [{ nameEn: 'ok', phoneNumber: '+966 50' }, 'phoneNumber'],
      [{ nameEn: 'ok', rawData: 'text' }, 'rawData'],
      // PostgreSQL text and jsonb cannot hold U+0000: a 400, not a 500.
      [{ nameEn: 'a\u0000b' }, 'nameEn'],
      [{ nameEn: 'ok', rawData: { crName: 'a\u0000b' } }, 'rawData'],
      [{ nameEn: 'ok', identities: [{ type: 'Other', number: '1\u00002' }] }, 'identities.0.number'],
    ];
    for (const [body, field] of cases) {
      const res = await callRoute(prospectRoute, 'POST', '/x', { headers: tenant.headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.validationErrors.some((e: string) => e.startsWith(`${field}: `)),
        JSON.stringify(res.body.validationErrors),
      ).toBe(true);
    }
  });

  it('a body over 1 MB is 413', async () => {
    const res = await callRoute(prospectRoute, 'POST', '/x', { headers: tenant.headers, body: { nameEn: 'big', rawData: { blob: 'x'.repeat(1_100_000) } } });
    expect(res.status).toBe(413);
    expectDocumentedError(res);
  });

  it.each([
    ['get', getRoute, 'entityId'],
    ['addresses', addressesRoute, 'entityId'],
    ['attachment', attachmentRoute, 'attachmentId'],
    ['content', contentRoute, 'attachmentId'],
  ] as const)('%s: any non-UUID or unknown id → 404 NOT_FOUND', async (_name, route, key) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 80 }), fc.uuid()), async (id) => {
        const res = await callRoute(route as any, 'GET', '/x', { headers: tenant.headers, params: { [key]: id } });
        expect(res.status).toBe(404);
        expect(res.body.errorCode).toBe('NOT_FOUND');
      }),
      { numRuns: 40 },
    );
  });

  it('random query strings on lists → 200 or 400, never 500', async () => {
    const key = fc.constantFrom('page', 'size', 'role', 'status', 'type', 'q', 'tagId', 'crmId', 'scope', 'other');
    // Any UTF-16 code unit, NUL and lone surrogates included.
    const value = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 50 }),
      fc.string({ unit: fc.constantFrom('\u0000', '%', '_', '\\', "'", 'a'), maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 5 }), async (pairs) => {
        const qs = new URLSearchParams(pairs).toString();
        for (const route of [listRoute, tagsRoute, citiesRoute]) {
          const res = await callRoute(route as any, 'GET', `/x?${qs}`, { headers: tenant.headers });
          expect([200, 400], `${qs} ${JSON.stringify(res.body)}`).toContain(res.status);
          if (res.status === 400) expectDocumentedError(res);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('validators (property)', () => {
  it('accepts every well-formed prospect and rejects non-string names', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim().length > 0),
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim().length > 0),
        (en, ar) => {
          expect(createProspectInput.safeParse({ nameEn: en, nameAr: ar }).success).toBe(true);
          expect(createProspectInput.safeParse({ nameEn: [en] }).success).toBe(false);
        },
      ),
    );
  });

  it('10-digit numbers starting 1/2/7 infer a type; others need one', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (number) => {
        const parsed = createProspectInput.safeParse({ nameEn: 'x', identities: [{ number }] });
        expect(parsed.success).toBe(['1', '2', '7'].includes(number[0]!));
      }),
    );
  });
});

describe('SQL and HTML are data', () => {
  it('stores and returns them verbatim, and q searches them literally', async () => {
    const nasty = [`Robert'); DROP TABLE "Entity";--`, '<script>alert("x")</script><img src=x onerror=alert(1)>', "' OR 1=1 --", '%_\\'];
    for (const s of nasty) {
      const created = await callRoute(prospectRoute, 'POST', '/x', {
        headers: tenant.headers,
        body: individualInput({ nameEn: s, nameAr: s, identities: [{ type: 'Other', number: s.slice(0, 50) }] as any }),
      });
      expect(created.status).toBe(201);
      expect(created.body.data.nameEn).toBe(s);
      expect(created.body.data.identities[0].number).toBe(s.slice(0, 50).trim());
      const got = await callRoute(getRoute, 'GET', '/x', { headers: tenant.headers, params: { entityId: created.body.data.id } });
      expect(got.body.nameAr).toBe(s);
      const found = await callRoute(listRoute, 'GET', `/x?q=${encodeURIComponent(s)}`, { headers: tenant.headers });
      expect(found.status).toBe(200);
      expect(found.body.data.map((e: any) => e.id)).toContain(created.body.data.id);
    }
  });
});
