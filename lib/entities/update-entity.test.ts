// PATCH /entities/{entityId}: editing an individual's or an organization's profile (ours, beyond the
// spec), on the real database: contract, validation as at creation, lost-update protection, audit,
// event, search text, watchlist monitoring, attackers, never a 500, and all-or-nothing.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getRoute, PATCH as patchRoute } from '@/app/services/crm/entities/[entityId]/route';
import { GET as listRoute } from '@/app/services/crm/entities/route';
import { entityProfileSchema } from '@/lib/entities/schemas';
import { eventDataSchemas } from '@/lib/webhooks/events';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestEntity, individualInput, organizationInput } from '@/scripts/testing/record-factories';
import { importList } from '@/scripts/testing/watchlist';
import { gregorianToHijri } from '@/lib/reference/hijri';
import { toScreeningInput } from '@/lib/monitoring/entity-inputs';
import { monitoredKeyRows } from '@/lib/monitoring/monitored-keys';

// Property runs fire many requests with one key; the rate limit is not what is under test.
process.env.API_RATE_LIMIT_PER_SECOND = '100000';
process.env.API_RATE_LIMIT_BURST = '100000';
const db = useTestDatabase();
const q = (sql: string, params: unknown[] = []) => db.current().pool.query(sql, params);

let t: TestTenant;
beforeAll(async () => {
  t = await createTestTenant();
});

const patch = (entityId: string, body: unknown, headers: Record<string, string> = t.headers) =>
  callRoute(patchRoute, 'PATCH', `/services/crm/entities/${entityId}`, { headers, params: { entityId }, body });
const view = async (entityId: string) =>
  (await callRoute(getRoute, 'GET', `/services/crm/entities/${entityId}`, { headers: t.headers, params: { entityId } })).body;
const search = async (text: string) =>
  (await callRoute(listRoute, 'GET', `/services/crm/entities?q=${encodeURIComponent(text)}&size=100`, { headers: t.headers })).body.data.map(
    (e: { id: string }) => e.id,
  );
const auditOf = async (entityId: string) =>
  (
    await q(`SELECT action, "actorType", "actorId", before, after FROM "AuditLog" WHERE "targetId" = $1 AND action = 'entity.update' ORDER BY "createdAt"`, [
      entityId,
    ])
  ).rows;
const eventsOf = async (entityId: string) =>
  (await q(`SELECT payload FROM "OutboxEvent" WHERE type = 'EntityProfileUpdate' AND payload->>'entityId' = $1 ORDER BY "createdAt"`, [entityId])).rows.map(
    (r) => r.payload,
  );
const lookupKeysOf = async (entityId: string) =>
  (await q(`SELECT DISTINCT l.key FROM "MonitoredLookupKey" l JOIN "MonitoredNameKey" m ON m.id = l."monitoredKeyId" WHERE m."entityId" = $1`, [entityId])).rows
    .map((r) => r.key as string)
    .sort();

