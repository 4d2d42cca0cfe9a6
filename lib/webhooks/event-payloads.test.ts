// Every event type the outbox can emit, produced by the real service that emits it, and its stored
// payload (the envelope's `data`, delivered unchanged) parsed with the declared schema made strict at
// every depth: a field the OpenAPI `webhooks` does not list, a missing one or a wrong format fails.
// A type declared in lib/webhooks/events.ts that no step below produces fails too.
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POST as createRuleRoute } from '@/app/services/crm/transaction-rules/route';
import { PATCH as ruleStatusRoute } from '@/app/services/crm/transaction-rules/[ruleId]/status/route';
import { POST as createTransactionRoute } from '@/app/services/crm/transactions/route';
import { POST as inviteRoute } from '@/app/services/crm/entity-relationships/invite/route';
import { createBankAccount } from '@/lib/bank-accounts/create-bank-account';
import { reviewBankAccount } from '@/lib/bank-accounts/review-bank-account';
import { createBulkJob } from '@/lib/bulk/create-bulk-job';
import { runBulkJob } from '@/lib/bulk/process-bulk-job';
import { updateClientStatus } from '@/lib/entities/update-client-status';
import { updateEntity } from '@/lib/entities/update-entity';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { kycIdOf, submitBaseForms } from '@/scripts/testing/kyc-factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestAttachment, createTestEntity, factoryActor, individualInput, organizationInput, saudiIban } from '@/scripts/testing/record-factories';
import { importList } from '@/scripts/testing/watchlist';
import { registerReceiver, useFastWebhookSettings } from '@/scripts/testing/webhooks/fixtures';
import { startReceiver, type Receiver } from '@/scripts/testing/webhooks/receiver';
import { EVENT_TYPES, eventDataSchemas, type EventType } from './events';
import { sendTestEvent } from './test-event';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-event-payloads-${process.pid}`);
useFastWebhookSettings();
const db = useTestDatabase();
let receiver: Receiver | undefined;
afterAll(async () => receiver?.close());

const ok = (res: { status: number; body: unknown }, status: number) => expect(res.status, JSON.stringify(res.body)).toBe(status);

describe('webhook event payloads', () => {
  it('every emitted event type carries exactly its declared schema', async () => {
    const t = await createTestTenant();
    const officer = await createOfficer(t);

    // IntegrationTestUpdate
    receiver = await startReceiver();
    await registerReceiver(t.id, receiver.url);
    await sendTestEvent({ tenantId: t.id });

    // EntityStatusUpdate (with and without a reason), EntityProfileUpdate
    const client = await createTestEntity(t.id);
    await updateClientStatus({ tenantId: t.id, entityId: client.id, status: 'Blocked', reason: 'Sanctions review', actor: factoryActor });
    await updateClientStatus({ tenantId: t.id, entityId: client.id, status: 'Active', actor: factoryActor });
    await updateEntity({ tenantId: t.id, entityId: client.id, changes: { nameEn: 'Mohammed Abdullah Al-Qahtani Jr' }, actor: factoryActor });

    // BankAccountReviewUpdate (approved with no comment, rejected with one)
    for (const [decision, comment] of [
      ['Approve', undefined],
      ['Reject', 'The letter names another holder'],
    ] as const) {
      const doc = await createTestAttachment(t.id, 'pdf', 'bank-letter.pdf');
      const { data: account } = await createBankAccount({
        tenantId: t.id,
        entityId: client.id,
        iban: saudiIban('05'),
        attachmentId: doc.id,
        actor: factoryActor,
      });
      await reviewBankAccount({ tenantId: t.id, accountId: account.id, decision, comment, actor: factoryActor });
    }

    // MonitoredEntityUpdate: a monitored client matching the tenant's own list
    await importList(
      db.current().pool,
      'Custom',
      [{ externalId: 'C-1', names: [{ value: 'Abdulrahman Saleh Al-Zahrani', kind: 'Primary' }], dob: '1970-03-14', nationalityCode: 'SA' }],
      t.id,
    );
    await createTestEntity(
      t.id,
      'Client',
      individualInput({ nameEn: 'Abdulrahman Saleh Al-Zahrani', nameAr: undefined, dobGregorian: '1970-03-14', ongoingMonitoring: true }),
    );

    // KycStatusUpdate: a prospect's base forms submitted
    const prospect = await createTestEntity(t.id, 'Prospect');
    await submitBaseForms({ tenantId: t.id, kycId: await kycIdOf(t.id, prospect.id), actor: factoryActor });

    // BulkJobUpdate
    const job = await createBulkJob({ tenantId: t.id, input: { clients: [individualInput({ nameEn: 'Bulk Client' })] }, actor: factoryActor });
    await runBulkJob({ tenantId: t.id, jobId: job.jobId });

    // TransactionAlertCreated: a published rule that fires
    const rule = await callRoute(createRuleRoute, 'POST', '/x', {
      headers: officer.headers,
      body: {
        code: 'LARGE',
        nameEn: 'Large amount',
        nameAr: 'مبلغ كبير',
        severity: 'High',
        config: { template: 'LargeAmount', params: { threshold: '50000', currency: 'SAR' } },
      },
    });
    ok(rule, 201);
    ok(
      await callRoute(ruleStatusRoute, 'PATCH', '/x', { headers: officer.headers, params: { ruleId: rule.body.data.id }, body: { status: 'Published' } }),
      200,
    );
    ok(
      await callRoute(createTransactionRoute, 'POST', '/x', {
        headers: t.headers,
        body: {
          source: { method: 'External', iban: 'GB82WEST12345698765432' },
          target: { method: 'Wallet', vIban: 'SA00VW0000000001', entity: { id: client.id } },
          externalRef: 'event-payloads-1',
          transactionDate: '2026-11-20T10:00:00Z',
          amount: '60000.00',
          currency: 'SAR',
        },
      }),
      201,
    );

    // RelationshipApprovalUpdate
    const company = await createTestEntity(t.id, 'Client', organizationInput({ nameEn: 'Najd Trading', rawData: undefined, type: 'Organization' }));
    ok(
      await callRoute(inviteRoute, 'POST', '/x', {
        headers: t.headers,
        body: { sourceEntityId: company.id, targetEntityId: client.id, relationships: [{ type: 'IsDirectorOf' }] },
      }),
      201,
    );

    const { rows } = await db
      .current()
      .pool.query<{ type: string; payload: unknown }>(`SELECT type, payload FROM "OutboxEvent" WHERE "tenantId" = $1 ORDER BY "createdAt"`, [t.id]);
    expect([...new Set(rows.map((r) => r.type))].sort()).toEqual([...EVENT_TYPES].sort());
    for (const { type, payload } of rows) expectContract(eventDataSchemas[type as EventType], payload, `${type} payload ${JSON.stringify(payload)}`);
  }, 120_000);
});
