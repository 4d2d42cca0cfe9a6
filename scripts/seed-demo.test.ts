// `npm run seed:demo`, as a new user runs it: on an empty database it fills every domain a screen
// shows (entities, KYC scores, a screening case, monitoring rules, an alert in its case); run again
// it adds nothing twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as listAlerts } from '@/app/services/crm/alerts/route';
import { GET as listCases } from '@/app/services/crm/cases/route';
import { callRoute } from '@/scripts/testing/api';
import { runScript } from '@/scripts/testing/cli';
import { useTestDatabase } from '@/scripts/testing/db';

const db = useTestDatabase();
const attachments = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-seed-demo-'));

const seedDemo = () => runScript('scripts/seed-demo.ts', db.current().url, [], { env: { ATTACHMENTS_DIR: attachments }, timeoutMs: 170_000 });

describe('npm run seed:demo', () => {
  it('fills every domain on an empty database, and adds nothing twice when run again', async () => {
    const first = await seedDemo();
    expect(first.code, first.stderr).toBe(0);
    const out = JSON.parse(first.stdout);
    expect(out).toMatchObject({
      tenant: 'demo',
      tenantCreated: true,
      entitiesCreated: 11,
      kycSubmitted: 3,
      screeningMatches: 2,
      rulesPublished: 2,
      transactions: 6,
      transactionAlerts: 1,
    });
    const headers = { 'x-api-key': out.apiKey, 'x-tenant': 'demo' };

    const alerts = await callRoute(listAlerts, 'GET', '/services/crm/alerts?status=Open', { headers });
    expect(alerts.status).toBe(200);
    expect(alerts.body.data.map((a: { transactionRule: { code: string } }) => a.transactionRule.code)).toEqual(['STRUCT-10K']);
    const cases = await callRoute(listCases, 'GET', '/services/crm/cases', { headers });
    expect(cases.status).toBe(200);
    const kinds = cases.body.data.map((c: { kind: string; source: string | null }) => `${c.kind}:${c.source ?? '-'}`).sort();
    expect(kinds).toEqual(['Screening:Custom', 'Screening:Custom', 'TransactionMonitoring:-']);

    const again = await seedDemo();
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      tenantCreated: false,
      entitiesCreated: 0,
      kycSubmitted: 0,
      screeningMatches: 2,
      rulesPublished: 0,
      transactions: 0,
      transactionAlerts: 0,
    });
    const casesAgain = await callRoute(listCases, 'GET', '/services/crm/cases', { headers });
    expect(casesAgain.body.data).toHaveLength(3);
  }, 360_000);
});
