import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POST as createRoute } from '@/app/services/crm/entities/[entityId]/bank-accounts/route';
import { PATCH as reviewRoute } from '@/app/services/crm/bank-accounts/manual/[accountId]/review/route';
import { GET as getEntityRoute } from '@/app/services/crm/entities/[entityId]/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createTestAttachment, createTestEntity, saudiIban } from '@/scripts/testing/record-factories';
import { resolveIban } from './resolve-iban';
import { listBankAccountsForReview } from './list-bank-accounts-for-review';
import { getEntityCounts } from '@/lib/entities/get-entity-counts';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-att-${process.pid}`);
const db = useTestDatabase();
const TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;
const KEYS = [
  'attachment',
  'bankCode',
  'bankNameAr',
  'bankNameEn',
  'createdAt',
  'entityId',
  'holderName',
  'iban',
  'id',
  'primary',
  'source',
  'status',
  'swiftCode',
  'updatedAt',
  'verificationStatus',
];

describe('IBAN resolution', () => {
  it('validates mod-97 and resolves Saudi banks from the bank code', () => {
    const iban = saudiIban('80', 608010167519);
    expect(resolveIban(iban.replace(/(.{4})/g, '$1 ').toLowerCase())).toEqual({
      iban,
      countryCode: 'SA',
      bankCode: '80',
      bankNameEn: 'Al Rajhi Bank',
      bankNameAr: 'مصرف الراجحي',
      swiftCode: 'RJHISARI',
    });
    expect(resolveIban(iban.slice(0, -1) + ((Number(iban.at(-1)) + 1) % 10))).toBeUndefined();
    expect(resolveIban('SA03800000006080101675')).toBeUndefined(); // wrong length
    expect(resolveIban('GB82WEST12345698765432')).toMatchObject({ countryCode: 'GB', bankNameEn: null });
    expect(resolveIban(saudiIban('10'))?.swiftCode).toBe('NCBKSAJE');
  });
});

describe('POST /entities/{id}/bank-accounts', () => {
  it('creates an automatic verified account (201, {data: BankAccount}) with bank names in both languages', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const res = await callRoute(createRoute, 'POST', '/x', {
      headers: t.headers,
      params: { entityId: e.id },
      body: { iban: saudiIban('20'), isPrimary: true },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const a = res.body.data;
    expect(Object.keys(a).sort()).toEqual(KEYS);
    expect(a).toMatchObject({
      primary: true,
      bankNameEn: 'Riyad Bank',
      bankNameAr: 'بنك الرياض',
      swiftCode: 'RIBLSARI',
      bankCode: '20',
      status: 'Active',
      source: 'Automatic',
      verificationStatus: 'Verified',
      attachment: null,
      entityId: e.id,
      holderName: e.nameEn,
    });
    expect(a.createdAt).toMatch(TS);
  });

  it('keeps one primary account per entity: a new primary demotes the old one', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const first = await callRoute(createRoute, 'POST', '/x', { headers: t.headers, params: { entityId: e.id }, body: { iban: saudiIban(), isPrimary: true } });
    const second = await callRoute(createRoute, 'POST', '/x', { headers: t.headers, params: { entityId: e.id }, body: { iban: saudiIban(), isPrimary: true } });
    expect(second.body.data.primary).toBe(true);
    const profile = await callRoute(getEntityRoute, 'GET', '/x', { headers: t.headers, params: { entityId: e.id } });
    expect(profile.body.bankAccounts.filter((b: any) => b.primary).map((b: any) => b.id)).toEqual([second.body.data.id]);
    expect(profile.body.bankAccounts.find((b: any) => b.id === first.body.data.id).primary).toBe(false);
    // The database refuses two primaries even if a service forgot to demote.
    await expect(db.current().pool.query(`UPDATE "BankAccount" SET "primary" = true WHERE id = $1`, [first.body.data.id])).rejects.toThrow(/one_primary/);
  });

  it('rejects invalid IBANs (400), duplicates (409), unknown/foreign entities and attachments (404)', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const e = await createTestEntity(t.id);
    const bad = await callRoute(createRoute, 'POST', '/x', { headers: t.headers, params: { entityId: e.id }, body: { iban: 'SA0000000000000000000000' } });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors[0]).toMatch(/^iban: /);
    const iban = saudiIban();
    expect((await callRoute(createRoute, 'POST', '/x', { headers: t.headers, params: { entityId: e.id }, body: { iban } })).status).toBe(201);
    const dup = await callRoute(createRoute, 'POST', '/x', { headers: t.headers, params: { entityId: e.id }, body: { iban } });
    expect(dup.status).toBe(409);
    expect(dup.body.errorCode).toBe('CONFLICT');
    expect((await callRoute(createRoute, 'POST', '/x', { headers: other.headers, params: { entityId: e.id }, body: { iban: saudiIban() } })).status).toBe(404);
    const foreignDoc = await createTestAttachment(other.id);
    expect(
      (await callRoute(createRoute, 'POST', '/x', { headers: t.headers, params: { entityId: e.id }, body: { iban: saudiIban(), attachmentId: foreignDoc.id } }))
        .status,
    ).toBe(404);
  });
});

describe('PATCH /bank-accounts/manual/{id}/review', () => {
  async function manualAccount() {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const doc = await createTestAttachment(t.id, 'pdf', 'bank-letter.pdf');
    const res = await callRoute(createRoute, 'POST', '/x', {
      headers: t.headers,
      params: { entityId: e.id },
      body: { iban: saudiIban('05'), attachmentId: doc.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ source: 'Manual', verificationStatus: 'PendingReview', attachment: doc, bankNameEn: 'Alinma Bank' });
    return { t, e, account: res.body.data };
  }

  it.each([
    ['Approve', 'Verified'],
    ['Reject', 'Rejected'],
  ])('%s → %s: unwrapped BankAccount, audited, BankAccountReviewUpdate emitted; a second review is 409', async (decision, status) => {
    const { t, e, account } = await manualAccount();
    expect((await listBankAccountsForReview({ tenantId: t.id, page: { page: 1, size: 20 } })).data.map((a) => [a.id, a.entity.id])).toEqual([
      [account.id, e.id],
    ]);
    expect((await getEntityCounts({ tenantId: t.id })).pendingBankAccountReviews).toBe(1);
    const res = await callRoute(reviewRoute, 'PATCH', '/x', {
      headers: t.headers,
      params: { accountId: account.id },
      body: { decision, comment: 'Checked against the bank letter' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(KEYS);
    expect(res.body.verificationStatus).toBe(status);
    const { rows } = await db.current().pool.query(`SELECT payload FROM "OutboxEvent" WHERE "tenantId" = $1 AND type = 'BankAccountReviewUpdate'`, [t.id]);
    expect(rows.map((r) => r.payload)).toEqual([expect.objectContaining({ accountId: account.id, entityId: e.id, verificationStatus: status, decision })]);
    const audit = await db
      .current()
      .pool.query(`SELECT count(*)::int AS n FROM "AuditLog" WHERE "targetId" = $1 AND action = 'bankAccount.review'`, [account.id]);
    expect(audit.rows[0].n).toBe(1);
    const again = await callRoute(reviewRoute, 'PATCH', '/x', { headers: t.headers, params: { accountId: account.id }, body: { decision: 'Approve' } });
    expect(again.status).toBe(409);
    expect((await listBankAccountsForReview({ tenantId: t.id, page: { page: 1, size: 20 } })).data).toEqual([]);
  });

  it("refuses to review an automatic account (409), another tenant's (404) and unknown decisions (400)", async () => {
    const { t, e, account } = await manualAccount();
    const auto = await callRoute(createRoute, 'POST', '/x', { headers: t.headers, params: { entityId: e.id }, body: { iban: saudiIban() } });
    expect(
      (await callRoute(reviewRoute, 'PATCH', '/x', { headers: t.headers, params: { accountId: auto.body.data.id }, body: { decision: 'Approve' } })).status,
    ).toBe(409);
    const other = await createTestTenant();
    expect(
      (await callRoute(reviewRoute, 'PATCH', '/x', { headers: other.headers, params: { accountId: account.id }, body: { decision: 'Approve' } })).status,
    ).toBe(404);
    const bad = await callRoute(reviewRoute, 'PATCH', '/x', { headers: t.headers, params: { accountId: account.id }, body: { decision: 'Maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors[0]).toMatch(/^decision: /);
  });
});
