import { describe, expect, it } from 'vitest';
import { POST as createTxRoute } from '@/app/services/crm/transactions/route';
import { POST as createRuleRoute, GET as listRulesRoute } from '@/app/services/crm/transaction-rules/route';
import { GET as listTemplatesRoute } from '@/app/services/crm/transaction-rules/templates/route';
import { PATCH as updateRuleRoute } from '@/app/services/crm/transaction-rules/[ruleId]/route';
import { PATCH as ruleStatusRoute } from '@/app/services/crm/transaction-rules/[ruleId]/status/route';
import { POST as backtestRoute } from '@/app/services/crm/transaction-rules/[ruleId]/backtest/route';
import { GET as getCaseRoute } from '@/app/services/crm/cases/[caseId]/route';
import { GET as listCasesRoute } from '@/app/services/crm/cases/route';
import { POST as proposeRoute } from '@/app/services/crm/cases/[caseId]/disposition-proposal/route';
import { POST as decideRoute } from '@/app/services/crm/cases/[caseId]/disposition-decision/route';
import { POST as noteRoute } from '@/app/services/crm/cases/[caseId]/notes/route';
import { GET as strXmlRoute } from '@/app/services/crm/cases/[caseId]/str-report/xml/route';
import { PATCH as assignRoute } from '@/app/services/crm/alerts/assignee/route';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { PUT as assignCaseRoute } from '@/app/services/crm/cases/[caseId]/assignee/route';
import { GET as getAlertRoute } from '@/app/services/crm/alerts/[alertId]/route';
import { GET as getEntityRoute } from '@/app/services/crm/entities/[entityId]/route';
import { GET as getTxRoute } from '@/app/services/crm/transactions/[transactionId]/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestEntity } from '@/scripts/testing/record-factories';
import { withPlatform } from '@/lib/db/tenant-tx';
import { caseEnvelope } from '@/lib/cases/schemas';
import { getMyWorkCounts, getWorklistCounts } from '@/lib/entities/get-worklist-counts';
import { XMLParser } from 'fast-xml-parser';
import { backtestResult, ruleEnvelope, ruleList, templateList } from './schemas';
import { goamlNames } from './str-xml';

useTestDatabase();

// Two days ago at midnight: the back-test looks at the last N days from now.
const BASE = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 2 * 86_400_000;

const STRUCTURING = {
  code: 'STRUCT',
  nameEn: 'Structuring below 10,000',
  nameAr: 'تجزئة المبالغ دون 10,000',
  severity: 'High',
  config: { template: 'Structuring', params: { threshold: '10000', marginPercent: 10, minCount: 3, windowHours: 72, currency: 'SAR' } },
};

