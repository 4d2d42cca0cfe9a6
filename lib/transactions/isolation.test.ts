// Every id of transaction monitoring, used by another tenant (API key or officer session): 404.
import { describe, expect, it } from 'vitest';
import { POST as createTxRoute } from '@/app/services/crm/transactions/route';
import { GET as getTxRoute } from '@/app/services/crm/transactions/[transactionId]/route';
import { POST as createRuleRoute, GET as listRulesRoute } from '@/app/services/crm/transaction-rules/route';
import { GET as getRuleRoute, PATCH as updateRuleRoute } from '@/app/services/crm/transaction-rules/[ruleId]/route';
import { PATCH as ruleStatusRoute } from '@/app/services/crm/transaction-rules/[ruleId]/status/route';
import { GET as templatesRoute } from '@/app/services/crm/transaction-rules/templates/route';
import { POST as backtestRoute } from '@/app/services/crm/transaction-rules/[ruleId]/backtest/route';
import { GET as listAlertsRoute } from '@/app/services/crm/alerts/route';
import { GET as getAlertRoute } from '@/app/services/crm/alerts/[alertId]/route';
import { PATCH as assignRoute } from '@/app/services/crm/alerts/assignee/route';
import { GET as getCaseRoute } from '@/app/services/crm/cases/[caseId]/route';
import { POST as noteRoute } from '@/app/services/crm/cases/[caseId]/notes/route';
import { POST as proposeRoute } from '@/app/services/crm/cases/[caseId]/disposition-proposal/route';
import { GET as strXmlRoute } from '@/app/services/crm/cases/[caseId]/str-report/xml/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestEntity } from '@/scripts/testing/record-factories';
import { withPlatform } from '@/lib/db/tenant-tx';

useTestDatabase();