describe('PATCH /entities/{entityId} – edit an individual', () => {
  it('changes names, date of birth (Hijri → Gregorian derived), phone, e-mail and nationality; answers the complete profile; audits old → new; emits EntityProfileUpdate', async () => {
    const created = await createTestEntity(t.id, 'Client', individualInput({ nameEn: 'Faisal Nasser Al-Otaibi', nameAr: 'فيصل ناصر العتيبي' }));
    const res = await patch(created.id, {
      nameEn: 'Faisal Nasser Al-Mutairi',
      nameAr: 'فيصل ناصر المطيري',
      dobHijri: '1410-10-22',
      countryCode: '971',
      phoneNumber: '501234567',
      email: null,
      nationalityCode: 'AE',
      netIncome: '20000.50',
      expectedUpdatedAt: created.updatedAt,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profile = expectContract(entityProfileSchema, res.body, 'EntityProfile');
    expect(profile).toMatchObject({
      id: created.id,
      type: 'Individual',
      role: 'Client',
      nameEn: 'Faisal Nasser Al-Mutairi',
      nameAr: 'فيصل ناصر المطيري',
      dob: '1990-05-17',
      dobHijri: '1410-10-22',
      countryCode: '971',
      phoneNumber: '501234567',
      email: null,
      nationalityCode: 'AE',
      netIncome: '20000.50',
      gender: 'Male',
      crmId: created.crmId,
    });
    expect(profile.nationality?.twoCode).toBe('AE');
    expect(profile.updatedAt > created.updatedAt).toBe(true);
    expect(await view(created.id)).toEqual(res.body);

    const [audit, ...more] = await auditOf(created.id);
    expect(more).toHaveLength(0);
    expect(audit.actorType).toBe('apiKey');
    expect(audit.before).toEqual({
      nameEn: 'Faisal Nasser Al-Otaibi',
      nameAr: 'فيصل ناصر العتيبي',
      email: created.email,
      countryCode: '966',
      nationalityCode: 'SA',
      netIncome: null,
    });
    expect(audit.after).toEqual({
      nameEn: 'Faisal Nasser Al-Mutairi',
      nameAr: 'فيصل ناصر المطيري',
      email: null,
      countryCode: '971',
      nationalityCode: 'AE',
      netIncome: '20000.50',
    });
    // The date of birth named the same day in both calendars: no change, not audited.
    expect(audit.after).not.toHaveProperty('dob');

    const [event] = await eventsOf(created.id);
    const data = eventDataSchemas.EntityProfileUpdate.strict().parse(event);
    expect(data).toMatchObject({ entityId: created.id, crmId: created.crmId, type: 'Individual', rescreened: false });
    expect(data.changedFields.sort()).toEqual(['countryCode', 'email', 'nameAr', 'nameEn', 'nationalityCode', 'netIncome']);
  });

  it('the list search (Arabic-insensitive, word by word, English too) finds the new names and no longer the old ones', async () => {
    const created = await createTestEntity(t.id, 'Prospect', individualInput({ nameEn: 'Omar Khalid Al-Dosari', nameAr: 'عمر خالد الدوسري' }));
    expect(await search('الدوسري')).toContain(created.id);
    const res = await patch(created.id, { nameEn: 'Omar Khalid Al-Shammari', nameAr: 'عُمَر خالد الشمّري آل مُصطفى' });
    expect(res.status).toBe(200);
    expect(await search('الشمري')).toContain(created.id);
    expect(await search('عمر مصطفي')).toContain(created.id);
    expect(await search('Al Shammari')).toContain(created.id);
    expect(await search('shammari omar')).toContain(created.id);
    expect(await search('الدوسري')).not.toContain(created.id);
    expect(await search('Dosari')).not.toContain(created.id);
    // identity numbers stay searchable after an edit
    expect(await search(created.identities[0]!.number)).toContain(created.id);
    // the list row (the entity document) shows the new name
    const list = await callRoute(listRoute, 'GET', `/services/crm/entities?q=Shammari`, { headers: t.headers });
    expect(list.body.data.find((e: { id: string }) => e.id === created.id)?.nameEn).toBe('Omar Khalid Al-Shammari');
  });

  it('a Gregorian date derives its Hijri twin; null clears the date in both calendars; a pair that names two days is a 400', async () => {
    const created = await createTestEntity(t.id, 'Prospect', individualInput());
    const greg = await patch(created.id, { dobGregorian: '1985-01-01' });
    expect(greg.status).toBe(200);
    expect(greg.body).toMatchObject({ dob: '1985-01-01', dobHijri: gregorianToHijri(new Date(Date.UTC(1985, 0, 1))) });
    const mismatch = await patch(created.id, { dobGregorian: '1985-01-02', dobHijri: greg.body.dobHijri });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.validationErrors.join()).toMatch(/^dobHijri: /);
    const cleared = await patch(created.id, { dobHijri: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ dob: null, dobHijri: null });
  });

  it('validates as at creation: the phone number against the stored dialing code, a name kept, real countries and formats', async () => {
    const created = await createTestEntity(t.id, 'Prospect', individualInput({ countryCode: '966', phoneNumber: '501234567' }));
    const cases: [object, RegExp][] = [
      [{ countryCode: '44' }, /^phoneNumber: not a valid phone number for dialing code \+44/],
      [{ phoneNumber: '12345' }, /^phoneNumber: too short for dialing code \+966/],
      [{ nameEn: null, nameAr: null }, /^nameEn: /],
      [{ nameEn: '   ' }, /^nameEn: /],
      [{ nationalityCode: 'XX' }, /^nationalityCode: /],
      [{ email: 'not-an-email' }, /^email: /],
      [{ dobHijri: '1410-13-01' }, /^dobHijri: /],
      [{ netIncome: '12,000' }, /^netIncome: /],
      [{ classification: null }, /^classification: /],
      [{ ongoingMonitoring: 'yes' }, /^ongoingMonitoring: /],
      [{ nameEn: 'x'.repeat(201) }, /^nameEn: /],
    ];
    for (const [body, message] of cases) {
      const res = await patch(created.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_ERROR');
      expect(
        res.body.validationErrors.some((e: string) => message.test(e)),
        `${JSON.stringify(body)} → ${res.body.validationErrors}`,
      ).toBe(true);
    }
    expect(await auditOf(created.id)).toHaveLength(0);
    // A valid UK mobile with its own dialing code is accepted.
    const uk = await patch(created.id, { countryCode: '44', phoneNumber: '7400123456' });
    expect(uk.status, JSON.stringify(uk.body)).toBe(200);
  });

  it('refuses fields of organizations, the type, ids and collection fields with a 400 naming each; an empty body is a 400', async () => {
    const created = await createTestEntity(t.id, 'Client', individualInput());
    const cases: [unknown, string][] = [
      [{ dateOfIncorporationGregorian: '2001-01-01' }, 'dateOfIncorporationGregorian: not a field of an individual'],
      [{ dateOfIncorporationHijri: '1421-10-06', nameEn: 'A B' }, 'dateOfIncorporationHijri: not a field of an individual'],
      [{ type: 'Organization' }, 'type: '],
      [{ id: created.id, nameEn: 'A B' }, 'id: '],
      [{ crmId: crypto.randomUUID() }, 'crmId: '],
      [{ identities: [] }, 'identities: '],
      [{ tagIds: [] }, 'tagIds: '],
      [{ status: 'Blocked' }, 'status: '],
      [{ rawData: {} }, 'rawData: '],
      [{}, '(body): send at least one field to change'],
      [{ expectedUpdatedAt: created.updatedAt }, '(body): send at least one field to change'],
      [{ nickname: 'x' }, '(body): '],
      [[], '(body): '],
      ['null', '(body): '],
    ];
    for (const [body, prefix] of cases) {
      const res = await patch(created.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.validationErrors.some((e: string) => e.startsWith(prefix)),
        `${JSON.stringify(body)} → ${res.body.validationErrors}`,
      ).toBe(true);
    }
    const unchanged = await view(created.id);
    expect(unchanged.updatedAt).toBe(created.updatedAt);
    expect(unchanged.type).toBe('Individual');
  });

  it('an edit of one field leaves every other stored exactly as it was: amounts keep their digits and scale', async () => {
    const created = await createTestEntity(t.id, 'Client', individualInput({ netIncome: '15000.50', netAssets: '100.000' }));
    expect(created).toMatchObject({ netIncome: '15000.50', netAssets: '100.000' });
    const res = await patch(created.id, { nameEn: 'Decimal Keeper' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ nameEn: 'Decimal Keeper', netIncome: '15000.50', netAssets: '100.000' });
    expect(await view(created.id)).toMatchObject({ netIncome: '15000.50', netAssets: '100.000' });
    // A new amount is stored as sent; the audit shows the old one as it was stored.
    await patch(created.id, { netAssets: '250.10' });
    expect(await view(created.id)).toMatchObject({ netIncome: '15000.50', netAssets: '250.10' });
    const audits = await auditOf(created.id);
    expect(audits.map((a: any) => [a.before, a.after])).toContainEqual([{ netAssets: '100.000' }, { netAssets: '250.10' }]);
  });

  it('a body that changes nothing answers the profile and writes nothing', async () => {
    const created = await createTestEntity(t.id, 'Prospect', individualInput({ netIncome: '15000.50' }));
    const res = await patch(created.id, { nameEn: created.nameEn, netIncome: '15000.5', dobGregorian: created.dob });
    expect(res.status).toBe(200);
    expect(res.body.updatedAt).toBe(created.updatedAt);
    expect(await auditOf(created.id)).toHaveLength(0);
    expect(await eventsOf(created.id)).toHaveLength(0);
  });
});

describe('PATCH /entities/{entityId} – edit an organization (officer session)', () => {
  it('changes the name, incorporation date and e-mail; refuses individual fields; audit names the officer', async () => {
    const officer = await createOfficer(t, 'officer');
    const created = await createTestEntity(t.id, 'Prospect', organizationInput());
    expect(created.type).toBe('Organization');
    const res = await patch(
      created.id,
      { nameEn: 'Najd Trading Holding', nameAr: 'شركة نجد القابضة', dateOfIncorporationGregorian: '2006-09-30', email: 'board@najd.example.sa' },
      officer.headers,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profile = expectContract(entityProfileSchema, res.body, 'EntityProfile');
    expect(profile).toMatchObject({
      type: 'Organization',
      nameEn: 'Najd Trading Holding',
      nameAr: 'شركة نجد القابضة',
      dateOfIncorporation: '2006-09-30',
      dateOfIncorporationHijri: gregorianToHijri(new Date(Date.UTC(2006, 8, 30))),
      email: 'board@najd.example.sa',
      gender: null,
      nationalityCode: null,
    });
    // What the registry said stays as received.
    expect(profile.rawData).toEqual(organizationInput().rawData ? expect.objectContaining({ crNameEn: 'Najd Trading Company Ltd' }) : null);
    expect(profile.organizationStatus?.value).toBe('Active');
    const [audit] = await auditOf(created.id);
    expect(audit).toMatchObject({ actorType: 'user', actorId: officer.id });
    expect(audit.before).toMatchObject({ nameEn: 'Najd Trading Company Ltd', nameAr: 'شركة نجد للتجارة المحدودة' });
    expect(audit.before).toMatchObject({ dateOfIncorporation: created.dateOfIncorporation });
    expect(audit.after).toMatchObject({
      nameEn: 'Najd Trading Holding',
      dateOfIncorporation: '2006-09-30',
      dateOfIncorporationHijri: profile.dateOfIncorporationHijri,
    });
    expect(await search('نجد القابضه')).toContain(created.id);

    for (const field of ['dobGregorian', 'dobHijri', 'gender', 'nationalityCode', 'classification'] as const) {
      const value = { dobGregorian: '1990-01-01', dobHijri: '1410-06-04', gender: 'Male', nationalityCode: 'SA', classification: 'Institutional' }[field];
      const refused = await patch(created.id, { [field]: value }, officer.headers);
      expect(refused.status).toBe(400);
      expect(refused.body.validationErrors).toEqual([`${field}: not a field of an organization`]);
    }
  });
});

describe('PATCH /entities/{entityId} – lost updates', () => {
  it('a stale expectedUpdatedAt is a bilingual 409 STALE_UPDATE and writes nothing; the current one succeeds', async () => {
    const created = await createTestEntity(t.id, 'Client', individualInput({ nameEn: 'Saad Ibrahim Al-Harbi' }));
    const first = await patch(created.id, { nameEn: 'Saad Ibrahim Al-Harby', expectedUpdatedAt: created.updatedAt });
    expect(first.status).toBe(200);
    // A second officer still holds the version read before the first edit.
    const stale = await patch(created.id, { email: 'saad@example.sa', expectedUpdatedAt: created.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('STALE_UPDATE');
    expect(stale.body.message.en).toMatch(/changed this record after you opened it/);
    expect(stale.body.message.ar).toMatch(/عدّل شخص آخر هذا السجل/);
    const current = await view(created.id);
    expect(current.email).toBe(created.email);
    expect(await auditOf(created.id)).toHaveLength(1);
    const retried = await patch(created.id, { email: 'saad@example.sa', expectedUpdatedAt: current.updatedAt });
    expect(retried.status).toBe(200);
    expect(retried.body.email).toBe('saad@example.sa');
  });

  it('of two concurrent edits from the same version, one wins and the other is a 409', async () => {
    const created = await createTestEntity(t.id, 'Client', individualInput());
    const results = await Promise.all(
      ['Concurrent Edit One', 'Concurrent Edit Two'].map((nameEn) => patch(created.id, { nameEn, expectedUpdatedAt: created.updatedAt })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditOf(created.id)).toHaveLength(1);
  });
});

describe('PATCH /entities/{entityId} – watchlist monitoring', () => {
  it('a monitored client renamed to a listed person is screened again at once and its lookup keys are rewritten; monitoring off removes them', async () => {
    await importList(db.current().pool, 'ListSourceA', [
      { externalId: 'EDIT-1', names: [{ value: 'Abdulrahman Saleh Al-Zahrani', kind: 'Primary' }], dob: '1970-03-14', nationalityCode: 'SA' },
    ]);
    const created = await createTestEntity(
      t.id,
      'Client',
      individualInput({ nameEn: 'Yousef Ahmed Al-Maliki', nameAr: 'يوسف أحمد المالكي', dobGregorian: '1984-02-02', ongoingMonitoring: true }),
    );
    expect(created).toMatchObject({ matchCount: 0, screeningStatus: 'Clear' });
    const keysBefore = await lookupKeysOf(created.id);
    expect(keysBefore.length).toBeGreaterThan(0);

    const res = await patch(created.id, { nameEn: 'Abdulrahman Saleh Al-Zahrani', nameAr: null, dobGregorian: '1970-03-14' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ matchCount: 1, caseCount: 1, screeningStatus: 'PendingReview' });
    const keysAfter = await lookupKeysOf(created.id);
    expect(keysAfter.length).toBeGreaterThan(0);
    expect(keysAfter).not.toEqual(keysBefore);
    // exactly the keys a new monitored client with these data gets
    const expected = monitoredKeyRows(
      toScreeningInput({ ...res.body, identities: res.body.identities.map((i: { type: string; number: string }) => ({ type: i.type, number: i.number })) })!,
    ).flatMap((r) => r.lookupKeys);
    expect(keysAfter).toEqual([...new Set(expected)].sort());
    const [event] = await eventsOf(created.id);
    expect(event).toMatchObject({ rescreened: true });
    // The match's trail says why as a code (messages' cases.trailComments), not English prose.
    const trail = await db
      .current()
      .pool.query(`SELECT r.comment FROM "MatchReview" r JOIN "Match" m ON m.id = r."matchId" WHERE m."entityId" = $1`, [created.id]);
    expect(trail.rows).toEqual([{ comment: 'ProfileEdited' }]);

    const off = await patch(created.id, { ongoingMonitoring: false });
    expect(off.status).toBe(200);
    expect(off.body.ongoingMonitoring).toBe(false);
    expect(await lookupKeysOf(created.id)).toEqual([]);
  });

  it('an edit that leaves the screened data alone does not screen again', async () => {
    const created = await createTestEntity(t.id, 'Client', individualInput({ ongoingMonitoring: true }));
    const keys = await lookupKeysOf(created.id);
    const res = await patch(created.id, { email: 'new.address@example.sa', netAssets: '100.00' });
    expect(res.status).toBe(200);
    expect(res.body.screeningStatus).toBe(created.screeningStatus);
    expect(await lookupKeysOf(created.id)).toEqual(keys);
    expect((await eventsOf(created.id))[0]).toMatchObject({ rescreened: false, changedFields: ['email', 'netAssets'] });
  });
});

describe('PATCH /entities/{entityId} – as an attacker', () => {
  it("another tenant's entity is 404 (key or session); a relationship manager is 403; no credentials 401; a non-UUID id 404", async () => {
    const created = await createTestEntity(t.id, 'Client', individualInput());
    const other = await createTestTenant();
    const outsider = await createOfficer(other, 'admin');
    expect((await patch(created.id, { nameEn: 'Taken Over' }, other.headers)).status).toBe(404);
    expect((await patch(created.id, { nameEn: 'Taken Over' }, outsider.headers)).status).toBe(404);
    const rm = await createOfficer(t, 'rm');
    const forbidden = await patch(created.id, { nameEn: 'Taken Over' }, rm.headers);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorCode).toBe('FORBIDDEN');
    expect((await patch(created.id, { nameEn: 'Taken Over' }, {})).status).toBe(401);
    expect((await patch(created.id, { nameEn: 'Taken Over' }, { 'x-tenant': t.slug, 'x-api-key': 'crm_wrong' })).status).toBe(401);
    const officer = await createOfficer(t, 'officer');
    expect((await patch(created.id, { nameEn: 'Taken Over' }, { ...officer.headers, origin: 'https://evil.example' })).status).toBe(403);
    expect((await patch('not-a-uuid', { nameEn: 'Taken Over' })).status).toBe(404);
    expect((await patch(crypto.randomUUID(), { nameEn: 'Taken Over' })).status).toBe(404);
    const admin = await createOfficer(t, 'admin');
    expect((await patch(created.id, { nameEn: 'Edited By Admin' }, admin.headers)).status).toBe(200);
    expect((await view(created.id)).nameEn).toBe('Edited By Admin');
  });

  it('an erased entity cannot be filled with personal data again (409)', async () => {
    const created = await createTestEntity(t.id, 'Prospect', individualInput());
    await q(`UPDATE "Entity" SET "erasedAt" = now() WHERE id = $1`, [created.id]);
    const res = await patch(created.id, { nameEn: 'Back Again' });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('CONFLICT');
  });

  it('never answers 500 to any JSON body (fast-check): 200, 400 or 409 only, and a 400 names its fields', async () => {
    const individual = await createTestEntity(t.id, 'Prospect', individualInput());
    const organization = await createTestEntity(t.id, 'Prospect', organizationInput());
    const key = fc.constantFrom(
      'nameEn',
      'nameAr',
      'email',
      'countryCode',
      'phoneNumber',
      'accountOpenDate',
      'dobGregorian',
      'dobHijri',
      'dateOfIncorporationGregorian',
      'dateOfIncorporationHijri',
      'nationalityCode',
      'gender',
      'classification',
      'category',
      'netIncome',
      'netAssets',
      'ongoingMonitoring',
      'expectedUpdatedAt',
      'type',
      'crmId',
    );
    const value = fc.oneof(
      fc.jsonValue(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom(null, '', '1990-02-30', '1445-09-30', '966', '501234567', 'SA', 'Male', 'Retail', '1e9', '2026-01-01 00:00:00.000', '\u0000'),
    );
    const body = fc.oneof(fc.dictionary(key, value, { minKeys: 0, maxKeys: 6 }), fc.jsonValue());
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (b, org) => {
        const res = await patch(org ? organization.id : individual.id, b);
        expect([200, 400, 409], JSON.stringify({ b, res: res.body })).toContain(res.status);
        if (res.status === 400) {
          expect(res.body.validationErrors.length).toBeGreaterThan(0);
          for (const e of res.body.validationErrors) expect(e).toMatch(/^[\w.()]+: /);
        }
        if (res.status === 200) expectContract(entityProfileSchema, res.body);
      }),
      { numRuns: 150 },
    );
  });
});

describe('PATCH /entities/{entityId} – all or nothing', () => {
  it('a failure after the write, the audit entry and the new screening (the event insert fails) leaves the entity, search text, audit, matches and keys as they were', async () => {
    await importList(db.current().pool, 'ListSourceA', [
      { externalId: 'EDIT-2', names: [{ value: 'Viktor Petrov Ivanov', kind: 'Primary' }], dob: '1961-07-01', nationalityCode: 'RU' },
    ]);
    const created = await createTestEntity(
      t.id,
      'Client',
      individualInput({ nameEn: 'Hamad Sultan Al-Subaie', nameAr: 'حمد سلطان السبيعي', ongoingMonitoring: true }),
    );
    const keys = await lookupKeysOf(created.id);
    const snapshot = async () =>
      (
        await q(
          `SELECT e."nameEn", e."nameAr", e."searchText", e."updatedAt", e."matchCount", e."screeningStatus", d.document::text AS document,
                  (SELECT count(*)::int FROM "Match" m WHERE m."entityId" = e.id) AS matches,
                  (SELECT count(*)::int FROM "AuditLog" a WHERE a."targetId" = e.id::text) AS audits
             FROM "Entity" e LEFT JOIN "EntityDocument" d ON d."entityId" = e.id WHERE e.id = $1`,
          [created.id],
        )
      ).rows[0];
    const before = await snapshot();
    await q(`CREATE FUNCTION test_fail_profile_event() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await q(`CREATE TRIGGER test_fail_profile_event BEFORE INSERT ON "OutboxEvent" FOR EACH ROW
             WHEN (NEW.type = 'EntityProfileUpdate') EXECUTE FUNCTION test_fail_profile_event()`);
    try {
      const res = await patch(created.id, { nameEn: 'Viktor Petrov Ivanov', nameAr: null, dobGregorian: '1961-07-01', nationalityCode: 'RU' });
      expect(res.status).toBe(500);
      expect(res.body.errorCode).toBe('INTERNAL_ERROR');
    } finally {
      await q(`DROP TRIGGER test_fail_profile_event ON "OutboxEvent"`);
      await q(`DROP FUNCTION test_fail_profile_event()`);
    }
    expect(await snapshot()).toEqual(before);
    expect(await lookupKeysOf(created.id)).toEqual(keys);
    expect(await search('Ivanov')).not.toContain(created.id);
    // The same edit without the failure goes through, screening included.
    const res = await patch(created.id, { nameEn: 'Viktor Petrov Ivanov', nameAr: null, dobGregorian: '1961-07-01', nationalityCode: 'RU' });
    expect(res.status).toBe(200);
    expect(res.body.matchCount).toBe(1);
  });
});