async function structuringCase(t: TestTenant) {
  const e = await createTestEntity(t.id);
  // Rules are written by an officer (session), never with the API key.
  const ruler = await createOfficer(t);
  const rule = await callRoute(createRuleRoute, 'POST', '/x', { headers: ruler.headers, body: STRUCTURING });
  expectContract(ruleEnvelope, rule.body);
  await callRoute(ruleStatusRoute, 'PATCH', '/x', { headers: ruler.headers, params: { ruleId: rule.body.data.id }, body: { status: 'Published' } });
  const send = (amount: string, hour: number, ref = `s-${hour}-${e.id}`) =>
    callRoute(createTxRoute, 'POST', '/x', {
      headers: t.headers,
      body: {
        source: { method: 'BankAccount', iban: 'SA0380000000608010167519' },
        target: { method: 'Wallet', vIban: `VW-${e.id}`, entity: { id: e.id } },
        externalRef: ref,
        transactionDate: new Date(BASE + hour * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        amount,
        currency: 'Sar',
      },
    });
  const answers = [await send('9500', 8), await send('9800.50', 9), await send('9900', 10)];
  return { e, rule: rule.body.data, answers, send, ruler };
}

describe('transaction-monitoring cases', () => {
  it('structuring gathers alerts in the case; maker proposes, the same officer cannot approve, another approves; Reported creates the STR draft', async () => {
    const t = await createTestTenant();
    const maker = await createOfficer(t);
    const checker = await createOfficer(t);
    const rm = await createOfficer(t, 'rm');
    const { answers, send } = await structuringCase(t);
    expect(answers[0]!.body.data.triggeredAlerts).toEqual([]);
    expect(answers[1]!.body.data.triggeredAlerts).toEqual([]);
    const alert = answers[2]!.body.data.triggeredAlerts[0];
    expect(alert.transactions.map((x: any) => x.amount)).toEqual(['9900', '9800.50', '9500']);
    expect(alert.reasonEn.replace(/\u00a0/g, ' ')).toContain('3 amounts between SAR 9,000.00 and SAR 10,000.00');
    const fourth = await send('9999', 11);
    const caseId = alert.caseId;
    expect(fourth.body.data.triggeredAlerts[0].caseId).toBe(caseId);

    const c = await callRoute(getCaseRoute, 'GET', '/x', { headers: maker.headers, params: { caseId } });
    expect(c.status).toBe(200);
    expectContract(caseEnvelope.shape.data, c.body);
    expect(c.body).toMatchObject({ kind: 'TransactionMonitoring', status: 'Pending' });
    expect(c.body.transactionAlerts).toHaveLength(2);
    // The queue says what the case holds: its open alerts (a screening case: its matches).
    expect(c.body.indicatorSummaries).toEqual([{ count: 2, category: 'TransactionAlert', isNetwork: false }]);
    const queue = async (query: Record<string, string>) =>
      (await callRoute(listCasesRoute, 'GET', `/x?${new URLSearchParams(query)}`, { headers: maker.headers })).body;
    const listed = await queue({ kind: 'TransactionMonitoring' });
    expectContract(caseEnvelope.shape.data, listed.data[0]);
    expect(listed.data.map((x: any) => [x.id, x.indicatorSummaries[0]?.count])).toEqual([[caseId, 2]]);
    expect((await queue({ kind: 'Screening' })).data).toEqual([]);
    // The dashboard counts each kind apart (a transaction-monitoring case is not a screening case).
    expect(await getWorklistCounts({ tenantId: t.id })).toMatchObject({ openScreeningCases: 0, openMonitoringCases: 1, openAlerts: 2 });
    expect((await queue({ assignee: 'me' })).data).toEqual([]);
    const keyMine = await callRoute(listCasesRoute, 'GET', '/x?assignee=me', { headers: t.headers });
    expect(keyMine.status).toBe(400);
    expect(keyMine.body.validationErrors).toEqual([expect.stringMatching(/^assignee: `me` names the signed-in user/)]);

    const note = await callRoute(noteRoute, 'POST', '/x', {
      headers: maker.headers,
      params: { caseId },
      body: { title: 'Pattern', description: 'Four deposits just under 10,000 in four hours.', alertId: alert.id },
    });
    expect(note.status).toBe(201);
    expect(note.body.data.createdBy.id).toBe(maker.id);

    const assign = await callRoute(assignRoute, 'PATCH', '/x', { headers: maker.headers, body: { alertIds: [alert.id], assigneeUserId: maker.id } });
    expect(assign.body.data.updated).toBe(1);
    expect((await callRoute(getAlertRoute, 'GET', '/x', { headers: t.headers, params: { alertId: alert.id } })).body.data.assignee.id).toBe(maker.id);
    // The dashboard's "Your work": the maker's own open alert, nobody else's.
    expect(await getMyWorkCounts({ tenantId: t.id, userId: maker.id })).toEqual({ myOpenCases: 0, myOpenAlerts: 1 });
    expect(await getMyWorkCounts({ tenantId: t.id, userId: rm.id })).toEqual({ myOpenCases: 0, myOpenAlerts: 0 });
    const caseAssigned = await callRoute(assignCaseRoute, 'PUT', '/x', { headers: maker.headers, params: { caseId }, body: { assigneeUserId: maker.id } });
    expect(caseAssigned.status).toBe(200);
    expect(await getMyWorkCounts({ tenantId: t.id, userId: maker.id })).toEqual({ myOpenCases: 1, myOpenAlerts: 1 });

    expect(
      (await callRoute(proposeRoute, 'POST', '/x', { headers: rm.headers, params: { caseId }, body: { disposition: 'Reported', comment: 'x' } })).status,
    ).toBe(403);
    expect(
      (await callRoute(proposeRoute, 'POST', '/x', { headers: t.headers, params: { caseId }, body: { disposition: 'Reported', comment: 'x' } })).status,
    ).toBe(401);
    const noComment = await callRoute(proposeRoute, 'POST', '/x', {
      headers: maker.headers,
      params: { caseId },
      body: { disposition: 'Reported', comment: '' },
    });
    expect(noComment.status).toBe(400);

    const proposed = await callRoute(proposeRoute, 'POST', '/x', {
      headers: maker.headers,
      params: { caseId },
      body: { disposition: 'Reported', comment: 'Structuring to avoid the 10,000 reporting line.' },
    });
    expect(proposed.status).toBe(200);
    expectContract(caseEnvelope, proposed.body);
    expect(proposed.body.data).toMatchObject({ status: 'PendingApproval', proposedDisposition: 'Reported', makerUserId: maker.id });

    const self = await callRoute(decideRoute, 'POST', '/x', { headers: maker.headers, params: { caseId }, body: { approve: true } });
    expect(self.status).toBe(403);
    expect(self.body.errorCode).toBe('FOUR_EYES_REQUIRED');

    const approved = await callRoute(decideRoute, 'POST', '/x', { headers: checker.headers, params: { caseId }, body: { approve: true, comment: 'Agreed.' } });
    expect(approved.status).toBe(200);
    expectContract(caseEnvelope, approved.body);
    expect(approved.body.data).toMatchObject({
      status: 'Closed',
      disposition: 'Reported',
      makerUserId: maker.id,
      checkerUserId: checker.id,
      proposedDisposition: null,
    });
    expect(approved.body.data.decisions.map((d: any) => d.action)).toEqual(['Proposed', 'Approved']);
    expect(approved.body.data.transactionAlerts.every((a: any) => a.status === 'Closed' && a.isCorrect === true)).toBe(true);
    // A closed alert keeps the officer who handled it: reassigning or unassigning it is refused.
    for (const assigneeUserId of [checker.id, null]) {
      const reassign = await callRoute(assignRoute, 'PATCH', '/x', { headers: checker.headers, body: { alertIds: [alert.id], assigneeUserId } });
      expect(reassign.status).toBe(409);
      expect(reassign.body.message).toEqual({ en: en.errorDetails.alertClosed, ar: ar.errorDetails.alertClosed });
    }
    expect((await callRoute(getAlertRoute, 'GET', '/x', { headers: t.headers, params: { alertId: alert.id } })).body.data.assignee.id).toBe(maker.id);
    expect(approved.body.data.strReport).toMatchObject({ status: 'Draft', caseId });
    expect(approved.body.data.indicatorSummaries).toEqual([]);

    const xml = await callRoute(strXmlRoute, 'GET', '/x', { headers: t.headers, params: { caseId } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml');
    expect(xml.body).toContain('<report_code>STR</report_code>');
    expect(xml.body).toContain('<amount_local>9800.50</amount_local>');
    expect(xml.body).toContain('<indicator>STRUCT</indicator>');
    expect(xml.body).toContain('Structuring to avoid the 10,000 reporting line.');
    // goAML's layout: the approving officer reports, the parties under from_/to_ names, names apart.
    const report = new XMLParser({ parseTagValue: false }).parse(xml.body).report;
    const checkerUser = await withPlatform((db) => db.user.findUniqueOrThrow({ where: { id: checker.id } }));
    expect(report.reporting_person).toEqual({ ...goamlNames(checkerUser.displayName), email: checkerUser.email });
    expect(report.reporting_person.last_name).not.toBe('');
    const credit = [report.transaction].flat().find((x: any) => x.amount_local === '9800.50');
    expect(Object.keys(credit.t_from).filter((k) => k !== 'from_country')).toEqual(['from_funds_code', 'from_account']);
    expect(credit.t_from.from_account).toEqual({ account: 'SA0380000000608010167519', iban: 'SA0380000000608010167519' });
    expect(Object.keys(credit.t_to_my_client).filter((k) => k !== 'to_country')).toEqual(['to_funds_code', 'to_person']);
    expect(credit.t_to_my_client.to_person.last_name).not.toBe('');
    expect(JSON.stringify(report)).not.toContain(checker.id);

    const reviewed = await withPlatform((db) => db.transaction.findMany({ where: { tenantId: t.id }, select: { reviewStatus: true } }));
    expect(reviewed.map((r) => r.reviewStatus).sort()).toEqual(['Reported', 'Reported', 'Reported', 'Reported']);
    expect(
      await withPlatform((db) => db.auditLog.count({ where: { tenantId: t.id, action: { in: ['case.dispositionProposed', 'case.dispositionApproved'] } } })),
    ).toBe(2);

    // A closed case takes no more decisions; a new alert opens a new case.
    expect(
      (await callRoute(proposeRoute, 'POST', '/x', { headers: maker.headers, params: { caseId }, body: { disposition: 'FalsePositive', comment: 'x' } }))
        .status,
    ).toBe(409);
    const after = await send('9999.99', 12);
    expect(after.body.data.triggeredAlerts[0].caseId).not.toBe(caseId);
  });

  it('a rejected proposal returns the case to InReview; another tenant’s case is 404', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const maker = await createOfficer(t);
    const checker = await createOfficer(t);
    const stranger = await createOfficer(other);
    const { answers } = await structuringCase(t);
    const caseId = answers[2]!.body.data.triggeredAlerts[0].caseId;
    expect((await callRoute(getCaseRoute, 'GET', '/x', { headers: other.headers, params: { caseId } })).status).toBe(404);
    expect(
      (await callRoute(proposeRoute, 'POST', '/x', { headers: stranger.headers, params: { caseId }, body: { disposition: 'FalsePositive', comment: 'x' } }))
        .status,
    ).toBe(404);
    await callRoute(proposeRoute, 'POST', '/x', {
      headers: maker.headers,
      params: { caseId },
      body: { disposition: 'FalsePositive', comment: 'Salary top-ups.' },
    });
    const noReason = await callRoute(decideRoute, 'POST', '/x', { headers: checker.headers, params: { caseId }, body: { approve: false } });
    expect(noReason.status).toBe(400);
    const rejected = await callRoute(decideRoute, 'POST', '/x', {
      headers: checker.headers,
      params: { caseId },
      body: { approve: false, comment: 'Ask for payslips first.' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'InReview', makerUserId: null, disposition: null });
    // After a rejection the former checker may propose, and the former maker may check.
    await callRoute(proposeRoute, 'POST', '/x', {
      headers: checker.headers,
      params: { caseId },
      body: { disposition: 'FalsePositive', comment: 'Payslips received.' },
    });
    const closed = await callRoute(decideRoute, 'POST', '/x', { headers: maker.headers, params: { caseId }, body: { approve: true } });
    expect(closed.body.data).toMatchObject({ status: 'Closed', disposition: 'FalsePositive', strReport: null });
    expect(closed.body.data.transactionAlerts[0].isCorrect).toBe(false);
    expect((await callRoute(strXmlRoute, 'GET', '/x', { headers: t.headers, params: { caseId } })).status).toBe(404);
  });

  it('a rule currency must be an ISO 4217 code: three other letters are 400 naming config.params.currency, on create and on edit', async () => {
    const t = await createTestTenant();
    const ruler = await createOfficer(t);
    const body = (currency: string) => ({
      ...STRUCTURING,
      code: `CUR-${currency}`,
      config: { ...STRUCTURING.config, params: { ...STRUCTURING.config.params, currency } },
    });
    const refused = await callRoute(createRuleRoute, 'POST', '/x', { headers: ruler.headers, body: body('xyz') });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'VALIDATION_ERROR', validationErrors: ['config.params.currency: unknown ISO 4217 currency code'] });
    const created = await callRoute(createRuleRoute, 'POST', '/x', { headers: ruler.headers, body: body('usd') });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.config.params.currency).toBe('USD');
    const edit = await callRoute(updateRuleRoute, 'PATCH', '/x', {
      headers: ruler.headers,
      params: { ruleId: created.body.data.id },
      body: { config: { ...STRUCTURING.config, params: { ...STRUCTURING.config.params, currency: 'XYZ' } } },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.validationErrors).toEqual(['config.params.currency: unknown ISO 4217 currency code']);
  });

  it('templates and rules say what each parameter accepts (choices, default, bounds), also for a rule stored with an older description', async () => {
    const t = await createTestTenant();
    const templates = await callRoute(listTemplatesRoute, 'GET', '/x', { headers: t.headers });
    expect(templates.status).toBe(200);
    expectContract(templateList, templates.body);
    const template = templates.body.data.find((d: { template: string }) => d.template === 'Structuring');
    expect(template).toMatchObject({ nameEn: 'Structuring (just under a threshold)', nameAr: 'تجزئة المبالغ (دون الحد بقليل)' });
    const structuring = template.configVariables;
    expect(structuring.marginPercent).toMatchObject({ type: 'integer', optional: false, minimum: 1, maximum: 50, labelEn: 'Margin under the threshold (%)' });
    expect(structuring.marginPercent.labelAr).toBe('الهامش دون الحد (٪)');
    expect(structuring.direction).toMatchObject({ type: 'enum', optional: true, values: ['Any', 'Credit', 'Debit'], default: 'Any' });
    expect(structuring.threshold).toMatchObject({ type: 'decimal', optional: false });
    expect(structuring.threshold.minimum).toBeUndefined();

    const ruler = await createOfficer(t);
    const outside = await callRoute(createRuleRoute, 'POST', '/x', {
      headers: ruler.headers,
      body: { ...STRUCTURING, config: { ...STRUCTURING.config, params: { ...STRUCTURING.config.params, marginPercent: 51 } } },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.validationErrors).toEqual(['config.params.marginPercent: Too big: expected number to be <=50']);
    const created = await callRoute(createRuleRoute, 'POST', '/x', { headers: ruler.headers, body: STRUCTURING });
    expect(created.status).toBe(201);
    expect(created.body.data.configVariables).toEqual(structuring);
    // A row written before the description named bounds and choices answers the template's description as it stands.
    await withPlatform((tx) =>
      tx.transactionRule.update({
        where: { id: created.body.data.id },
        data: { configVariables: { marginPercent: { type: 'integer', optional: false }, direction: { type: 'enum', optional: true } } },
      }),
    );
    const listed = await callRoute(listRulesRoute, 'GET', '/x', { headers: t.headers });
    expectContract(ruleList, listed.body);
    expect(listed.body.data.find((r: { id: string }) => r.id === created.body.data.id).configVariables).toEqual(structuring);
  });

  it('a new rule version never rewrites old alerts; the back-test counts the edited version beside the current one', async () => {
    const t = await createTestTenant();
    const { rule, answers, send, ruler } = await structuringCase(t);
    const old = answers[2]!.body.data.triggeredAlerts[0];
    const edited = { template: 'Structuring', params: { ...STRUCTURING.config.params, minCount: 2 } };
    const bt = await callRoute(backtestRoute, 'POST', '/x', { headers: t.headers, params: { ruleId: rule.id }, body: { days: 30, config: edited } });
    expect(bt.status, JSON.stringify(bt.body)).toBe(200);
    expectContract(backtestResult, bt.body);
    // Current (3 in 72 h): only the third deposit. Edited (2 in 72 h): the second and the third.
    expect(bt.body.data).toMatchObject({ transactions: 3, current: { version: 1, alerts: 1, entities: 1 }, proposed: { alerts: 2, entities: 1 } });
    const badBt = await callRoute(backtestRoute, 'POST', '/x', {
      headers: t.headers,
      params: { ruleId: rule.id },
      body: { config: { template: 'Structuring', params: { threshold: 'ten' } } },
    });
    expect(badBt.status).toBe(400);
    expect(badBt.body.validationErrors.join(' ')).toContain('config.params.threshold');

    const updated = await callRoute(updateRuleRoute, 'PATCH', '/x', { headers: ruler.headers, params: { ruleId: rule.id }, body: { config: edited } });
    expect(updated.body.data.version).toBe(2);
    const next = await send('9100', 13);
    expect(next.body.data.triggeredAlerts[0].transactionRule).toMatchObject({ version: 2, config: { params: { minCount: 2 } } });
    const oldAgain = await callRoute(getAlertRoute, 'GET', '/x', { headers: t.headers, params: { alertId: old.id } });
    expect(oldAgain.body.data.transactionRule).toMatchObject({ version: 1, config: { params: { minCount: 3 } } });
    const audit = await withPlatform((db) => db.auditLog.findFirst({ where: { tenantId: t.id, action: 'transactionRule.update' } }));
    expect(audit?.before).toMatchObject({ version: 1 });
    expect(audit?.after).toMatchObject({ version: 2 });
    // The template's description is not an officer's choice: the trail keeps what they set.
    expect(audit?.after).not.toHaveProperty('configVariables');
    expect(audit).toMatchObject({ actorType: 'user', actorId: ruler.id });
  });

  it('a transfer between two monitored entities raises each its own alerts in its own new case, and both count it', async () => {
    const t = await createTestTenant();
    const [payer, payee] = [await createTestEntity(t.id), await createTestEntity(t.id)];
    const ruler = await createOfficer(t);
    const large = {
      code: 'LARGE',
      nameEn: 'Large amount',
      nameAr: 'مبلغ كبير',
      severity: 'High',
      config: { template: 'LargeAmount', params: { threshold: '50000', currency: 'SAR' } },
    };
    const round = {
      code: 'ROUND',
      nameEn: 'Round amount',
      nameAr: 'مبلغ مدور',
      config: { template: 'RoundAmount', params: { unit: '1000', minAmount: '5000', currency: 'SAR' } },
    };
    for (const rule of [large, round]) {
      const created = await callRoute(createRuleRoute, 'POST', '/x', { headers: ruler.headers, body: rule });
      await callRoute(ruleStatusRoute, 'PATCH', '/x', { headers: ruler.headers, params: { ruleId: created.body.data.id }, body: { status: 'Published' } });
    }
    const res = await callRoute(createTxRoute, 'POST', '/x', {
      headers: t.headers,
      body: {
        source: { method: 'Wallet', vIban: `VW-${payer.id}`, entity: { id: payer.id } },
        target: { method: 'Wallet', vIban: `VW-${payee.id}`, entity: { id: payee.id } },
        externalRef: `two-${payer.id}`,
        transactionDate: new Date(BASE).toISOString(),
        amount: '60000',
        currency: 'SAR',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const alerts = res.body.data.triggeredAlerts;
    // Both rules for both parties: four alerts, two per entity, each entity's in its own case.
    expect(alerts.map((a: any) => `${a.entityId === payer.id ? 'payer' : 'payee'}:${a.transactionRule.code}`).sort()).toEqual([
      'payee:LARGE',
      'payee:ROUND',
      'payer:LARGE',
      'payer:ROUND',
    ]);
    const caseOf = (entityId: string) => new Set(alerts.filter((a: any) => a.entityId === entityId).map((a: any) => a.caseId));
    expect(caseOf(payer.id).size).toBe(1);
    expect(caseOf(payee.id).size).toBe(1);
    expect([...caseOf(payer.id)][0]).not.toBe([...caseOf(payee.id)][0]);
    // The answer is what a read of the stored transaction shows, and each entity counts its new case.
    const read = await callRoute(getTxRoute, 'GET', '/x', { headers: t.headers, params: { transactionId: res.body.data.id } });
    expect(read.body.data).toEqual(res.body.data);
    for (const entity of [payer, payee]) {
      const doc = (await callRoute(getEntityRoute, 'GET', '/x', { headers: t.headers, params: { entityId: entity.id } })).body;
      expect(doc).toMatchObject({ caseCount: 1, reviewStatus: { isUnderReview: true } });
    }
  });

  it('the entity’s caseCount counts its transaction-monitoring cases, and isUnderReview follows the open one', async () => {
    const t = await createTestTenant();
    const maker = await createOfficer(t);
    const checker = await createOfficer(t);
    const { e, answers, send } = await structuringCase(t);
    const entity = async () => (await callRoute(getEntityRoute, 'GET', '/x', { headers: t.headers, params: { entityId: e.id } })).body;
    expect(await entity()).toMatchObject({ caseCount: 1, reviewStatus: { isUnderReview: true } });
    // More alerts in the same open case: still one case.
    await send('9990', 11);
    expect((await entity()).caseCount).toBe(1);
    const caseId = answers[2]!.body.data.triggeredAlerts[0].caseId;
    await callRoute(proposeRoute, 'POST', '/x', { headers: maker.headers, params: { caseId }, body: { disposition: 'FalsePositive', comment: 'Salary.' } });
    await callRoute(decideRoute, 'POST', '/x', { headers: checker.headers, params: { caseId }, body: { approve: true } });
    expect(await entity()).toMatchObject({ caseCount: 1, reviewStatus: { isUnderReview: false } });
    // The next alert opens a second case.
    const next = await send('9995', 12);
    expect(next.body.data.triggeredAlerts[0].caseId).not.toBe(caseId);
    expect(await entity()).toMatchObject({ caseCount: 2, reviewStatus: { isUnderReview: true } });
  });
});
