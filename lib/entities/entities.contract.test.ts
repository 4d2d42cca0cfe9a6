import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/services/crm/entities/route';
import { POST as prospectRoute } from '@/app/services/crm/entities/prospect/route';
import { POST as screeningRoute } from '@/app/services/crm/entities/screening/route';
import { POST as clientRoute } from '@/app/services/crm/entities/client/route';
import { GET as getRoute } from '@/app/services/crm/entities/[entityId]/route';
import { POST as identitiesRoute } from '@/app/services/crm/entities/[entityId]/identities/route';
import { GET as addressesRoute } from '@/app/services/crm/entities/[entityId]/addresses/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createTestAttachment, individualInput, organizationInput, saudiNumber } from '@/scripts/testing/record-factories';
import { createTag } from '@/lib/tags/create-tag';
import { entityProfileSchema, entitySchema } from '@/lib/entities/schemas';
import { expectContract } from '@/scripts/testing/contract';
import en from '@/messages/en.json';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-att-${process.pid}`);
const db = useTestDatabase();

const TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The answer parses with the Entity response schema, strict at every depth, and its formats hold. */
function expectEntityShape(e: any) {
  expectContract(entitySchema, e, 'Entity');
  expect(e.id).toMatch(UUID);
  expect(e.createdAt).toMatch(TS);
  expect(e.updatedAt).toMatch(TS);
  for (const i of e.identities) {
    expect(i.createdAt).toMatch(TS);
    if (i.expiresAt) expect(i.expiresAt).toMatch(DATE);
  }
}

describe('POST /entities/prospect|screening|client', () => {
  it('creates an individual prospect (201, {data: Entity}) with identities, documents, nationality and exact formats', async () => {
    const t = await createTestTenant();
    const doc = await createTestAttachment(t.id, 'pdf', 'id-front.pdf');
    const tag = await createTag({ tenantId: t.id, input: { nameEn: 'VIP', nameAr: 'كبار العملاء' }, actor: { type: 'system' } });
    const nid = saudiNumber('1');
    const body = {
      ...individualInput({ identities: [{ number: nid, documentIds: [doc.id], expiresAt: '2031-02-28' } as any] }),
      dobGregorian: undefined,
      dobHijri: '1410-10-22',
      netIncome: '15000.50',
      netAssets: '1234567890.1234567890',
      accountOpenDate: '2024-01-31',
      tagIds: [tag.id],
      unknownField: 'ignored',
    };
    const res = await callRoute(prospectRoute, 'POST', '/services/crm/entities/prospect', { headers: t.headers, body });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const e = res.body.data;
    expectEntityShape(e);
    expect(e.role).toBe('Prospect');
    expect(e.type).toBe('Individual');
    expect(e.status).toBe('Active');
    expect(e.dobHijri).toBe('1410-10-22');
    expect(e.dob).toBe('1990-05-17');
    expect(e.netIncome).toBe('15000.50');
    expect(e.netAssets).toBe('1234567890.1234567890');
    expect(e.accountOpenDate).toBe('2024-01-31');
    expect(e.identities).toHaveLength(1);
    expect(e.identities[0]).toMatchObject({
      type: 'NationalIdentity',
      number: nid,
      expiresAt: '2031-02-28',
      verification: { status: 'Pending', source: 'Manual' },
    });
    expect(e.identities[0].documents).toEqual([doc]);
    expect(e.nationality).toMatchObject({ twoCode: 'SA', threeCode: 'SAU', nameEn: expect.stringMatching(/Saudi Arabia/) });
    expect(e.nationality.nameAr).toMatch(/السعودية/);
    expect(e.tags).toEqual([tag]);
    // Its KYC record, made with it on the tenant's default flow (lib/kyc/kyc.api.test.ts covers the rest).
    expect(e.kyc).toMatchObject({ entityId: e.id, status: 'KycPending', classification: 'Retail', scores: [] });
    const audit = await db.current().pool.query(`SELECT action FROM "AuditLog" WHERE "tenantId" = $1 AND "targetId" = $2`, [t.id, e.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['entity.create.prospect']);
  });

  it('keeps decimals exactly as sent', async () => {
    const t = await createTestTenant();
    const res = await callRoute(clientRoute, 'POST', '/services/crm/entities/client', {
      headers: t.headers,
      body: individualInput({ netIncome: '15000.50', netAssets: '0.0001' }),
    });
    expect(res.body.data.netIncome).toBe('15000.50');
    expect(res.body.data.netAssets).toBe('0.0001');
  });

  it('infers identity types from 10-digit Saudi numbers and requires type otherwise', async () => {
    const t = await createTestTenant();
    const iqama = saudiNumber('2');
    const unified = saudiNumber('7');
    const res = await callRoute(screeningRoute, 'POST', '/services/crm/entities/screening', {
      headers: t.headers,
      body: individualInput({ identities: [{ number: iqama }, { number: unified }] as any }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.role).toBe('Screening');
    expect(res.body.data.identities.map((i: any) => [i.type, i.subtype])).toEqual([
      ['ResidencyPermit', 'Iqama'],
      ['UnifiedNumber', null],
    ]);
    // A unified number is an organization identity.
    expect(res.body.data.type).toBe('Organization');
    const bad = await callRoute(screeningRoute, 'POST', '/services/crm/entities/screening', {
      headers: t.headers,
      body: individualInput({ identities: [{ number: 'A1234567' }] as any }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors).toEqual([expect.stringMatching(/^identities\.0\.type: /)]);
  });

  it('creates an organization prospect from rawData: name, incorporation date, status and activities', async () => {
    const t = await createTestTenant();
    const input = organizationInput();
    const res = await callRoute(prospectRoute, 'POST', '/services/crm/entities/prospect', { headers: t.headers, body: input });
    expect(res.status).toBe(201);
    const e = res.body.data;
    expectEntityShape(e);
    expect(e.type).toBe('Organization');
    expect(e.nameEn).toBe('Najd Trading Company Ltd');
    expect(e.nameAr).toBe('شركة نجد للتجارة المحدودة');
    expect(e.dateOfIncorporationHijri).toBe('1425-03-15');
    expect(e.dateOfIncorporation).toMatch(DATE);
    expect(e.organizationStatus).toMatchObject({ value: 'Active', entityId: e.id, structure: { nameEn: 'Limited Liability Company' } });
    expect(e.organizationStatus.createdAt).toMatch(TS);
    expect(e.activities).toEqual([expect.objectContaining({ externalId: '461011', nameEn: 'Wholesale of food', nameAr: 'البيع بالجملة للأغذية' })]);
    const profile = await callRoute(getRoute, 'GET', `/services/crm/entities/${e.id}`, { headers: t.headers, params: { entityId: e.id } });
    expect(profile.body.rawData).toEqual(input.rawData);
  });

  it('POST /entities/client creates an Active client; a duplicate crmId is 409 DUPLICATE_CRM_ID', async () => {
    const t = await createTestTenant();
    const input = individualInput();
    const first = await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: t.headers, body: input });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ role: 'Client', status: 'Active', crmId: input.crmId });
    const again = await callRoute(prospectRoute, 'POST', '/services/crm/entities/prospect', {
      headers: t.headers,
      body: individualInput({ crmId: input.crmId }),
    });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('DUPLICATE_CRM_ID');
    // Another tenant may use the same crmId.
    const other = await createTestTenant();
    expect((await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: other.headers, body: input })).status).toBe(201);
    const count = await db.current().pool.query(`SELECT count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1`, [t.id]);
    expect(count.rows[0].n).toBe(1);
  });

  it('rejects mismatched Gregorian and Hijri dates, invalid Hijri dates and a missing name', async () => {
    const t = await createTestTenant();
    const cases: [object, RegExp][] = [
      [{ dobGregorian: '1990-05-17', dobHijri: '1410-10-23' }, /^dobHijri: /],
      [{ dobHijri: '1445-13-01' }, /^dobHijri: /],
      [{ dobGregorian: '2023-02-29' }, /^dobGregorian: /],
      [{ nameEn: undefined, nameAr: undefined }, /^nameEn: /],
    ];
    for (const [patch, pattern] of cases) {
      const res = await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: t.headers, body: { ...individualInput(), ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.validationErrors[0]).toMatch(pattern);
    }
  });

  it('refuses unknown tagIds and documentIds (of another tenant too) with 404 and leaves nothing behind', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const docOfA = await createTestAttachment(a.id);
    const tagOfA = await createTag({ tenantId: a.id, input: { nameEn: 'A only' }, actor: { type: 'system' } });
    for (const [body, saying] of [
      [individualInput({ tagIds: [tagOfA.id] }), en.errors.NOT_FOUND],
      // The message says which kind of record is missing, and how to make one.
      [individualInput({ identities: [{ type: 'Passport', number: 'P123', documentIds: [docOfA.id] }] as any }), en.errorDetails.attachmentNotFound],
    ] as const) {
      const res = await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: b.headers, body });
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('NOT_FOUND');
      expect(res.body.message.en).toBe(saying);
    }
    const count = await db.current().pool.query(`SELECT count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1`, [b.id]);
    expect(count.rows[0].n).toBe(0);
  });

  it('refuses a tag of another scope (a Watchlist tag) with a 400 naming it, and creates nothing', async () => {
    const t = await createTestTenant();
    const entityTag = await createTag({ tenantId: t.id, input: { nameEn: 'VIP' }, actor: { type: 'system' } });
    const listTag = await createTag({ tenantId: t.id, input: { nameEn: 'Sanctions', scope: 'Watchlist' }, actor: { type: 'system' } });
    const res = await callRoute(clientRoute, 'POST', '/services/crm/entities/client', {
      headers: t.headers,
      body: individualInput({ tagIds: [entityTag.id, listTag.id] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toEqual(['tagIds.1: only tags of the Entity scope can be put on an entity']);
    const count = await db.current().pool.query(`SELECT count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1`, [t.id]);
    expect(count.rows[0].n).toBe(0);
  });
});

describe('GET /entities and GET /entities/{id}', () => {
  it('lists newest first with every filter, and never shows another tenant', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const tag = await createTag({ tenantId: t.id, input: { nameEn: 'PEP', nameAr: 'شخص معرض سياسياً' }, actor: { type: 'system' } });
    const nid = saudiNumber('1');
    const mk = async (route: any, p: string, body: any) =>
      (await callRoute(route, 'POST', `/services/crm/entities/${p}`, { headers: t.headers, body })).body.data;
    const client = await mk(
      clientRoute,
      'client',
      individualInput({ nameEn: 'Fahad 100%_Match', nameAr: 'فهد السبيعي', tagIds: [tag.id], identities: [{ number: nid }] as any }),
    );
    const prospect = await mk(prospectRoute, 'prospect', organizationInput());
    const screening = await mk(screeningRoute, 'screening', individualInput({ nameEn: 'Sara Al-Harbi', nameAr: 'سارة الحربي', email: 'sara@example.sa' }));
    await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: other.headers, body: individualInput({ nameEn: 'Fahad Other Tenant' }) });

    const list = async (qs: string) => {
      const res = await callRoute(listRoute, 'GET', `/services/crm/entities?${qs}`, { headers: t.headers });
      expect(res.status, qs).toBe(200);
      return res.body;
    };
    const all = await list('');
    expect(all.meta).toEqual({ page: 1, size: 20, totalCount: 3, totalPages: 1 });
    expect(all.data.map((e: any) => e.id)).toEqual([screening.id, prospect.id, client.id]);
    all.data.forEach(expectEntityShape);
    const ids = async (qs: string) => (await list(qs)).data.map((e: any) => e.id);
    expect(await ids('role=client')).toEqual([client.id]);
    expect(await ids('role=Client')).toEqual([client.id]); // as a record spells its role
    expect(await ids('role=prospect')).toEqual([prospect.id]);
    expect(await ids('role=screening')).toEqual([screening.id]);
    expect(await ids('type=Organization')).toEqual([prospect.id]);
    expect(await ids('status=Active')).toHaveLength(3);
    expect(await ids('status=Blocked')).toEqual([]);
    expect(await ids(`tagId=${tag.id}`)).toEqual([client.id]);
    expect(await ids(`crmId=${client.crmId}`)).toEqual([client.id]);
    expect(await ids('q=fahad')).toEqual([client.id]);
    expect(await ids(`q=${encodeURIComponent('السبيعي')}`)).toEqual([client.id]);
    expect(await ids('q=SARA%40EXAMPLE')).toEqual([screening.id]);
    expect(await ids(`q=${nid}`)).toEqual([client.id]);
    expect(await ids(`q=${client.crmId.slice(0, 13)}`)).toEqual([client.id]);
    expect(await ids('q=100%25_')).toEqual([client.id]);
    expect(await ids('q=%25')).toEqual([client.id]); // `%` is literal, not a wildcard
    expect(await ids('q=Other%20Tenant')).toEqual([]);
    const paged = await list('size=2&page=2');
    expect(paged.meta).toEqual({ page: 2, size: 2, totalCount: 3, totalPages: 2 });
    expect(paged.data.map((e: any) => e.id)).toEqual([client.id]);
    // The last page allowed: its offset (999,999,900) still fits PostgreSQL's integer.
    expect(await list('size=100&page=10000000')).toEqual({ meta: { page: 10_000_000, size: 100, totalCount: 3, totalPages: 1 }, data: [] });
  });

  it.each([['role=Client2'], ['status=Sleeping'], ['type=Robot'], ['tagId=not-a-uuid'], ['size=101'], ['page=0'], ['page=10000001'], ['page=99999999999999']])(
    'rejects %s with 400',
    async (qs) => {
      const t = await createTestTenant();
      const res = await callRoute(listRoute, 'GET', `/services/crm/entities?${qs}`, { headers: t.headers });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_ERROR');
      expect(res.body.validationErrors[0]).toMatch(new RegExp(`^${qs.split('=')[0]}: `));
    },
  );

  it('returns the complete profile unwrapped; other tenants and non-UUIDs get 404', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const e = (await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: t.headers, body: individualInput() })).body.data;
    const res = await callRoute(getRoute, 'GET', `/services/crm/entities/${e.id}`, { headers: t.headers, params: { entityId: e.id } });
    expect(res.status).toBe(200);
    expectContract(entityProfileSchema, res.body, 'EntityProfile');
    // The profile and the list (both built by PostgreSQL) carry the entity the create answered with.
    const { addresses, bankAccounts, rawData, beneficialOwners, ...entity } = res.body;
    expect(entity).toEqual(e);
    expect(beneficialOwners).toEqual([]);
    expect(entity.nationality).toMatchObject({ twoCode: 'SA', threeCode: 'SAU', nameAr: expect.stringMatching(/السعودية/) });
    expect({ addresses, bankAccounts, rawData }).toEqual({ addresses: [], bankAccounts: [], rawData: null });
    const listed = await callRoute(listRoute, 'GET', '/services/crm/entities', { headers: t.headers });
    expect(listed.body.data).toEqual([e]);
    for (const [headers, id] of [
      [other.headers, e.id],
      [t.headers, crypto.randomUUID()],
      [t.headers, 'not-a-uuid'],
      [t.headers, "1' OR '1'='1"],
    ] as const) {
      const r = await callRoute(getRoute, 'GET', `/services/crm/entities/${encodeURIComponent(id)}`, { headers, params: { entityId: id } });
      expect(r.status).toBe(404);
      expect(r.body.errorCode).toBe('NOT_FOUND');
      expect(r.body.message.ar).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('POST /entities/{id}/identities and GET /entities/{id}/addresses', () => {
  it('adds an identity with documents (201, {data, creationStatus}) and makes it searchable', async () => {
    const t = await createTestTenant();
    const e = (await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: t.headers, body: individualInput() })).body.data;
    const front = await createTestAttachment(t.id, 'png', 'passport.png');
    const res = await callRoute(identitiesRoute, 'POST', `/services/crm/entities/${e.id}/identities`, {
      headers: t.headers,
      params: { entityId: e.id },
      body: { type: 'Passport', number: 'K1234567', issuingCountryCode: 'SA', expiresAt: '2029-12-31', documentIds: [front.id] },
    });
    expect(res.status).toBe(201);
    expect(res.body.creationStatus).toBe('Created');
    expect(res.body.data).toMatchObject({ type: 'Passport', number: 'K1234567', expiresAt: '2029-12-31', issuingCountryCode: 'SA', documents: [front] });
    const found = await callRoute(listRoute, 'GET', '/services/crm/entities?q=k1234567', { headers: t.headers });
    expect(found.body.data.map((x: any) => x.id)).toEqual([e.id]);
    // Same identity again → 409; no documents → 400; a document of another tenant → 404.
    const dup = await callRoute(identitiesRoute, 'POST', `/x`, {
      headers: t.headers,
      params: { entityId: e.id },
      body: { type: 'Passport', number: 'K1234567', documentIds: [front.id] },
    });
    expect(dup.status).toBe(409);
    const none = await callRoute(identitiesRoute, 'POST', `/x`, {
      headers: t.headers,
      params: { entityId: e.id },
      body: { type: 'Passport', number: 'K7654321', documentIds: [] },
    });
    expect(none.status).toBe(400);
    expect(none.body.validationErrors[0]).toMatch(/^documentIds: /);
    const other = await createTestTenant();
    const foreignDoc = await createTestAttachment(other.id);
    const foreign = await callRoute(identitiesRoute, 'POST', `/x`, {
      headers: t.headers,
      params: { entityId: e.id },
      body: { type: 'Passport', number: 'K7654321', documentIds: [foreignDoc.id] },
    });
    expect(foreign.status).toBe(404);
    const crossTenant = await callRoute(identitiesRoute, 'POST', `/x`, {
      headers: other.headers,
      params: { entityId: e.id },
      body: { type: 'Passport', number: 'K7654321', documentIds: [foreignDoc.id] },
    });
    expect(crossTenant.status).toBe(404);
  });

  it('lists addresses with city names in both languages; other tenants get 404', async () => {
    const t = await createTestTenant();
    const e = (await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: t.headers, body: individualInput() })).body.data;
    const city = (await db.current().pool.query(`SELECT id FROM "City" WHERE "nameEn" = 'Riyadh'`)).rows[0];
    await db
      .current()
      .pool.query(
        `INSERT INTO "Address" (id, "tenantId", "entityId", "streetNameEn", "streetNameAr", "phoneNumber", "shortCode", "cityId", "updatedAt") VALUES (gen_random_uuid(), $1, $2, 'King Fahd Road', 'طريق الملك فهد', '+966501234567', 'RRRD2929', $3, now())`,
        [t.id, e.id, city.id],
      );
    const res = await callRoute(addressesRoute, 'GET', `/x`, { headers: t.headers, params: { entityId: e.id } });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, size: 20, totalCount: 1, totalPages: 1 });
    expect(res.body.data[0]).toMatchObject({
      streetNameAr: 'طريق الملك فهد',
      phoneNumber: '+966501234567',
      status: 'Submitted',
      source: 'Automatic',
      category: 'Local',
      city: { nameEn: 'Riyadh', nameAr: 'الرياض' },
    });
    expect(res.body.data[0].createdAt).toMatch(TS);
    const other = await createTestTenant();
    expect((await callRoute(addressesRoute, 'GET', `/x`, { headers: other.headers, params: { entityId: e.id } })).status).toBe(404);
  });
});

describe("crm_list_entity_ids (the list function that runs with its owner's rights)", () => {
  it('takes the tenant only from the transaction setting: no setting, no rows; never another tenant', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: a.headers, body: individualInput() });
    const client = await db.current().pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE crm_app');
      const call = `SELECT crm_list_entity_ids(NULL, NULL, NULL, NULL, NULL, NULL, 100, 0) AS r`;
      expect((await client.query(call)).rows[0].r).toEqual({ ids: [], total: 0 });
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [b.id]);
      expect((await client.query(call)).rows[0].r).toEqual({ ids: [], total: 0 });
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [a.id]);
      expect((await client.query(call)).rows[0].r.total).toBe(1);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
