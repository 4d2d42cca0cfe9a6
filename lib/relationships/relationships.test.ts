import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as inviteRoute } from '@/app/services/crm/entity-relationships/invite/route';
import { POST as decisionRoute } from '@/app/services/crm/entity-relationships/[relationshipId]/decision/route';
import { POST as resendRoute } from '@/app/services/crm/entity-relationships/[relationshipId]/resend/route';
import { POST as notesRoute } from '@/app/services/crm/notes/route';
import { GET as getEntityRoute } from '@/app/services/crm/entities/[entityId]/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { sessionHeaders } from '@/scripts/testing/session';
import { createTestAttachment, createTestEntity, individualInput, organizationInput, saudiNumber } from '@/scripts/testing/record-factories';
import { entityProfileSchema, ENTITY_ROLES, ENTITY_STATUSES, ENTITY_TYPES } from '@/lib/entities/schemas';
import { noteEnvelope } from '@/lib/notes/schemas';
import { relationshipEnvelope, relationshipListEnvelope, relationshipPartySchema } from './schemas';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-rel-${process.pid}`);
process.env.API_RATE_LIMIT_PER_SECOND = '100000';
process.env.API_RATE_LIMIT_BURST = '100000';
const db = useTestDatabase();

let alpha: TestTenant;
let beta: TestTenant;
beforeAll(async () => {
  alpha = await createTestTenant({ nameEn: 'Alpha Capital', nameAr: 'ألفا كابيتال' });
  beta = await createTestTenant();
});

const invite = (tenant: TestTenant, body: unknown, headers: Record<string, string> = tenant.headers) =>
  callRoute(inviteRoute, 'POST', '/services/crm/entity-relationships/invite', { headers, body });
const profile = (tenant: TestTenant, entityId: string) =>
  callRoute(getEntityRoute, 'GET', `/services/crm/entities/${entityId}`, { headers: tenant.headers, params: { entityId } });
const org = (tenantId: string, nameEn: string) =>
  createTestEntity(tenantId, 'Client', organizationInput({ nameEn, nameAr: `شركة ${nameEn}`, rawData: undefined, type: 'Organization' }));
const person = (tenantId: string, nameEn: string, email?: string | null) =>
  createTestEntity(
    tenantId,
    'Client',
    individualInput({
      nameEn,
      nameAr: `السيد ${nameEn}`,
      email: email === null ? undefined : (email ?? `${nameEn.toLowerCase().replace(/\W/g, '.')}@example.sa`),
    }),
  );
const rows = async (sql: string, params: unknown[] = []) => (await db.current().pool.query(sql, params)).rows;

describe('POST /entity-relationships/invite', () => {
  it('without confirmation: Approved at once, on both profiles with the other side summarised, audited, RelationshipApprovalUpdate', async () => {
    const company = await org(alpha.id, 'Najd Trading');
    const director = await person(alpha.id, 'Huda Al-Saud');
    const res = await invite(alpha, {
      sourceEntityId: company.id,
      targetEntityId: director.id,
      relationships: [
        { type: 'IsDirectorOf', validFrom: '2024-01-01T00:00:00+03:00', validTo: '2027-12-31T21:00:00Z', isPrimary: true },
        { type: 'IsShareholderOf', ownershipPercent: '12.5', contribution: { totalCountInUnits: 1250, totalCashInUnits: 125000 }, uboConnection: 'Direct' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { data } = expectContract(relationshipListEnvelope, res.body);
    expect(data.map((r) => [r.type, r.approvalStatus])).toEqual([
      ['IsDirectorOf', 'Approved'],
      ['IsShareholderOf', 'Approved'],
    ]);
    expect(data[0]).toMatchObject({
      validFrom: '2023-12-31T21:00:00Z',
      validTo: '2027-12-31T21:00:00Z',
      isPrimary: true,
      sourceEntityId: company.id,
      targetEntityId: director.id,
      sourceEntity: { id: company.id, type: 'Organization', nameEn: 'Najd Trading' },
      targetEntity: { id: director.id, type: 'Individual', nameEn: 'Huda Al-Saud' },
      decision: { by: 'System', reason: 'No confirmation required' },
      contribution: null,
    });
    expect(data[1]).toMatchObject({ ownershipPercent: '12.5', contribution: { totalCountInUnits: 1250, totalCashInUnits: 125000, totalInKindInUnits: null } });

    for (const side of [company.id, director.id]) {
      const body = expectContract(entityProfileSchema, (await profile(alpha, side)).body);
      expect(body.relationships.map((r) => r.id)).toEqual(data.map((r) => r.id));
    }
    const audit = await rows(`SELECT action, "actorType" FROM "AuditLog" WHERE "targetType" = 'Relationship' AND "targetId" = $1`, [data[0]!.id]);
    expect(audit).toEqual([{ action: 'relationship.create', actorType: 'apiKey' }]);
    const events = await rows(`SELECT payload FROM "OutboxEvent" WHERE type = 'RelationshipApprovalUpdate' AND payload->>'relationshipId' = $1`, [data[0]!.id]);
    expect(events[0].payload).toMatchObject({ approvalStatus: 'Approved', previousApprovalStatus: null, decidedBy: 'System', type: 'IsDirectorOf' });

    // A rename of one side reaches the other side's document (the summary).
    await rows(`UPDATE "Entity" SET "nameEn" = 'Huda Al-Saud Al-Otaibi' WHERE id = $1`, [director.id]);
    const companyAfter = (await profile(alpha, company.id)).body;
    expect(companyAfter.relationships[0].targetEntity.nameEn).toBe('Huda Al-Saud Al-Otaibi');
  });

  it('with confirmation: PendingTargetApproval and an e-mail row whose link is sealed, not stored', async () => {
    const minor = await person(alpha.id, 'Yousef Minor', null);
    const guardian = await person(alpha.id, 'Khalid Guardian');
    const res = await invite(alpha, {
      sourceEntityId: minor.id,
      targetEntityId: guardian.id,
      language: 'ar',
      relationships: [{ type: 'LegalGuardian', isConfirmationRequired: true }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data[0]).toMatchObject({ approvalStatus: 'PendingTargetApproval', isConfirmationRequired: true, decision: null });
    const [mail] = await rows(`SELECT * FROM "EmailNotification" WHERE "entityId" = $1`, [guardian.id]);
    expect(mail).toMatchObject({ kind: 'relationship.invite', language: 'ar', recipient: guardian.email, status: 'Pending' });
    expect(mail.body).toContain('{{confirmUrl}}');
    expect(mail.body).toContain('وليًّا شرعيًّا على');
    expect(mail.sealed).toMatch(/^v1\./);
    const [invitation] = await rows(`SELECT * FROM "RelationshipInvitation" WHERE "relationshipId" = $1`, [res.body.data[0].id]);
    expect(invitation.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(invitation.notificationId).toBe(mail.id);
  });

  it('targetEntity details: a new screening entity (profile 200), then found again by identity', async () => {
    const company = await org(alpha.id, 'Riyadh Holding');
    const number = saudiNumber('1');
    const document = await createTestAttachment(alpha.id, 'pdf', 'national-id.pdf');
    const details = { nameEn: 'Salem Al-Dosari', nameAr: 'سالم الدوسري', email: 'salem@example.sa', identities: [{ number, documentIds: [document.id] }] };
    const first = await invite(alpha, {
      sourceEntityId: company.id,
      targetEntity: details,
      relationships: [{ type: 'IsShareholderOf', ownershipPercent: '30' }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const targetId = first.body.data[0].targetEntityId;
    const created = expectContract(entityProfileSchema, (await profile(alpha, targetId)).body);
    expect(created).toMatchObject({ role: 'Screening', nameEn: 'Salem Al-Dosari', email: 'salem@example.sa' });
    expect(created.identities[0]).toMatchObject({ type: 'NationalIdentity', number, verification: { status: 'Pending' } });
    expect(created.identities[0]!.documents.map((d) => d.id)).toEqual([document.id]);
    const second = await invite(alpha, {
      sourceEntityId: company.id,
      targetEntity: { nameEn: 'S. Dosari', identities: [{ type: 'NationalIdentity', number }] },
      relationships: [{ type: 'IsAuthorizedSignatoryOf' }],
    });
    expect(second.status).toBe(201);
    expect(second.body.data[0].targetEntityId).toBe(targetId);
    expect((await rows(`SELECT count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1 AND "searchText" LIKE $2`, [alpha.id, `%${number}%`]))[0].n).toBe(1);
  });

  it("decisions.md's rules: 400 naming the field, 404 for other tenants' ids, 409 for a live duplicate", async () => {
    const company = await org(alpha.id, 'Rules Co');
    const holder = await person(alpha.id, 'Rules Holder');
    const noEmail = await person(alpha.id, 'No Mail', null);
    const foreign = await person(beta.id, 'Beta Person');
    const foreignFile = await createTestAttachment(beta.id);
    const foreignNote = (await callRoute(notesRoute, 'POST', '/services/crm/notes', { headers: beta.headers, body: { title: 'x', description: 'y' } })).body
      .data.id;
    const base = { sourceEntityId: company.id, targetEntityId: holder.id };
    const cases: [unknown, number, string][] = [
      [{ ...base, targetEntityId: company.id, relationships: [{ type: 'IsDirectorOf' }] }, 400, 'targetEntityId'],
      [{ sourceEntityId: company.id, relationships: [{ type: 'IsDirectorOf' }] }, 400, 'targetEntityId'],
      [{ ...base, relationships: [{ type: 'IsDirectorOf' }, { type: 'IsDirectorOf' }] }, 400, 'relationships.1.type'],
      [{ ...base, relationships: [{ type: 'IsDirectorOf', isAttachmentRequired: true }] }, 400, 'relationships.0.attachmentIds'],
      [
        { ...base, relationships: [{ type: 'IsDirectorOf', validFrom: '2026-02-01T00:00:00Z', validTo: '2026-01-01T00:00:00Z' }] },
        400,
        'relationships.0.validTo',
      ],
      [{ ...base, relationships: [{ type: 'IsDirectorOf', subType: 'Spouse' }] }, 400, 'relationships.0.subType'],
      [{ ...base, relationships: [{ type: 'IsDirectorOf', ownershipPercent: '10' }] }, 400, 'relationships.0.ownershipPercent'],
      [{ ...base, relationships: [{ type: 'IsShareholderOf', ownershipPercent: '120' }] }, 400, 'relationships.0.ownershipPercent'],
      [
        { ...base, targetEntityId: noEmail.id, relationships: [{ type: 'IsDirectorOf', isConfirmationRequired: true }] },
        400,
        'relationships.0.isConfirmationRequired',
      ],
      [{ ...base, relationships: [{ type: 'Friend' }] }, 400, 'relationships.0.type'],
      [{ ...base, relationships: [] }, 400, 'relationships'],
      [{ sourceEntityId: company.id, targetEntity: { email: 'x@example.sa' }, relationships: [{ type: 'IsDirectorOf' }] }, 400, 'targetEntity.nameEn'],
      [{ ...base, sourceEntityId: foreign.id, relationships: [{ type: 'IsDirectorOf' }] }, 404, ''],
      [{ ...base, targetEntityId: foreign.id, relationships: [{ type: 'IsDirectorOf' }] }, 404, ''],
      [{ ...base, relationships: [{ type: 'IsDirectorOf', attachmentIds: [foreignFile.id] }] }, 404, ''],
      [{ ...base, noteIds: [foreignNote], relationships: [{ type: 'IsDirectorOf' }] }, 404, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await invite(alpha, body);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.message).toEqual({ en: expect.any(String), ar: expect.any(String) });
      if (status === 400) expect(res.body.validationErrors.join(' | ')).toContain(`${field}:`);
    }
    expect(await rows(`SELECT id FROM "Relationship" WHERE "sourceEntityId" = $1`, [company.id])).toEqual([]);
    // A live relationship of the same source, target and type: 409 (pending or approved); a rejected one does not block.
    expect((await invite(alpha, { ...base, relationships: [{ type: 'IsDirectorOf' }] })).status).toBe(201);
    const again = await invite(alpha, { ...base, relationships: [{ type: 'IsDirectorOf' }, { type: 'IsRepresentativeOf' }] });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('CONFLICT');
    expect(await rows(`SELECT type FROM "Relationship" WHERE "sourceEntityId" = $1`, [company.id])).toEqual([{ type: 'IsDirectorOf' }]);
  });

  it('attachments and notes (POST /notes) are the relationship documents, on both profiles', async () => {
    const company = await org(alpha.id, 'Docs Co');
    const holder = await person(alpha.id, 'Docs Holder');
    const file = await createTestAttachment(alpha.id, 'pdf', 'share-register.pdf');
    const note = await callRoute(notesRoute, 'POST', '/services/crm/notes', {
      headers: alpha.headers,
      body: { title: 'Register checked', description: 'Share register of 2025 seen at the branch.' },
    });
    expect(note.status).toBe(201);
    expectContract(noteEnvelope, note.body);
    expect(note.body.data).toMatchObject({ title: 'Register checked', createdBy: null });
    const res = await invite(alpha, {
      sourceEntityId: company.id,
      targetEntityId: holder.id,
      noteIds: [note.body.data.id],
      relationships: [{ type: 'IsShareholderOf', ownershipPercent: '5', isAttachmentRequired: true, attachmentIds: [file.id] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data[0].attachments.map((a: { name: string }) => a.name)).toEqual(['share-register.pdf']);
    expect(res.body.data[0].notes.map((n: { title: string }) => n.title)).toEqual(['Register checked']);
    expect((await profile(alpha, holder.id)).body.relationships[0].attachments[0].id).toBe(file.id);
    // Notes: validation and authentication.
    expect((await callRoute(notesRoute, 'POST', '/services/crm/notes', { headers: alpha.headers, body: { title: '' } })).body.validationErrors).toEqual(
      expect.arrayContaining([expect.stringContaining('title:'), expect.stringContaining('description:')]),
    );
    expect((await callRoute(notesRoute, 'POST', '/services/crm/notes', { body: { title: 'a', description: 'b' } })).status).toBe(401);
  });

  it('beneficial owners on the profile: two shareholders through a holding company, and a direct one below the threshold', async () => {
    const company = await org(alpha.id, 'Target Co');
    const holding = await org(alpha.id, 'Family Holding');
    const sara = await person(alpha.id, 'Sara Owner');
    const omar = await person(alpha.id, 'Omar Owner');
    const minor = await person(alpha.id, 'Direct Minor');
    const link = (source: string, target: string, percent: string) =>
      invite(alpha, { sourceEntityId: source, targetEntityId: target, relationships: [{ type: 'IsShareholderOf', ownershipPercent: percent }] });
    expect((await link(company.id, holding.id, '80')).status).toBe(201);
    expect((await link(holding.id, sara.id, '60')).status).toBe(201);
    expect((await link(holding.id, omar.id, '40')).status).toBe(201);
    expect((await link(company.id, minor.id, '20')).status).toBe(201);
    const body = expectContract(entityProfileSchema, (await profile(alpha, company.id)).body);
    expect(body.beneficialOwners.map((o) => [o.nameEn, o.effectivePercent])).toEqual([
      ['Sara Owner', '48'],
      ['Omar Owner', '32'],
    ]);
    expect(body.beneficialOwners[0]!.paths).toEqual([{ entityIds: [sara.id, holding.id, company.id], effectivePercent: '48' }]);
    // The tenant's threshold decides: at 20% the direct 20% holder is one too.
    await rows(`UPDATE "Tenant" SET "uboThreshold" = 20 WHERE id = $1`, [alpha.id]);
    expect((await profile(alpha, company.id)).body.beneficialOwners.map((o: { nameEn: string }) => o.nameEn)).toEqual([
      'Sara Owner',
      'Omar Owner',
      'Direct Minor',
    ]);
    await rows(`UPDATE "Tenant" SET "uboThreshold" = 25 WHERE id = $1`, [alpha.id]);
    // A pending shareholding does not count.
    const pending = await person(alpha.id, 'Pending Owner');
    await invite(alpha, {
      sourceEntityId: company.id,
      targetEntityId: pending.id,
      relationships: [{ type: 'IsShareholderOf', ownershipPercent: '90', isConfirmationRequired: true }],
    });
    expect((await profile(alpha, company.id)).body.beneficialOwners).toHaveLength(2);
    // Individuals have none; another tenant's key cannot read any of it.
    expect((await profile(alpha, sara.id)).body.beneficialOwners).toEqual([]);
    expect((await profile(beta, company.id)).status).toBe(404);
  });

  it('never answers 500 to random bodies (fast-check)', async () => {
    const company = await org(alpha.id, 'Fuzz Co');
    const holder = await person(alpha.id, 'Fuzz Holder');
    const item = fc.record(
      {
        type: fc.oneof(fc.constantFrom('IsShareholderOf', 'IsDirectorOf', 'IsFamilyMemberOf', 'LegalGuardian'), fc.jsonValue()),
        subType: fc.oneof(fc.constantFrom('Spouse', 'Child'), fc.jsonValue()),
        validFrom: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string(),
          fc.jsonValue(),
        ),
        validTo: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string(),
        ),
        ownershipPercent: fc.oneof(fc.double().map(String), fc.string(), fc.jsonValue()),
        isAttachmentRequired: fc.oneof(fc.boolean(), fc.jsonValue()),
        attachmentIds: fc.oneof(fc.array(fc.uuid()), fc.jsonValue()),
        isConfirmationRequired: fc.oneof(fc.boolean(), fc.jsonValue()),
        contribution: fc.oneof(fc.record({ totalCountInUnits: fc.oneof(fc.integer(), fc.double(), fc.jsonValue()) }), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    const body = fc.record(
      {
        sourceEntityId: fc.oneof(fc.constant(company.id), fc.uuid(), fc.string(), fc.jsonValue()),
        targetEntityId: fc.oneof(fc.constant(holder.id), fc.uuid(), fc.jsonValue()),
        targetEntity: fc.oneof(
          fc.record({ nameEn: fc.string(), identities: fc.array(fc.record({ number: fc.string(), type: fc.jsonValue() })) }),
          fc.jsonValue(),
        ),
        relationships: fc.oneof(fc.array(item, { maxLength: 3 }), fc.jsonValue()),
        noteIds: fc.oneof(fc.array(fc.uuid(), { maxLength: 2 }), fc.jsonValue()),
        language: fc.oneof(fc.constantFrom('en', 'ar'), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, fc.jsonValue()), async (value) => {
        const res = await invite(alpha, value);
        expect(res.status, JSON.stringify({ value, body: res.body })).toBeLessThan(500);
        if (res.status >= 400) expect(res.body.message.ar).toEqual(expect.any(String));
      }),
      { numRuns: 150 },
    );
    // Malformed JSON too.
    expect((await invite(alpha, '{"sourceEntityId":')).status).toBe(400);
  });

  it('the party summary enums stay those of the Entity', () => {
    expect(relationshipPartySchema.shape.role.options).toEqual([...ENTITY_ROLES]);
    expect(relationshipPartySchema.shape.type.options).toEqual([...ENTITY_TYPES]);
    expect(relationshipPartySchema.shape.status.options).toEqual([...ENTITY_STATUSES]);
  });
});

describe('officer actions (session routes)', () => {
  async function pendingRelationship(tenant: TestTenant) {
    const company = await org(tenant.id, `Pending ${crypto.randomBytes(2).toString('hex')}`);
    const holder = await person(tenant.id, 'Pending Holder');
    const res = await invite(tenant, {
      sourceEntityId: company.id,
      targetEntityId: holder.id,
      relationships: [{ type: 'IsShareholderOf', ownershipPercent: '40', isConfirmationRequired: true }],
    });
    expect(res.status).toBe(201);
    return res.body.data[0].id as string;
  }
  const decide = (id: string, headers: Record<string, string>, body: unknown) =>
    callRoute(decisionRoute, 'POST', `/services/crm/entity-relationships/${id}/decision`, { headers, body, params: { relationshipId: id } });
  const resend = (id: string, headers: Record<string, string>, body: unknown = {}) =>
    callRoute(resendRoute, 'POST', `/services/crm/entity-relationships/${id}/resend`, { headers, body, params: { relationshipId: id } });

  it('approve on behalf needs a reason, is audited with the officer, ends the link and emits the event; a second decision is 409', async () => {
    const id = await pendingRelationship(alpha);
    const officerId = crypto.randomUUID();
    const officer = await sessionHeaders({ tenantId: alpha.id, role: 'officer', userId: officerId });
    const noReason = await decide(id, officer, { decision: 'Approve' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.validationErrors.join()).toContain('reason:');
    const res = await decide(id, officer, { decision: 'Approve', reason: 'Confirmed by phone with the shareholder' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract(relationshipEnvelope, res.body);
    expect(res.body.data).toMatchObject({ approvalStatus: 'Approved', decision: { by: 'Officer', reason: 'Confirmed by phone with the shareholder' } });
    expect(await rows(`SELECT "actorType", "actorId", action FROM "AuditLog" WHERE "targetId" = $1 AND action = 'relationship.approve'`, [id])).toEqual([
      { actorType: 'user', actorId: officerId, action: 'relationship.approve' },
    ]);
    expect((await rows(`SELECT "revokedAt" FROM "RelationshipInvitation" WHERE "relationshipId" = $1`, [id]))[0].revokedAt).not.toBeNull();
    const events = await rows(`SELECT payload FROM "OutboxEvent" WHERE payload->>'relationshipId' = $1 ORDER BY "createdAt"`, [id]);
    expect(events.map((e) => e.payload.approvalStatus)).toEqual(['PendingTargetApproval', 'Approved']);
    expect((await decide(id, officer, { decision: 'Reject', reason: 'again' })).status).toBe(409);
    expect((await resend(id, officer)).status).toBe(409);
  });

  it('resend revokes the previous link and writes a new e-mail; attackers: 401, 403 for rm and API keys, 404 across tenants', async () => {
    const id = await pendingRelationship(alpha);
    const officer = await sessionHeaders({ tenantId: alpha.id, role: 'admin' });
    const res = await resend(id, officer, { language: 'ar' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const invitations = await rows(`SELECT language, "revokedAt" FROM "RelationshipInvitation" WHERE "relationshipId" = $1 ORDER BY "createdAt"`, [id]);
    expect(invitations.map((i) => [i.language, i.revokedAt === null ? 'open' : 'revoked'])).toEqual([
      ['en', 'revoked'],
      ['ar', 'open'],
    ]);
    expect((await resend(id, {})).status).toBe(401);
    expect((await resend(id, alpha.headers)).status).toBe(401);
    expect((await resend(id, await sessionHeaders({ tenantId: alpha.id, role: 'rm' }))).status).toBe(403);
    expect((await decide(id, await sessionHeaders({ tenantId: alpha.id, role: 'rm' }), { decision: 'Approve', reason: 'x' })).status).toBe(403);
    const other = await sessionHeaders({ tenantId: beta.id, role: 'officer' });
    expect((await resend(id, other)).status).toBe(404);
    expect((await decide(id, other, { decision: 'Reject', reason: 'not mine' })).status).toBe(404);
    expect((await decide('not-a-uuid', officer, { decision: 'Reject', reason: 'x' })).status).toBe(404);
    // A session write without the app's Origin is refused (cross-site request forgery).
    const { origin: _origin, ...noOrigin } = officer;
    expect((await decide(id, noOrigin, { decision: 'Reject', reason: 'csrf' })).status).toBe(403);
  });
});
