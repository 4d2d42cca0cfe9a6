// The profile's history: everything that happened to one client, whatever record the audit row
// names (its KYC, relationships in both directions, screening case and match, bank accounts), newest
// first, and nothing of another entity or another tenant.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POST as createClientRoute } from '@/app/services/crm/entities/client/route';
import { createBankAccount } from '@/lib/bank-accounts/create-bank-account';
import { reviewBankAccount } from '@/lib/bank-accounts/review-bank-account';
import { assignCase, proposeMatchDecision } from '@/lib/cases/review-match';
import { withTenant } from '@/lib/db/tenant-tx';
import { enableKycForm } from '@/lib/kyc/enable-form';
import { getFormTree } from '@/lib/kyc/forms';
import { inviteRelationships } from '@/lib/relationships/invite-relationships';
import { inviteRelationshipsInput } from '@/lib/relationships/schemas';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { defaultFlowForms, kycIdOf, submitBaseForms } from '@/scripts/testing/kyc-factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestAttachment, createTestEntity, individualInput, organizationInput, saudiIban } from '@/scripts/testing/record-factories';
import { importList } from '@/scripts/testing/watchlist';
import { listEntityAuditEvents } from './list-audit-events';
import { writeAudit } from './write-audit';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-audit-trail-${process.pid}`);
const db = useTestDatabase();

describe('listEntityAuditEvents', () => {
  it("shows the entity's KYC, relationship, screening and bank account events with its own, newest first, and no one else's", async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    const [maker, checker] = await Promise.all([createOfficer(tenant), createOfficer(tenant)]);
    const byMaker = { type: 'user' as const, id: maker.id };
    await importList(db.current().pool, 'ListSourceA', [{ externalId: 'T-1', names: [{ value: 'Yousef Ibrahim Al-Mutairi', kind: 'Primary' }] }]);

    // A monitored client whose name is on the list: created with a KYC, a screening case and a match.
    const created = await callRoute(createClientRoute, 'POST', '/services/crm/entities/client', {
      headers: tenant.headers,
      body: {
        ...individualInput({ nameEn: 'Yousef Ibrahim Al-Mutairi', nameAr: 'يوسف إبراهيم المطيري', email: 'yousef@example.sa' }),
        ongoingMonitoring: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const entityId = created.body.data.id as string;
    const { rows: matches } = await db.current().pool.query(`SELECT id, "caseId" FROM "Match" WHERE "entityId" = $1`, [entityId]);
    expect(matches).toHaveLength(1);
    const { id: matchId, caseId } = matches[0];

    // KYC: the base forms submitted, then an Edd form enabled with one question.
    const kycId = await kycIdOf(tenant.id, entityId);
    await submitBaseForms({ tenantId: tenant.id, kycId, actor: byMaker });
    const { forms } = await defaultFlowForms(tenant.id);
    const edd = await getFormTree({ tenantId: tenant.id, formId: forms.Edd! });
    const question = edd.sections.flatMap((s) => s.questions)[0]!;
    await enableKycForm({ tenantId: tenant.id, kycId, formId: edd.id, enabledQuestionIds: [question.id], actor: byMaker });

    // A relationship in which the client is the related person (target), audited on the relationship.
    const company = await createTestEntity(tenant.id, 'Client', organizationInput({ nameEn: 'Najd Trading', nameAr: 'شركة نجد', type: 'Organization' }));
    const invited = await inviteRelationships({
      tenantId: tenant.id,
      input: inviteRelationshipsInput.parse({ sourceEntityId: company.id, targetEntityId: entityId, relationships: [{ type: 'IsDirectorOf' }] }),
      actor: byMaker,
    });
    const relationshipId = invited.data[0]!.id;

    // Screening: a decision proposed on the match, the case assigned.
    await proposeMatchDecision({ tenantId: tenant.id, caseId, matchId, actor: byMaker, decision: 'FalsePositive', comment: 'Different date of birth' });
    await assignCase({ tenantId: tenant.id, caseId, assigneeUserId: checker.id, actor: byMaker });

    // A manual bank account, reviewed.
    const letter = await createTestAttachment(tenant.id, 'pdf', 'bank-letter.pdf');
    const account = await createBankAccount({ tenantId: tenant.id, entityId, iban: saudiIban('05'), attachmentId: letter.id, actor: byMaker });
    await reviewBankAccount({
      tenantId: tenant.id,
      accountId: account.data.id,
      decision: 'Approve',
      comment: 'Checked against the letter',
      actor: { type: 'user', id: checker.id },
    });

    // Someone else's events: another client's bank account review, and another tenant's row naming this KYC.
    const neighbour = await createTestEntity(tenant.id, 'Client', individualInput({ nameEn: 'Huda Al-Saud', nameAr: 'هدى آل سعود', email: 'huda@example.sa' }));
    const theirLetter = await createTestAttachment(tenant.id, 'pdf', 'their-bank-letter.pdf');
    const theirs = await createBankAccount({
      tenantId: tenant.id,
      entityId: neighbour.id,
      iban: saudiIban('05', 1234567890),
      attachmentId: theirLetter.id,
      actor: byMaker,
    });
    await reviewBankAccount({ tenantId: tenant.id, accountId: theirs.data.id, decision: 'Reject', comment: 'Not the holder', actor: byMaker });
    await withTenant(other.id, (tx) =>
      writeAudit(tx, { tenantId: other.id, actor: { type: 'system' }, action: 'kyc.review', targetType: 'Kyc', targetId: kycId }),
    );

    const events = await listEntityAuditEvents({ tenantId: tenant.id, entityId, limit: 200 });
    const seen = events.map((e) => `${e.targetType}:${e.action}`);
    for (const expected of [
      'Entity:entity.create.client',
      'Kyc:kyc.submission',
      'Kyc:kyc.form.enable',
      'Relationship:relationship.create',
      'Match:match.proposed',
      'Case:case.assign',
      'BankAccount:bankAccount.create',
      'BankAccount:bankAccount.review',
    ])
      expect(seen).toContain(expected);
    expect(events.find((e) => e.action === 'relationship.create')).toMatchObject({ targetId: relationshipId, actor: { type: 'user', id: maker.id } });
    expect(events.find((e) => e.action === 'bankAccount.review')).toMatchObject({
      targetId: account.data.id,
      after: expect.objectContaining({ verificationStatus: 'Verified' }),
    });
    // Only this entity's records, only this tenant's rows.
    const ownTargets = new Set([entityId, kycId, relationshipId, caseId, matchId, account.data.id, letter.id]);
    expect(events.filter((e) => !ownTargets.has(e.targetId!)).map((e) => `${e.targetType}:${e.action}`)).toEqual([]);
    expect(events.filter((e) => e.targetId === theirs.data.id)).toEqual([]);
    expect(events.filter((e) => e.action === 'kyc.review')).toEqual([]);
    // Newest first, and the limit holds.
    const times = events.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await listEntityAuditEvents({ tenantId: tenant.id, entityId, limit: 3 })).map((e) => e.id)).toEqual(events.slice(0, 3).map((e) => e.id));

    // The relationship is on the company's trail too; the neighbour's trail has its own account only.
    expect((await listEntityAuditEvents({ tenantId: tenant.id, entityId: company.id })).map((e) => e.targetId)).toContain(relationshipId);
    const neighbours = await listEntityAuditEvents({ tenantId: tenant.id, entityId: neighbour.id });
    expect(neighbours.map((e) => e.action).sort()).toEqual(['attachment.create', 'bankAccount.create', 'bankAccount.review', 'entity.create.client']);
    expect(neighbours.find((e) => e.action === 'attachment.create')?.targetId).toBe(theirLetter.id);
    // Another tenant asking for this entity sees nothing.
    expect(await listEntityAuditEvents({ tenantId: other.id, entityId })).toEqual([]);
  });
});
