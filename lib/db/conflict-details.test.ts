// Each 409 CONFLICT says what it conflicts with, through the real routes: the errorCode and status
// stay CONFLICT/409, the bilingual message is the situation's own (messages' `errorDetails`), whether
// the service's check found the duplicate or, for requests racing each other, the unique index did.
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { POST as createIdentityRoute } from '@/app/services/crm/entities/[entityId]/identities/route';
import { POST as createBankAccountRoute } from '@/app/services/crm/entities/[entityId]/bank-accounts/route';
import { PATCH as reviewRoute } from '@/app/services/crm/bank-accounts/manual/[accountId]/review/route';
import { POST as erasureRoute } from '@/app/services/crm/entities/[entityId]/erasure-requests/route';
import { POST as createTagRoute } from '@/app/services/crm/tags/route';
import { PATCH as updateTagRoute } from '@/app/services/crm/tags/[tagId]/route';
import { POST as createRuleRoute } from '@/app/services/crm/transaction-rules/route';
import type { ErrorDetail } from '@/lib/core/errors';
import { callRoute, type CallResult } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createOfficer, type TestOfficer } from '@/scripts/testing/officers';
import { createTestAttachment, createTestEntity, saudiIban } from '@/scripts/testing/record-factories';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-conflicts-${process.pid}`);
process.env.API_RATE_LIMIT_PER_SECOND = '100000';
process.env.API_RATE_LIMIT_BURST = '100000';
useTestDatabase();

let t: TestTenant;
let officer: TestOfficer;
beforeAll(async () => {
  t = await createTestTenant();
  officer = await createOfficer(t);
});

function expectConflict(res: CallResult, detail: ErrorDetail) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body).toEqual({ errorCode: 'CONFLICT', message: { en: en.errorDetails[detail], ar: ar.errorDetails[detail] } });
}

/** The same request sent `n` times at once: exactly one succeeds, every other one is the detailed 409. */
async function race(n: number, send: () => Promise<CallResult>, created: number, detail: ErrorDetail) {
  const answers = await Promise.all(Array.from({ length: n }, send));
  expect(
    answers.filter((a) => a.status === created),
    JSON.stringify(answers.map((a) => a.body)),
  ).toHaveLength(1);
  for (const answer of answers.filter((a) => a.status !== created)) expectConflict(answer, detail);
}

describe('409 CONFLICT with a precise message', () => {
  it('the messages are distinct, and each differs from the generic CONFLICT in both languages', () => {
    const details: ErrorDetail[] = [
      'duplicateIdentity',
      'duplicateIban',
      'bankAccountNotPending',
      'erasureAlreadyPending',
      'duplicateTag',
      'duplicateRuleCode',
    ];
    for (const messages of [en, ar]) {
      const texts = details.map((d) => messages.errorDetails[d]);
      expect(new Set(texts).size).toBe(details.length);
      expect(texts).not.toContain(messages.errors.CONFLICT);
    }
  });

  it('a duplicate identity (same type and number on the entity)', async () => {
    const entity = await createTestEntity(t.id);
    const doc = await createTestAttachment(t.id);
    const body = { type: 'Passport', number: 'K1234567', documentIds: [doc.id] };
    const send = () => callRoute(createIdentityRoute, 'POST', '/x', { headers: t.headers, params: { entityId: entity.id }, body });
    expect((await send()).status).toBe(201);
    expectConflict(await send(), 'duplicateIdentity');
  });

  it('a duplicate IBAN on the entity, also when the requests race', async () => {
    const entity = await createTestEntity(t.id);
    const iban = saudiIban();
    const send = () => callRoute(createBankAccountRoute, 'POST', '/x', { headers: t.headers, params: { entityId: entity.id }, body: { iban } });
    expect((await send()).status).toBe(201);
    expectConflict(await send(), 'duplicateIban');
    const other = saudiIban();
    await race(
      6,
      () => callRoute(createBankAccountRoute, 'POST', '/x', { headers: t.headers, params: { entityId: entity.id }, body: { iban: other } }),
      201,
      'duplicateIban',
    );
  });

  it('reviewing a bank account that is not waiting for review (already reviewed, or automatic)', async () => {
    const entity = await createTestEntity(t.id);
    const doc = await createTestAttachment(t.id, 'pdf', 'bank-letter.pdf');
    const manual = await callRoute(createBankAccountRoute, 'POST', '/x', {
      headers: t.headers,
      params: { entityId: entity.id },
      body: { iban: saudiIban('05'), attachmentId: doc.id },
    });
    const review = (accountId: string) => callRoute(reviewRoute, 'PATCH', '/x', { headers: t.headers, params: { accountId }, body: { decision: 'Approve' } });
    expect((await review(manual.body.data.id)).status).toBe(200);
    expectConflict(await review(manual.body.data.id), 'bankAccountNotPending');
    const automatic = await callRoute(createBankAccountRoute, 'POST', '/x', {
      headers: t.headers,
      params: { entityId: entity.id },
      body: { iban: saudiIban() },
    });
    expectConflict(await review(automatic.body.data.id), 'bankAccountNotPending');
  });

  it('a second erasure request while one is pending, also when the requests race', async () => {
    const entity = await createTestEntity(t.id);
    const send = (entityId: string) => () => callRoute(erasureRoute, 'POST', '/x', { headers: t.headers, params: { entityId }, body: {} });
    expect((await send(entity.id)()).status).toBe(201);
    expectConflict(await send(entity.id)(), 'erasureAlreadyPending');
    await race(6, send((await createTestEntity(t.id)).id), 201, 'erasureAlreadyPending');
  });

  it('a duplicate tag (same English name in the scope), created or renamed into, also when the requests race', async () => {
    const send = (nameEn: string) => () =>
      callRoute(createTagRoute, 'POST', '/x', { headers: officer.headers, body: { nameEn, nameAr: 'كبار العملاء', scope: 'Entity' } });
    expect((await send('VIP')()).status).toBe(201);
    expectConflict(await send('VIP')(), 'duplicateTag');
    const other = await send('Premium')();
    const rename = await callRoute(updateTagRoute, 'PATCH', '/x', { headers: officer.headers, params: { tagId: other.body.data.id }, body: { nameEn: 'VIP' } });
    expectConflict(rename, 'duplicateTag');
    await race(6, send('Sanctions review'), 201, 'duplicateTag');
  });

  it('a monitoring rule code already in use, also when the requests race', async () => {
    const send = (code: string) => () =>
      callRoute(createRuleRoute, 'POST', '/x', {
        headers: officer.headers,
        body: { code, nameEn: 'Large amount', nameAr: 'مبلغ كبير', config: { template: 'LargeAmount', params: { threshold: '100000', currency: 'SAR' } } },
      });
    expect((await send('LARGE-100K')()).status).toBe(201);
    expectConflict(await send('LARGE-100K')(), 'duplicateRuleCode');
    await race(6, send('ROUND-10K'), 201, 'duplicateRuleCode');
  });
});
