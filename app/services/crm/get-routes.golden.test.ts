// Every GET route of the public API, called on the same seeded records, compared with the answers
// recorded before the architecture change (__snapshots__/get-routes.golden.json), and parsed with
// the route's own response schema made strict at every depth. Volatile values (UUIDs, timestamps,
// latencies, random e-mail suffixes) are replaced by stable placeholders in order of first
// appearance, so a changed field, value, order or status fails the test.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as listEntities } from '@/app/services/crm/entities/route';
import { GET as getEntity } from '@/app/services/crm/entities/[entityId]/route';
import { GET as listAddresses } from '@/app/services/crm/entities/[entityId]/addresses/route';
import { POST as createProspect } from '@/app/services/crm/entities/prospect/route';
import { POST as createClient } from '@/app/services/crm/entities/client/route';
import { POST as createScreening } from '@/app/services/crm/entities/screening/route';
import { POST as createIdentity } from '@/app/services/crm/entities/[entityId]/identities/route';
import { POST as createBankAccount } from '@/app/services/crm/entities/[entityId]/bank-accounts/route';
import { GET as listTags } from '@/app/services/crm/tags/route';
import { GET as listCities } from '@/app/services/crm/cities/route';
import { GET as getAttachment } from '@/app/services/crm/attachments/[attachmentId]/route';
import { GET as getAttachmentContent } from '@/app/services/crm/attachments/[attachmentId]/content/route';
import { GET as webhookStatus } from '@/app/crm/webhook/status/route';
import { GET as webhookStatusAlias } from '@/app/services/crm/crm/webhook/status/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createTestAttachment, factoryActor, individualInput, organizationInput } from '@/scripts/testing/record-factories';
import { createTag } from '@/lib/tags/create-tag';
import { createAddress } from '@/lib/entities/create-address';
import { errorBodySchema } from '@/lib/http/openapi/build';
import type { RouteHandler } from '@/lib/http/route';
import { expectContract } from '@/scripts/testing/contract';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-golden-${process.pid}`);
useTestDatabase();

type Handler = Parameters<typeof callRoute>[0];

/** Replaces every UUID and createdAt-style timestamp by a placeholder numbered in order of appearance. */
function normalize(value: unknown): unknown {
  const ids = new Map<string, string>();
  const text = JSON.stringify(value)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
      if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`);
      return ids.get(id)!;
    })
    .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}/g, '<timestamp>')
    .replace(/(\.|\b)[0-9a-f]{6}@/g, '$1<rnd>@')
    .replace(/"latencyMs":[0-9.]+/g, '"latencyMs":"<n>"');
  return JSON.parse(text);
}

