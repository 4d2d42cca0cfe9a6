import { describe, expect, it } from 'vitest';
import { POST as createTxRoute, GET as listTxRoute } from '@/app/services/crm/transactions/route';
import { GET as getTxRoute } from '@/app/services/crm/transactions/[transactionId]/route';
import { POST as createRuleRoute } from '@/app/services/crm/transaction-rules/route';
import { PATCH as ruleStatusRoute } from '@/app/services/crm/transaction-rules/[ruleId]/status/route';
import { GET as listAlertsRoute } from '@/app/services/crm/alerts/route';
import { GET as getAlertRoute } from '@/app/services/crm/alerts/[alertId]/route';
import { callRoute } from '@/scripts/testing/api';
import { createOfficer } from '@/scripts/testing/officers';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createTestEntity, saudiIban } from '@/scripts/testing/record-factories';
import { createBankAccount } from '@/lib/bank-accounts/create-bank-account';
import { createTag } from '@/lib/tags/create-tag';
import { withPlatform } from '@/lib/db/tenant-tx';
import { alertEnvelope, alertList, transactionEnvelope, transactionList } from './schemas';

useTestDatabase();

let seq = 0;
function body(entityId: string, overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    source: { method: 'External', iban: 'GB82WEST12345698765432' },
    target: { method: 'Wallet', vIban: `SA00VW${String(seq).padStart(10, '0')}`, entity: { id: entityId } },
    externalRef: `ext-${seq}-${Math.random().toString(36).slice(2)}`,
    transactionDate: '2026-11-20T10:00:00Z',
    amount: '1250.500',
    currency: 'Sar',
    ...overrides,
  };
}

const post = (t: TestTenant, b: unknown, headers: Record<string, string> = {}) =>
  callRoute(createTxRoute, 'POST', '/services/crm/transactions', { headers: { ...t.headers, ...headers }, body: b });

/** Rules are written by an officer (session), never with the API key. */
async function publishRule(t: TestTenant, rule: Record<string, unknown>) {
  const officer = await createOfficer(t);
  const created = await callRoute(createRuleRoute, 'POST', '/x', { headers: officer.headers, body: rule });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await callRoute(ruleStatusRoute, 'PATCH', '/x', {
    headers: officer.headers,
    params: { ruleId: created.body.data.id },
    body: { status: 'Published' },
  });
  expect(published.status).toBe(200);
  return published.body.data;
}

