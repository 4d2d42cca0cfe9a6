// Dates that have not come yet and phone numbers as dialled at home, through the real routes: a date
// of birth or incorporation after today is a 400 naming the field (both calendars, creation and
// edit); a number with its trunk prefix is stored as its national significant number; a dialing code
// written "+966" or a number too short is refused saying what is wrong with it.
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as createClientRoute } from '@/app/services/crm/entities/client/route';
import { POST as createProspectRoute } from '@/app/services/crm/entities/prospect/route';
import { POST as createScreeningRoute } from '@/app/services/crm/entities/screening/route';
import { PATCH as patchRoute } from '@/app/services/crm/entities/[entityId]/route';
import { gregorianToHijri } from '@/lib/reference/hijri';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createTestEntity, individualInput, organizationInput } from '@/scripts/testing/record-factories';

useTestDatabase();

let t: TestTenant;
beforeAll(async () => {
  t = await createTestTenant();
});

const create = (body: unknown) => callRoute(createClientRoute, 'POST', '/services/crm/entities/client', { headers: t.headers, body });
const patch = (entityId: string, body: unknown) =>
  callRoute(patchRoute, 'PATCH', `/services/crm/entities/${entityId}`, { headers: t.headers, params: { entityId }, body });

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** After today in every time zone. */
const inTwoDays = Date.now() + 2 * DAY;

function expectRefused(res: { status: number; body: { errorCode?: string; validationErrors?: string[] } }, pattern: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errorCode).toBe('VALIDATION_ERROR');
  expect(res.body.validationErrors, JSON.stringify(res.body.validationErrors)).toEqual([expect.stringMatching(pattern)]);
}

describe('dates of birth and incorporation are not after today', () => {
  it.each([
    [{ dobGregorian: '2999-01-01' }, /^dobGregorian: must not be after today$/],
    [{ dobGregorian: isoDay(inTwoDays) }, /^dobGregorian: must not be after today$/],
    [{ dobHijri: '1600-01-01' }, /^dobHijri: must not be after today$/],
    [{ dobHijri: gregorianToHijri(new Date(inTwoDays)) }, /^dobHijri: must not be after today$/],
  ])('POST /entities/client %j → 400 naming the field', async (dates, pattern) => {
    expectRefused(await create({ ...individualInput(), dobGregorian: undefined, ...dates }), pattern);
  });

  it('refuses a future incorporation date on a prospect, a screening entity and an edit; today and the past are taken', async () => {
    const org = (dates: object) => ({ ...organizationInput(), ...dates });
    expectRefused(
      await callRoute(createProspectRoute, 'POST', '/services/crm/entities/prospect', {
        headers: t.headers,
        body: org({ dateOfIncorporationGregorian: '2999-12-31' }),
      }),
      /^dateOfIncorporationGregorian: must not be after today$/,
    );
    expectRefused(
      await callRoute(createScreeningRoute, 'POST', '/services/crm/entities/screening', {
        headers: t.headers,
        body: org({ dateOfIncorporationHijri: '1590-05-01' }),
      }),
      /^dateOfIncorporationHijri: must not be after today$/,
    );
    const company = await createTestEntity(t.id, 'Client', organizationInput());
    expectRefused(await patch(company.id, { dateOfIncorporationGregorian: '2999-01-01' }), /^dateOfIncorporationGregorian: must not be after today$/);
    const person = await createTestEntity(t.id, 'Client', individualInput());
    expectRefused(await patch(person.id, { dobHijri: '1599-01-01' }), /^dobHijri: must not be after today$/);

    const today = isoDay(Date.now());
    const born = await create({ ...individualInput(), dobGregorian: today });
    expect(born.status, JSON.stringify(born.body)).toBe(201);
    expect(born.body.data.dob).toBe(today);
    expect((await patch(company.id, { dateOfIncorporationGregorian: '2001-01-01' })).status).toBe(200);
  });
});

describe('phone numbers', () => {
  it('stores a number dialled with its trunk prefix as the national significant number, at creation and on an edit', async () => {
    const created = await create({ ...individualInput(), countryCode: '966', phoneNumber: '0501234567' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ countryCode: '966', phoneNumber: '501234567' });
    const uk = await create({ ...individualInput(), countryCode: '44', phoneNumber: '07400123456' });
    expect(uk.body.data).toMatchObject({ countryCode: '44', phoneNumber: '7400123456' });
    // Italy keeps its leading 0: it is part of the national number there, not a trunk prefix.
    const italy = await create({ ...individualInput(), countryCode: '39', phoneNumber: '0612345678' });
    expect(italy.body.data).toMatchObject({ countryCode: '39', phoneNumber: '0612345678' });

    const edited = await patch(created.body.data.id, { phoneNumber: '0551234567' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.phoneNumber).toBe('551234567');
    // The same number with its trunk prefix is no change at all.
    const same = await patch(created.body.data.id, { phoneNumber: '0551234567', countryCode: '966' });
    expect(same.status).toBe(200);
    expect(same.body.updatedAt).toBe(edited.body.updatedAt);
  });

  it('refuses "+966" as the dialing code, naming countryCode once and without a doubled plus', async () => {
    const res = await create({ ...individualInput(), countryCode: '+966', phoneNumber: '501234567' });
    expectRefused(res, /^countryCode: expected the dialing code as 1 to 4 digits without "\+", e\.g\. "966"$/);
    expect(JSON.stringify(res.body)).not.toContain('++');
  });

  it('says what is wrong with a number made of digits: too short, too long, not a number of that dialing code, an unused dialing code', async () => {
    const person = await createTestEntity(t.id, 'Client', individualInput({ countryCode: '966', phoneNumber: '501234567' }));
    expectRefused(await patch(person.id, { phoneNumber: '123' }), /^phoneNumber: too short for dialing code \+966$/);
    expectRefused(await patch(person.id, { phoneNumber: '5012345678901' }), /^phoneNumber: too long for dialing code \+966$/);
    expectRefused(await patch(person.id, { phoneNumber: '050-123' }), /^phoneNumber: expected digits only, without the dialing code/);
    expectRefused(await patch(person.id, { countryCode: '44' }), /^phoneNumber: not a valid phone number for dialing code \+44$/);
    expectRefused(await create({ ...individualInput(), phoneNumber: '123' }), /^phoneNumber: too short for dialing code \+966$/);
    expectRefused(
      await create({ ...individualInput(), countryCode: '999', phoneNumber: '501234567' }),
      /^countryCode: no country uses the dialing code \+999$/,
    );
    expectRefused(await create({ ...individualInput(), countryCode: '966', phoneNumber: '9665012345678' }), /^phoneNumber: not a valid phone number/);
  });
});