describe('GET routes answer exactly as recorded', () => {
  it('on the same seeded records', async () => {
    const t = await createTestTenant({ slug: 'golden' });
    const other = await createTestTenant({ slug: 'golden-other' });
    const h = t.headers;
    const vip = await createTag({ tenantId: t.id, input: { nameEn: 'VIP', nameAr: 'كبار العملاء' }, actor: factoryActor });
    await createTag({ tenantId: t.id, input: { nameEn: 'Sanctions review', nameAr: 'مراجعة العقوبات', scope: 'Watchlist' }, actor: factoryActor });
    const doc = await createTestAttachment(t.id, 'pdf', 'id-front.pdf');
    const png = await createTestAttachment(t.id, 'png', 'selfie.png');

    const fixedIdentity = (lead: string, n: number) => `${lead}${String(n).padStart(9, '0')}`;
    const individual = await callRoute(createProspect, 'POST', '/services/crm/entities/prospect', {
      headers: h,
      body: individualInput({
        crmId: '0b7d8a52-5c1e-4f57-9d4e-2f3a9c1b6d01',
        email: 'm.qahtani@example.sa',
        identities: [{ number: fixedIdentity('1', 123456789), documentIds: [doc.id], expiresAt: '2031-02-28' } as never],
        dobGregorian: undefined,
        dobHijri: '1410-10-22',
        netIncome: '15000.50',
        tagIds: [vip.id],
      }),
    });
    expect(individual.status).toBe(201);
    const organization = await callRoute(createProspect, 'POST', '/services/crm/entities/prospect', {
      headers: h,
      body: organizationInput({
        crmId: '0b7d8a52-5c1e-4f57-9d4e-2f3a9c1b6d02',
        email: 'info@najd-trading.sa',
        identities: [{ type: 'UnifiedNumber', number: fixedIdentity('7', 100200300), issuingCountryCode: 'SA' }],
        rawData: { ...(organizationInput().rawData as object), crNumber: '1010123456' },
      }),
    });
    expect(organization.status).toBe(201);
    const client = await callRoute(createClient, 'POST', '/services/crm/entities/client', {
      headers: h,
      body: individualInput({
        crmId: '0b7d8a52-5c1e-4f57-9d4e-2f3a9c1b6d03',
        nameEn: 'Fatimah Al-Harbi',
        nameAr: 'فاطمة الحربي',
        email: 'f.harbi@example.sa',
        gender: 'Female',
        identities: [{ number: fixedIdentity('2', 555000111), issuingCountryCode: 'SA' } as never],
      }),
    });
    expect(client.status).toBe(201);
    const screening = await callRoute(createScreening, 'POST', '/services/crm/entities/screening', {
      headers: h,
      body: individualInput({
        crmId: '0b7d8a52-5c1e-4f57-9d4e-2f3a9c1b6d04',
        email: 's@example.sa',
        identities: [{ type: 'Passport', number: 'P1234567', issuingCountryCode: 'EG' }],
        nationalityCode: 'EG',
      }),
    });
    expect(screening.status).toBe(201);
    const clientId = client.body.data.id;
    const identity = await callRoute(createIdentity, 'POST', `/services/crm/entities/${clientId}/identities`, {
      headers: h,
      params: { entityId: clientId },
      body: { type: 'Passport', number: 'A7654321', issuingCountryCode: 'SA', expiresAt: '2029-12-31', documentIds: [doc.id, png.id] },
    });
    expect(identity.status).toBe(201);
    for (const body of [
      { iban: 'SA0380000000608010167519', isPrimary: true },
      { iban: 'SA4420000001234567891234', attachmentId: doc.id, holderName: 'Fatimah Al-Harbi' },
    ]) {
      const res = await callRoute(createBankAccount, 'POST', `/services/crm/entities/${clientId}/bank-accounts`, {
        headers: h,
        params: { entityId: clientId },
        body,
      });
      expect(res.status).toBe(201);
    }
    await createAddress({
      tenantId: t.id,
      entityId: clientId,
      input: {
        cityNameEn: 'Riyadh',
        district: 'Al Olaya',
        streetNameEn: 'King Fahd Road',
        streetNameAr: 'طريق الملك فهد',
        unitNumber: '12',
        shortCode: 'RAAA1234',
        phoneNumber: '+966501234567',
        fullAddress: '12 King Fahd Road, Al Olaya, Riyadh',
      },
      actor: factoryActor,
    });

    const ids = { individual: individual.body.data.id, organization: organization.body.data.id, client: clientId, screening: screening.body.data.id };
    const get = async (name: string, handler: Handler, url: string, options: { params?: Record<string, string>; headers?: Record<string, string> } = {}) => {
      const res = await callRoute(handler, 'GET', url, { headers: options.headers ?? h, params: options.params });
      // Every answer also parses with its declared contract (deep-strict): the schemas are the wire.
      const declared = (handler as RouteHandler).contract?.spec.response;
      expectContract(res.status < 300 ? (declared as Parameters<typeof expectContract>[0]) : errorBodySchema, res.body, `${name} (${res.status})`);
      return [name, { status: res.status, contentType: res.headers.get('content-type'), body: res.body }] as const;
    };
    const entityParams = (id: string) => ({ entityId: id });
    const answers = [
      await get('list', listEntities, '/services/crm/entities'),
      await get('list page 2 of 2', listEntities, '/services/crm/entities?page=2&size=2'),
      await get('list role=client', listEntities, '/services/crm/entities?role=client'),
      await get('list type=Organization', listEntities, '/services/crm/entities?type=Organization'),
      await get('list q Arabic', listEntities, `/services/crm/entities?q=${encodeURIComponent('القحطاني')}`),
      await get('list q identity number', listEntities, '/services/crm/entities?q=7100200300'),
      await get('list tagId', listEntities, `/services/crm/entities?tagId=${vip.id}`),
      await get('list crmId', listEntities, '/services/crm/entities?crmId=0b7d8a52-5c1e-4f57-9d4e-2f3a9c1b6d03'),
      await get('list status=Blocked (empty)', listEntities, '/services/crm/entities?status=Blocked'),
      await get('list size=101', listEntities, '/services/crm/entities?size=101'),
      await get('list role=unknown', listEntities, '/services/crm/entities?role=unknown'),
      await get('list no key', listEntities, '/services/crm/entities', { headers: {} }),
      await get('list other tenant key', listEntities, '/services/crm/entities', { headers: { ...other.headers, 'x-tenant': 'golden' } }),
      await get('profile individual', getEntity, `/services/crm/entities/${ids.individual}`, { params: entityParams(ids.individual) }),
      await get('profile organization', getEntity, `/services/crm/entities/${ids.organization}`, { params: entityParams(ids.organization) }),
      await get('profile client', getEntity, `/services/crm/entities/${ids.client}`, { params: entityParams(ids.client) }),
      await get('profile screening', getEntity, `/services/crm/entities/${ids.screening}`, { params: entityParams(ids.screening) }),
      await get('profile not a uuid', getEntity, '/services/crm/entities/nope', { params: entityParams('nope') }),
      await get('profile of another tenant', getEntity, `/services/crm/entities/${ids.client}`, { params: entityParams(ids.client), headers: other.headers }),
      await get('addresses', listAddresses, `/services/crm/entities/${ids.client}/addresses`, { params: entityParams(ids.client) }),
      await get('addresses empty', listAddresses, `/services/crm/entities/${ids.individual}/addresses`, { params: entityParams(ids.individual) }),
      await get('addresses unknown entity', listAddresses, `/services/crm/entities/${crypto.randomUUID()}/addresses`, {
        params: entityParams(crypto.randomUUID()),
      }),
      await get('tags', listTags, '/services/crm/tags'),
      await get('tags scope=Watchlist', listTags, '/services/crm/tags?scope=Watchlist'),
      await get('tags scope=bad', listTags, '/services/crm/tags?scope=bad'),
      await get('cities', listCities, '/services/crm/cities?size=5'),
      await get('cities page 9', listCities, '/services/crm/cities?page=9&size=5'),
      await get('attachment', getAttachment, `/services/crm/attachments/${doc.id}`, { params: { attachmentId: doc.id } }),
      await get('attachment of another tenant', getAttachment, `/services/crm/attachments/${doc.id}`, {
        params: { attachmentId: doc.id },
        headers: other.headers,
      }),
      await get('webhook status', webhookStatus, '/crm/webhook/status'),
      await get('webhook status alias', webhookStatusAlias, '/services/crm/crm/webhook/status'),
    ];
    const content = await callRoute(getAttachmentContent, 'GET', `/services/crm/attachments/${png.id}/content`, {
      headers: h,
      params: { attachmentId: png.id },
    });
    const download = {
      status: content.status,
      headers: Object.fromEntries(['content-type', 'content-length', 'content-disposition', 'x-content-type-options'].map((k) => [k, content.headers.get(k)])),
      sha256: crypto.createHash('sha256').update(String(content.body)).digest('hex'),
    };
    await expect(JSON.stringify(normalize({ answers: Object.fromEntries(answers), download }), null, 1) + '\n').toMatchFileSnapshot(
      './__snapshots__/get-routes.golden.json',
    );
  }, 60_000);
});