describe('POST /transactions', () => {
  it('stores the transaction with exact decimals, the currency as sent, and a Draft wallet for an unknown vIban', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const b = body(e.id, { currency: 'sAr', exchangeRate: '3.750000000000000001', amount: '99999999999999999999.123456789' });
    const res = await post(t, b);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectContract(transactionEnvelope, res.body);
    const tx = res.body.data;
    expect(tx).toMatchObject({
      amount: '99999999999999999999.123456789',
      exchangeRate: '3.750000000000000001',
      currency: 'sAr',
      status: 'Received',
      reviewStatus: 'Unreviewed',
      direction: 'Credit',
      isBlocked: false,
      triggeredAlerts: [],
      transactionDate: '2026-11-20T10:00:00Z',
      source: { method: 'External', iban: 'GB82WEST12345698765432', countryCode: 'GB', vIban: null },
    });
    expect(tx.targetWallet).toMatchObject({
      status: 'Draft',
      vIban: b.target.vIban,
      entityId: e.id,
      availableBalance: '99999999999999999999.123456789',
      currency: 'Sar',
    });
    expect(tx.targetEntity).toMatchObject({ id: e.id });

    // A second credit and a debit to the same wallet: balances add exactly.
    const again = await post(t, { ...body(e.id), target: b.target, amount: '0.877' });
    expect(again.body.data.targetWallet.availableBalance).toBe('100000000000000000000.000456789');
    const out = await post(t, {
      ...body(e.id),
      source: { method: 'Wallet', vIban: b.target.vIban, entity: { id: e.id } },
      target: { method: 'Cash' },
      amount: '0.000456789',
    });
    expect(out.status).toBe(201);
    expect(out.body.data).toMatchObject({ direction: 'Debit' });
    expect(out.body.data.sourceWallet.availableBalance).toBe('100000000000000000000.000000000');

    const got = await callRoute(getTxRoute, 'GET', '/x', { headers: t.headers, params: { transactionId: tx.id } });
    expect(got.status).toBe(200);
    expectContract(transactionEnvelope, got.body);
    expect(got.body.data.amount).toBe('99999999999999999999.123456789');
  });

  it('finds the entity by crmId and answers 404 for an unknown entity, 400 naming the fields of bad input', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const byCrm = await withPlatform((tx) => tx.entity.update({ where: { id: e.id }, data: { crmId: 'CRM-77' } }));
    expect(byCrm.crmId).toBe('CRM-77');
    const ok = await post(t, body(e.id, { target: { method: 'Wallet', vIban: 'SA-CRM-1', entity: { crmId: 'CRM-77' } } }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.targetEntity.id).toBe(e.id);
    expect((await post(t, body('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await post(t, body(e.id, { target: { method: 'Wallet', vIban: 'X', entity: { crmId: 'nope' } } }))).status).toBe(404);
    const bad = await post(t, body(e.id, { amount: 12.5, currency: 'XYZ', target: { method: 'Wallet', entity: { id: e.id } } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('VALIDATION_ERROR');
    expect(bad.body.validationErrors.join(' ')).toMatch(/amount/);
    expect(bad.body.validationErrors.join(' ')).toMatch(/currency/);
    expect(bad.body.validationErrors.join(' ')).toMatch(/target\.vIban/);
    const noEntity = await post(t, body(e.id, { target: { method: 'Cash' } }));
    expect(noEntity.status).toBe(400);
    expect(noEntity.body.validationErrors.join(' ')).toMatch(/source\.entity/);
  });

  it('resolves what the body names in its first statement: bank account by IBAN, tags, the corrected transaction, id with crmId, a wallet without entity', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const other = await createTestEntity(t.id);
    await withPlatform((tx) => tx.entity.update({ where: { id: e.id }, data: { crmId: 'CRM-FIRST' } }));
    const iban = saudiIban('80', 4242);
    await createBankAccount({ tenantId: t.id, entityId: e.id, iban, actor: { type: 'cli' } });
    const tag = await createTag({ tenantId: t.id, input: { nameEn: 'Payroll', nameAr: 'رواتب' }, actor: { type: 'cli' } });

    const first = await post(
      t,
      body(e.id, { source: { method: 'BankAccount', iban: iban.replace(/(.{4})/g, '$1 ').toLowerCase(), entity: { id: e.id } }, tagIds: [tag.id] }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.sourceBankAccount).toMatchObject({ entityId: e.id, iban });
    expect(first.body.data.tags.map((x: { id: string }) => x.id)).toEqual([tag.id]);
    const vIban = first.body.data.targetWallet.vIban;

    // The wallet alone names its owner; a correction names a stored transaction; id and crmId together must agree.
    const fromWallet = await post(
      t,
      body(e.id, { target: { method: 'Wallet', vIban }, source: { method: 'Cash', entity: { id: other.id } }, correctsTransactionId: first.body.data.id }),
    );
    expect(fromWallet.status, JSON.stringify(fromWallet.body)).toBe(201);
    expect(fromWallet.body.data).toMatchObject({ correctsTransactionId: first.body.data.id, direction: 'Credit' });
    expect(fromWallet.body.data.targetEntity.id).toBe(e.id);
    expect((await post(t, body(e.id, { target: { method: 'Wallet', vIban, entity: { id: e.id, crmId: 'CRM-FIRST' } } }))).status).toBe(201);
    expect((await post(t, body(e.id, { target: { method: 'Wallet', vIban, entity: { id: e.id, crmId: 'CRM-OTHER' } } }))).status).toBe(404);

    // Unknown tag or corrected transaction: 404, and nothing stored (not even the Draft wallet of a new vIban).
    const missing = '00000000-0000-4000-8000-000000000001';
    const noTag = body(e.id, { tagIds: [missing] });
    expect((await post(t, noTag)).status).toBe(404);
    expect((await post(t, body(e.id, { correctsTransactionId: missing }))).status).toBe(404);
    const stored = await withPlatform((tx) => tx.wallet.count({ where: { tenantId: t.id, vIban: noTag.target.vIban } }));
    expect(stored).toBe(0);

    // Someone else's wallet, or another currency: 400 naming the field.
    const notTheirs = await post(t, body(other.id, { target: { method: 'Wallet', vIban, entity: { id: other.id } } }));
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.validationErrors.join(' ')).toMatch(/target\.vIban/);
    const otherCurrency = await post(t, body(e.id, { target: { method: 'Wallet', vIban, entity: { id: e.id } }, currency: 'Usd' }));
    expect(otherCurrency.status).toBe(400);
    expect(otherCurrency.body.validationErrors.join(' ')).toMatch(/currency/);
  });

  it('answers exactly what a read of the stored transaction shows: every optional field, ids in capitals, numbers and JSON as PostgreSQL keeps them', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const other = await createTestEntity(t.id);
    const iban = saudiIban('80', 5151);
    await createBankAccount({ tenantId: t.id, entityId: e.id, iban, actor: { type: 'cli' } });
    const tag = await createTag({ tenantId: t.id, input: { nameEn: 'Treasury', nameAr: 'خزينة' }, actor: { type: 'cli' } });
    const first = await post(t, body(other.id));
    expect(first.status).toBe(201);
    const read = async (id: string) => (await callRoute(getTxRoute, 'GET', '/x', { headers: t.headers, params: { transactionId: id } })).body.data;

    const full = body(e.id, {
      source: { method: 'BankAccount', iban, entity: { id: e.id }, countryCode: 'ae' },
      target: { method: 'Wallet', vIban: first.body.data.targetWallet.vIban, entity: { id: other.id.toUpperCase() } },
      orderRef: 'ORD-1',
      sourceSystem: 'Core',
      transactionDate: '2026-11-21T08:30:00.123Z',
      valueDate: '2026-11-22T00:00:00Z',
      settlementDate: '2026-11-23T00:00:00.5Z',
      amount: '0012.50',
      exchangeRate: '03.7500',
      paymentForm: 'Transfer',
      paymentType: 'Salary',
      internalTransferReason: 'Payroll',
      securityDetails: { zeta: 1, a: { y: 'x', b: [1, 2] }, same: 1 },
      correctsTransactionId: first.body.data.id.toUpperCase(),
      tagIds: [tag.id.toUpperCase()],
    });
    const res = await post(t, full);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectContract(transactionEnvelope, res.body);
    // Field by field and in the same order: the same text an integrator gets from GET /transactions/{id}.
    expect(JSON.stringify(res.body.data)).toBe(JSON.stringify(await read(res.body.data.id)));
    expect(res.body.data).toMatchObject({
      amount: '12.50',
      exchangeRate: '3.7500',
      correctsTransactionId: first.body.data.id,
      tags: [expect.objectContaining({ id: tag.id })],
      source: { method: 'BankAccount', iban, countryCode: 'AE', vIban: null },
      sourceBankAccount: expect.objectContaining({ iban }),
      targetWallet: expect.objectContaining({ availableBalance: '1263.000' }),
    });

    // A transaction between bank accounts moves no wallet: the answer has none, and still matches the read.
    const noWallet = await post(t, body(e.id, { source: { method: 'BankAccount', iban, entity: { id: e.id } }, target: { method: 'Cash' } }));
    expect(noWallet.status).toBe(201);
    expect(noWallet.body.data).toMatchObject({ sourceWallet: null, targetWallet: null, direction: 'Debit' });
    expect(JSON.stringify(noWallet.body.data)).toBe(JSON.stringify(await read(noWallet.body.data.id)));
  });

  it('externalRef: the same body is 200 with the stored transaction, another body 409 DUPLICATE_EXTERNAL_REF', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const b = body(e.id);
    const first = await post(t, b);
    expect(first.status).toBe(201);
    const retry = await post(t, { ...b, amount: '1250.500' });
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(retry.body.data.targetWallet.availableBalance).toBe('1250.500');
    const other = await post(t, { ...b, amount: '1250.5' });
    expect(other.status).toBe(409);
    expect(other.body.errorCode).toBe('DUPLICATE_EXTERNAL_REF');
  });

  it('concurrent duplicates of one externalRef store one transaction and move the balance once', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const b = body(e.id, { amount: '10.01' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(t, b)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const n = await withPlatform((tx) => tx.transaction.count({ where: { tenantId: t.id, externalRef: b.externalRef } }));
    expect(n).toBe(1);
    const wallet = await withPlatform((tx) => tx.wallet.findFirst({ where: { tenantId: t.id, vIban: b.target.vIban } }));
    expect(wallet?.availableBalance.toString()).toBe('10.01');
  });

  it('one externalRef sent at once for six different entities: one is stored, five are 409, and only the stored one moves a balance, is audited or alerts', async () => {
    // Different entities take different ingest locks, so the six pass the opening statement together and
    // meet at the INSERT's unique externalRef: the losers insert nothing, and nothing sent behind their
    // INSERT may move, audit or alert. Once without rules (the answer's path with COMMIT sent behind the
    // INSERT), once with a rule that fires for every one of them (the alert path).
    const t = await createTestTenant();
    const entities = await Promise.all(Array.from({ length: 6 }, () => createTestEntity(t.id)));
    for (const withAlerts of [false, true]) {
      if (withAlerts)
        await publishRule(t, {
          code: 'LARGE_RACE',
          nameEn: 'Large amount',
          nameAr: 'مبلغ كبير',
          type: 'Soft',
          severity: 'Medium',
          config: { template: 'LargeAmount', params: { threshold: '100', currency: 'SAR' } },
        });
      const externalRef = `race-${withAlerts}-${Math.random().toString(36).slice(2)}`;
      const bodies = entities.map((e) => body(e.id, { externalRef, amount: '700.07' }));
      const answers = await Promise.all(bodies.map((b) => post(t, b)));
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.errorCode).toBe('DUPLICATE_EXTERNAL_REF');
      const stored = answers.find((a) => a.status === 201)!.body.data;
      expect(stored.triggeredAlerts).toHaveLength(withAlerts ? 1 : 0);
      const counts = await withPlatform(async (tx) => ({
        transactions: await tx.transaction.count({ where: { tenantId: t.id, externalRef } }),
        audits: await tx.auditLog.count({ where: { tenantId: t.id, action: 'transaction.create', targetId: { in: [stored.id] } } }),
        allAudits: await tx.auditLog.count({ where: { tenantId: t.id, action: 'transaction.create', after: { path: ['externalRef'], equals: externalRef } } }),
        alerts: await tx.transactionAlert.count({ where: { tenantId: t.id, transactionId: stored.id } }),
        allAlerts: await tx.transactionAlert.count({ where: { tenantId: t.id, ruleSnapshot: { path: ['code'], equals: 'LARGE_RACE' } } }),
        balances: (await tx.wallet.findMany({ where: { tenantId: t.id, vIban: { in: bodies.map((b) => b.target.vIban) } } })).map((w) =>
          w.availableBalance.toString(),
        ),
      }));
      expect(counts.transactions).toBe(1);
      expect(counts.audits).toBe(1);
      expect(counts.allAudits).toBe(1);
      expect(counts.alerts).toBe(withAlerts ? 1 : 0);
      expect(counts.allAlerts).toBe(withAlerts ? 1 : 0);
      expect(counts.balances.filter((b) => b !== '0').sort()).toEqual(['700.07']);
    }
  });

  it('another tenant cannot see or use the ids (404), and no key is 401', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const e = await createTestEntity(t.id);
    const res = await post(t, body(e.id));
    expect((await post(other, body(e.id))).status).toBe(404);
    expect((await callRoute(getTxRoute, 'GET', '/x', { headers: other.headers, params: { transactionId: res.body.data.id } })).status).toBe(404);
    const list = await callRoute(listTxRoute, 'GET', '/x', { headers: other.headers });
    expect(list.body.meta.totalCount).toBe(0);
    expect((await callRoute(createTxRoute, 'POST', '/x', { body: body(e.id) })).status).toBe(401);
  });
});

describe('rules at ingest', () => {
  it('a Hard rule blocks (stored, balance untouched), alerts gather in one open case, TransactionAlertCreated is emitted', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const large = await publishRule(t, {
      code: 'LARGE',
      nameEn: 'Large amount',
      nameAr: 'مبلغ كبير',
      type: 'Hard',
      severity: 'High',
      config: { template: 'LargeAmount', params: { threshold: '50000', currency: 'SAR' } },
    });
    await publishRule(t, {
      code: 'ROUND',
      nameEn: 'Round',
      nameAr: 'مدور',
      config: { template: 'RoundAmount', params: { unit: '1000', minAmount: '5000', currency: 'sar' } },
    });
    const b = body(e.id, { amount: '50000.00' });
    const res = await post(t, b);
    expect(res.status).toBe(201);
    expectContract(transactionEnvelope, res.body);
    const tx = res.body.data;
    expect(tx).toMatchObject({ status: 'Blocked', isBlocked: true, suspiciousSeverity: 'High' });
    expect(tx.targetWallet.availableBalance).toBe('0');
    expect(tx.triggeredAlerts.map((a: any) => a.transactionRule.code).sort()).toEqual(['LARGE', 'ROUND']);
    const caseIds = new Set(tx.triggeredAlerts.map((a: any) => a.caseId));
    expect(caseIds.size).toBe(1);
    expect(tx.triggeredAlerts[0].transactionRule).toMatchObject({ version: 1 });
    // The answer is built from what the ingest wrote: exactly what a read of the stored transaction shows.
    const read = async (id: string) => (await callRoute(getTxRoute, 'GET', '/x', { headers: t.headers, params: { transactionId: id } })).body.data;
    expect(await read(tx.id)).toEqual(tx);

    const small = await post(t, body(e.id, { amount: '49999.99' }));
    expect(small.body.data).toMatchObject({ status: 'Received', isBlocked: false, triggeredAlerts: [] });
    const second = await post(t, body(e.id, { amount: '6000' }));
    expect(second.body.data.triggeredAlerts).toHaveLength(1);
    expect(second.body.data.triggeredAlerts[0].caseId).toBe([...caseIds][0]);
    expect(second.body.data.targetWallet.availableBalance).toBe('6000');
    expect(await read(second.body.data.id)).toEqual(second.body.data);

    const events = await withPlatform((db) => db.outboxEvent.findMany({ where: { tenantId: t.id, type: 'TransactionAlertCreated' } }));
    expect(events).toHaveLength(3);
    const raised = [...tx.triggeredAlerts, ...second.body.data.triggeredAlerts];
    // Each alert's event and audit row, written with it: what the event says, and the case the audit names.
    for (const alert of raised) {
      expect(events.find((ev) => (ev.payload as any).alertId === alert.id)?.payload).toEqual({
        alertId: alert.id,
        transactionId: alert.transactions[0].id,
        entityId: e.id,
        severity: alert.severity,
        ruleCode: alert.transactionRule.code,
      });
    }
    const audits = await withPlatform((db) => db.auditLog.findMany({ where: { tenantId: t.id, action: 'transactionAlert.create' } }));
    expect(audits.map((a) => a.targetId).sort()).toEqual(raised.map((a: any) => a.id).sort());
    for (const audit of audits) {
      const alert = raised.find((a: any) => a.id === audit.targetId);
      expect(audit).toMatchObject({ actorType: 'system', targetType: 'TransactionAlert' });
      expect(audit.after).toEqual({
        caseId: alert.caseId,
        ruleCode: alert.transactionRule.code,
        ruleVersion: 1,
        severity: alert.severity,
        reason: alert.reasonEn,
      });
    }

    const alerts = await callRoute(listAlertsRoute, 'GET', '/x?ruleId=' + large.id, { headers: t.headers });
    expectContract(alertList, alerts.body);
    expect(alerts.body.meta.totalCount).toBe(1);
    // `assignee=me` is the signed-in user's filter: a tenant system's key is nobody, so it is told so.
    const mine = await callRoute(listAlertsRoute, 'GET', '/x?assignee=me', { headers: t.headers });
    expect(mine.status).toBe(400);
    expect(mine.body.validationErrors).toEqual([expect.stringMatching(/^assignee: `me` names the signed-in user/)]);
    const one = await callRoute(getAlertRoute, 'GET', '/x', { headers: t.headers, params: { alertId: alerts.body.data[0].id } });
    expectContract(alertEnvelope, one.body);
    const list = await callRoute(listTxRoute, 'GET', `/x?entityId=${e.id}&status=Blocked`, { headers: t.headers });
    expectContract(transactionList, list.body);
    expect(list.body.meta.totalCount).toBe(1);
  });

  it('the rules an ingest uses follow every change: publish, deactivate, and rows changed outside the service', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const version = () => withPlatform((db) => db.transactionRuleSet.findUnique({ where: { tenantId: t.id } }).then((r) => Number(r?.version ?? 0)));
    const fired = async (amount: string) => (await post(t, body(e.id, { amount }))).body.data.triggeredAlerts.map((a: any) => a.transactionRule.code);
    expect(await fired('70000')).toEqual([]); // no rules yet: this process now holds the tenant's empty set
    const rule = await publishRule(t, {
      code: 'LARGE',
      nameEn: 'Large amount',
      nameAr: 'مبلغ كبير',
      config: { template: 'LargeAmount', params: { threshold: '50000', currency: 'SAR' } },
    });
    const published = await version();
    expect(published).toBeGreaterThan(0);
    expect(await fired('70000')).toEqual(['LARGE']);
    const officer = await createOfficer(t);
    const off = await callRoute(ruleStatusRoute, 'PATCH', '/x', { headers: officer.headers, params: { ruleId: rule.id }, body: { status: 'Deactivated' } });
    expect(off.status).toBe(200);
    expect(await version()).toBeGreaterThan(published);
    expect(await fired('70000')).toEqual([]);
    // A change made straight in the database (an operator's fix) is seen too: the trigger counts it.
    await withPlatform((db) => db.$executeRaw`UPDATE "TransactionRule" SET status = 'Published' WHERE id = ${rule.id}::uuid`);
    expect(await fired('70000')).toEqual(['LARGE']);
    await withPlatform((db) => db.$executeRaw`DELETE FROM "TransactionAlert" WHERE "ruleId" = ${rule.id}::uuid`);
    await withPlatform((db) => db.$executeRaw`DELETE FROM "TransactionRule" WHERE id = ${rule.id}::uuid`);
    expect(await fired('70000')).toEqual([]);
  });

  it('concurrent parts of a structuring pattern see each other: exactly one alert for three simultaneous deposits', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    await publishRule(t, {
      code: 'STRUCT',
      nameEn: 'Structuring',
      nameAr: 'تجزئة',
      config: { template: 'Structuring', params: { threshold: '10000', marginPercent: 10, minCount: 3, windowHours: 72, currency: 'SAR' } },
    });
    const vIban = `CONC-${e.id}`;
    const answers = await Promise.all(
      ['9500', '9600', '9700'].map((amount, i) =>
        post(
          t,
          body(e.id, {
            amount,
            target: { method: 'Wallet', vIban, entity: { id: e.id } },
            transactionDate: `2026-11-20T10:00:00Z`,
            externalRef: `conc-${i}-${e.id}`,
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.flatMap((a) => a.body.data.triggeredAlerts)).toHaveLength(1);
  });
});