describe('tenant isolation of transaction monitoring', () => {
  it('another tenant’s transaction, rule, alert and case ids are 404 on every route; lists show nothing', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const officer = await createOfficer(other);
    const owner = await createOfficer(t);
    const e = await createTestEntity(t.id);
    const rule = (
      await callRoute(createRuleRoute, 'POST', '/x', {
        headers: owner.headers,
        body: { code: 'R1', nameEn: 'Any', nameAr: 'أي', config: { template: 'LargeAmount', params: { threshold: '1', currency: 'SAR' } } },
      })
    ).body.data;
    await callRoute(ruleStatusRoute, 'PATCH', '/x', { headers: owner.headers, params: { ruleId: rule.id }, body: { status: 'Published' } });
    const tx = (
      await callRoute(createTxRoute, 'POST', '/x', {
        headers: t.headers,
        body: {
          source: { method: 'Cash' },
          target: { method: 'Wallet', vIban: 'ISO-1', entity: { id: e.id } },
          externalRef: 'iso-1',
          transactionDate: '2026-11-20T10:00:00Z',
          amount: '5',
          currency: 'SAR',
        },
      })
    ).body.data;
    const alert = tx.triggeredAlerts[0];
    expect(alert).toBeDefined();
    const h = other.headers;
    const s = officer.headers;
    const statuses = [
      (await callRoute(getTxRoute, 'GET', '/x', { headers: h, params: { transactionId: tx.id } })).status,
      (await callRoute(getRuleRoute, 'GET', '/x', { headers: h, params: { ruleId: rule.id } })).status,
      (await callRoute(updateRuleRoute, 'PATCH', '/x', { headers: s, params: { ruleId: rule.id }, body: { nameEn: 'x' } })).status,
      (await callRoute(ruleStatusRoute, 'PATCH', '/x', { headers: s, params: { ruleId: rule.id }, body: { status: 'Deactivated' } })).status,
      (await callRoute(backtestRoute, 'POST', '/x', { headers: h, params: { ruleId: rule.id }, body: {} })).status,
      (await callRoute(getAlertRoute, 'GET', '/x', { headers: h, params: { alertId: alert.id } })).status,
      (await callRoute(assignRoute, 'PATCH', '/x', { headers: s, body: { alertIds: [alert.id], assigneeUserId: null } })).status,
      (await callRoute(getCaseRoute, 'GET', '/x', { headers: h, params: { caseId: alert.caseId } })).status,
      (await callRoute(noteRoute, 'POST', '/x', { headers: h, params: { caseId: alert.caseId }, body: { title: 'x', description: 'y' } })).status,
      (await callRoute(proposeRoute, 'POST', '/x', { headers: s, params: { caseId: alert.caseId }, body: { disposition: 'FalsePositive', comment: 'x' } }))
        .status,
      (await callRoute(strXmlRoute, 'GET', '/x', { headers: h, params: { caseId: alert.caseId } })).status,
    ];
    expect(statuses).toEqual(Array(statuses.length).fill(404));
    expect((await callRoute(listRulesRoute, 'GET', '/x', { headers: h })).body.data).toEqual([]);
    expect((await callRoute(listAlertsRoute, 'GET', '/x', { headers: h })).body.meta.totalCount).toBe(0);
    // An officer of the owning tenant assigning to an officer of another tenant: 404 too.
    const mine = owner;
    expect((await callRoute(assignRoute, 'PATCH', '/x', { headers: mine.headers, body: { alertIds: [alert.id], assigneeUserId: officer.id } })).status).toBe(
      404,
    );
    // No key: 401; an rm session cannot write rules: 403.
    expect((await callRoute(listAlertsRoute, 'GET', '/x')).status).toBe(401);
    const rm = await createOfficer(t, 'rm');
    expect(
      (
        await callRoute(createRuleRoute, 'POST', '/x', {
          headers: rm.headers,
          body: { code: 'R2', nameEn: 'a', nameAr: 'ب', config: { template: 'RoundAmount', params: {} } },
        })
      ).status,
    ).toBe(403);
  });

  it('rule writes are officer-only: an API key is 401, an rm session 403, no credential 401; API keys still read and back-test; the audit names the officer', async () => {
    const t = await createTestTenant();
    const officer = await createOfficer(t);
    const admin = await createOfficer(t, 'admin');
    const rm = await createOfficer(t, 'rm');
    const body = {
      code: 'R-AUTH',
      nameEn: 'Round',
      nameAr: 'مبالغ مدورة',
      config: { template: 'RoundAmount', params: { unit: '10000', minAmount: '50000', currency: 'SAR' } },
    };
    const create = (headers: Record<string, string>, b: unknown = body) => callRoute(createRuleRoute, 'POST', '/x', { headers, body: b });
    const edit = (headers: Record<string, string>, ruleId: string) =>
      callRoute(updateRuleRoute, 'PATCH', '/x', { headers, params: { ruleId }, body: { nameEn: 'Round amounts' } });
    const publish = (headers: Record<string, string>, ruleId: string) =>
      callRoute(ruleStatusRoute, 'PATCH', '/x', { headers, params: { ruleId }, body: { status: 'Published' } });

    expect((await create(t.headers)).status).toBe(401);
    expect((await create(rm.headers)).status).toBe(403);
    expect((await create({})).status).toBe(401);
    const created = await create(officer.headers);
    expect(created.status).toBe(201);
    const ruleId = created.body.data.id as string;
    expect([(await edit(t.headers, ruleId)).status, (await edit(rm.headers, ruleId)).status, (await edit({}, ruleId)).status]).toEqual([401, 403, 401]);
    expect([(await publish(t.headers, ruleId)).status, (await publish(rm.headers, ruleId)).status, (await publish({}, ruleId)).status]).toEqual([
      401, 403, 401,
    ]);
    expect((await edit(admin.headers, ruleId)).status).toBe(200);
    expect((await publish(officer.headers, ruleId)).status).toBe(200);
    // Nothing the refused calls tried took effect.
    const read = await callRoute(getRuleRoute, 'GET', '/x', { headers: t.headers, params: { ruleId } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ nameEn: 'Round amounts', status: 'Published' });
    expect((await callRoute(listRulesRoute, 'GET', '/x', { headers: t.headers })).body.data).toHaveLength(1);
    expect((await callRoute(templatesRoute, 'GET', '/x', { headers: t.headers })).status).toBe(200);
    expect((await callRoute(backtestRoute, 'POST', '/x', { headers: t.headers, params: { ruleId }, body: {} })).status).toBe(200);
    expect((await callRoute(backtestRoute, 'POST', '/x', { headers: rm.headers, params: { ruleId }, body: {} })).status).toBe(403);
    const audit = await withPlatform((db) =>
      db.auditLog.findMany({
        where: { tenantId: t.id, targetId: ruleId },
        orderBy: { createdAt: 'asc' },
        select: { action: true, actorType: true, actorId: true },
      }),
    );
    expect(audit).toEqual([
      { action: 'transactionRule.create', actorType: 'user', actorId: officer.id },
      { action: 'transactionRule.update', actorType: 'user', actorId: admin.id },
      { action: 'transactionRule.publish', actorType: 'user', actorId: officer.id },
    ]);
  });
});
