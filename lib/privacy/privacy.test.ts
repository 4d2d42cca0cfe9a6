import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as exportRoute } from '@/app/services/crm/entities/[entityId]/export/route';
import { GET as privacyRoute } from '@/app/services/crm/entities/[entityId]/privacy/route';
import { POST as erasureRoute } from '@/app/services/crm/entities/[entityId]/erasure-requests/route';
import { POST as cancelRoute } from '@/app/services/crm/entities/[entityId]/erasure-requests/cancel/route';
import { createBankAccount } from '@/lib/bank-accounts/create-bank-account';
import { createAddress } from '@/lib/entities/create-address';
import { createIdentity } from '@/lib/entities/create-identity';
import { getEntity } from '@/lib/entities/get-entity';
import { updateClientStatus } from '@/lib/entities/update-client-status';
import { callRoute } from '@/scripts/testing/api';
import { runCli } from '@/scripts/testing/cli';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createTestAttachment, createTestEntity, factoryActor, organizationInput, saudiIban, saudiNumber } from '@/scripts/testing/record-factories';
import { sessionHeaders } from '@/scripts/testing/session';
import { createTransaction } from '@/lib/transactions/create-transaction';
import { kycIdOf, submitBaseForms } from '@/scripts/testing/kyc-factories';
import { eraseDueEntities } from './erasure';
import { ENTITY_TABLES } from './entity-data';
import { retentionStateResponse } from './schemas';

process.env.ATTACHMENTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-privacy-'));
const db = useTestDatabase();

/** A client with an identity and its document, a bank account and audit history. */
async function richEntity(tenant: TestTenant) {
  const entity = await createTestEntity(tenant.id);
  const doc = await createTestAttachment(tenant.id, 'pdf', 'passport scan.pdf');
  await createIdentity({
    tenantId: tenant.id,
    entityId: entity.id,
    input: { type: 'Passport', number: 'P' + saudiNumber('1').slice(1), issuingCountryCode: 'SA', documentIds: [doc.id] } as never,
    actor: factoryActor,
  });
  await createBankAccount({ tenantId: tenant.id, entityId: entity.id, iban: saudiIban('80', crypto.randomInt(1, 1_000_000)), actor: factoryActor });
  return { entity, doc };
}

const OUTSIDE_IBAN = 'SA0380000000608010167519';

/** Owner connection in platform scope, for fixtures the services have no shortcut to. */
async function asPlatform<T>(work: (q: (sql: string, params?: unknown[]) => Promise<any[]>) => Promise<T>): Promise<T> {
  const client = await db.current().pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.scope', 'platform', true)`);
    const result = await work(async (sql, params = []) => (await client.query(sql, params)).rows);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * richEntity plus a record in every later domain: KYC answers (with a file), a score, a review, an
 * agreement signature; a shareholding in an organization with an invitation, a file and a note; a
 * transaction from an outside IBAN into a wallet, an alert in a monitoring case with a note, a
 * decision and an STR with its file; a watchlist match in a screening case with a review; name keys.
 */
async function crossDomainEntity(tenant: TestTenant) {
  const { entity, doc } = await richEntity(tenant);
  const org = await createTestEntity(tenant.id, 'Client', organizationInput());
  const kycId = await kycIdOf(tenant.id, entity.id);
  await submitBaseForms({ tenantId: tenant.id, kycId, actor: factoryActor });
  const [kycFile, signatureFile, relationshipFile, strFile] = await Promise.all([
    createTestAttachment(tenant.id, 'pdf', 'salary certificate.pdf'),
    createTestAttachment(tenant.id, 'png', 'signature.png'),
    createTestAttachment(tenant.id, 'pdf', 'share register.pdf'),
    createTestAttachment(tenant.id, 'pdf', 'str.pdf'),
  ]);
  const tx = await createTransaction({
    tenantId: tenant.id,
    body: {
      source: { method: 'BankAccount', iban: OUTSIDE_IBAN },
      target: { method: 'Wallet', vIban: `VW-PRIVACY-${entity.id.slice(0, 8)}`, entity: { id: entity.id } },
      externalRef: `privacy-${entity.id}`,
      sourceSystem: 'TenantDirect',
      transactionDate: '2026-11-20T09:30:00Z',
      amount: '1250.50',
      currency: 'SAR',
      internalTransferReason: 'Rent for flat 12 Olaya Towers',
    },
    actor: factoryActor,
  });
  const transactionId = tx.data.id;
  const ids = await asPlatform(async (q) => {
    const t = tenant.id;
    const [answer] = await q(`SELECT a.id FROM "KycAnswer" a WHERE a."kycId" = $1 AND a."openAnswer" IS NOT NULL ORDER BY a."createdAt" LIMIT 1`, [kycId]);
    await q(`UPDATE "KycAnswer" SET "openAnswer" = 'Works nights at Al Noor Clinic' WHERE id = $1`, [answer.id]);
    await q(`INSERT INTO "KycAnswerAttachment" ("tenantId", "answerId", "attachmentId") VALUES ($1, $2, $3)`, [t, answer.id, kycFile.id]);
    const [flow] = await q(`SELECT "flowId" FROM "Kyc" WHERE id = $1`, [kycId]);
    const [agreement] = await q(
      `INSERT INTO "KycAgreement" (id, "tenantId", "flowId", classification, type, "titleEn", "titleAr", "bodyEn", "bodyAr", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, 'Retail', 'Terms', 'Terms', 'الشروط', 'Body', 'النص', now()) RETURNING id`,
      [t, flow.flowId],
    );
    await q(
      `INSERT INTO "KycAgreementSignature" (id, "tenantId", "kycId", "agreementId", "attachmentId", "updatedAt") VALUES (gen_random_uuid(), $1, $2, $3, $4, now())`,
      [t, kycId, agreement.id, signatureFile.id],
    );
    await q(
      `INSERT INTO "KycReview" (id, "tenantId", "kycId", "userId", type, status, comment, "updatedAt") VALUES (gen_random_uuid(), $1, $2, gen_random_uuid(), 'First', 'Approved', 'Checked his Al Noor Clinic payslip', now())`,
      [t, kycId],
    );
    const [rel] = await q(
      `INSERT INTO "Relationship" (id, "tenantId", "sourceEntityId", "targetEntityId", type, "approvalStatus", "ownershipPercent", "decisionReason", "decidedAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, 'IsShareholderOf', 'Approved', 40, 'Confirmed by Mohammed on the phone', now(), now()) RETURNING id`,
      [t, org.id, entity.id],
    );
    await q(
      `INSERT INTO "RelationshipInvitation" (id, "tenantId", "relationshipId", "tokenHash", recipient, language, "expiresAt") VALUES (gen_random_uuid(), $1, $2, $3, 'm.qahtani@example.sa', 'ar', now() + interval '7 days')`,
      [t, rel.id, crypto.randomBytes(16).toString('hex')],
    );
    await q(`INSERT INTO "RelationshipFile" ("tenantId", "relationshipId", "attachmentId") VALUES ($1, $2, $3)`, [t, rel.id, relationshipFile.id]);
    // The event a webhook receiver got about the decision, with its free-text reason.
    await q(`INSERT INTO "OutboxEvent" (id, "tenantId", type, payload) VALUES (gen_random_uuid(), $1, 'RelationshipApprovalUpdate', $2)`, [
      t,
      JSON.stringify({
        relationshipId: rel.id,
        sourceEntityId: org.id,
        targetEntityId: entity.id,
        type: 'IsShareholderOf',
        approvalStatus: 'Approved',
        reason: 'Confirmed by Mohammed on the phone',
      }),
    ]);
    const [note] = await q(
      `INSERT INTO "Note" (id, "tenantId", title, description, "updatedAt") VALUES (gen_random_uuid(), $1, 'Share transfer', 'Mohammed bought the shares from his brother', now()) RETURNING id`,
      [t],
    );
    await q(`INSERT INTO "RelationshipNote" ("tenantId", "relationshipId", "noteId") VALUES ($1, $2, $3)`, [t, rel.id, note.id]);
    const [tmCase] = await q(
      `INSERT INTO "Case" (id, "tenantId", kind, "entityId", "updatedAt") VALUES (gen_random_uuid(), $1, 'TransactionMonitoring', $2, now()) RETURNING id`,
      [t, entity.id],
    );
    const [alert] = await q(
      `INSERT INTO "TransactionAlert" (id, "tenantId", "caseId", "entityId", "transactionId", "transactionIds", severity, "reasonEn", "reasonAr", tags, "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, ARRAY[$4]::uuid[], 'High', 'Amount above 1000', 'المبلغ أعلى من 1000', '{}', now()) RETURNING id`,
      [t, tmCase.id, entity.id, transactionId],
    );
    await q(
      `INSERT INTO "CaseNote" (id, "tenantId", "caseId", "alertId", title, description, "updatedAt") VALUES (gen_random_uuid(), $1, $2, $3, 'Call with Mohammed', 'He said the rent is for his mother in Olaya', now())`,
      [t, tmCase.id, alert.id],
    );
    await q(
      `INSERT INTO "CaseDecision" (id, "tenantId", "caseId", action, disposition, comment, "userId") VALUES (gen_random_uuid(), $1, $2, 'Proposed', 'Reported', 'Mohammed could not explain the Olaya payments', gen_random_uuid())`,
      [t, tmCase.id],
    );
    await q(
      `INSERT INTO "StrReport" (id, "tenantId", "caseId", "transactionId", "attachmentId", facts, "updatedAt") VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, now())`,
      [
        t,
        tmCase.id,
        transactionId,
        strFile.id,
        JSON.stringify({
          entity: { id: entity.id, nameEn: 'Mohammed Abdullah Al-Qahtani', dob: '1990-05-17' },
          transactions: [{ id: transactionId, amount: '1250.50', currency: 'SAR', iban: OUTSIDE_IBAN }],
          disposition: 'Reported',
        }),
      ],
    );
    const [scCase] = await q(
      `INSERT INTO "Case" (id, "tenantId", kind, "entityId", source, "updatedAt") VALUES (gen_random_uuid(), $1, 'Screening', $2, 'ListSourceA', now()) RETURNING id`,
      [t, entity.id],
    );
    const [match] = await q(
      `INSERT INTO "Match" (id, "tenantId", "entityId", "caseId", "watchlistEntryId", source, "entryVersion", criteria, name, percentage, "riskScore", reasons, "matchingScore", recommendation, signals, comment, "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, gen_random_uuid(), 'ListSourceA', 'v1', 'Identity', 'Muhammad Al Qahtani', 91, 80, '{Name,Dob}', 0.91, 'Review', $4, 'Same passport as Mohammed', now()) RETURNING id`,
      [
        t,
        entity.id,
        scCase.id,
        JSON.stringify({
          name: { totalScore: 0.91 },
          dob: { score: 1, neglectScore: false },
          identity: { matched: true, number: 'P7654321', label: 'Passport' },
        }),
      ],
    );
    await q(
      `INSERT INTO "MatchReview" (id, "tenantId", "matchId", action, status, comment) VALUES (gen_random_uuid(), $1, $2, 'Proposed', 'PendingApproval', 'Passport P7654321 matches')`,
      [t, match.id],
    );
    await q(
      `INSERT INTO "MonitoredNameKey" (id, "tenantId", "entityId", key, "lookupKeys") VALUES (gen_random_uuid(), $1, $2, 'mohammed abdullah qahtani', '{mhmd qhtn}')`,
      [t, entity.id],
    );
    return { kycId, relationshipId: rel.id, noteId: note.id, tmCaseId: tmCase.id, alertId: alert.id, matchId: match.id };
  });
  return { entity, doc, org, transactionId, files: { kycFile, signatureFile, relationshipFile, strFile }, ...ids };
}

async function download(tenant: TestTenant, entityId: string, headers: Record<string, string> = tenant.headers) {
  const response = await exportRoute(new Request(`http://127.0.0.1/services/crm/entities/${entityId}/export`, { headers }), {
    params: Promise.resolve({ entityId }),
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function untar(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-export-'));
  fs.writeFileSync(path.join(dir, 'a.tar.gz'), bytes);
  execFileSync('tar', ['xzf', 'a.tar.gz'], { cwd: dir, timeout: 10_000 });
  return dir;
}

const state = (tenant: TestTenant, entityId: string) => callRoute(privacyRoute, 'GET', `/x`, { headers: tenant.headers, params: { entityId } });

describe('personal data export', () => {
  it('GET /entities/{id}/export: one tar.gz with the profile, every record, every audit entry and the stored files; audited; sandboxed download', async () => {
    const tenant = await createTestTenant();
    const { entity, doc } = await richEntity(tenant);
    const { response, bytes } = await download(tenant, entity.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toContain(`entity-${entity.id}.tar.gz`);
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(response.headers.get('cache-control')).toContain('no-store');

    const dir = untar(bytes);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'entity.json'), 'utf8'));
    expect(json.profile.nameEn).toBe('Mohammed Abdullah Al-Qahtani');
    expect(json.records.entity[0].id).toBe(entity.id);
    expect(json.records.identities.length).toBe(2);
    expect(json.records.identityDocuments.length).toBe(1);
    expect(json.records.bankAccounts.length).toBe(1);
    expect(json.records.attachments.map((a: { id: string }) => a.id)).toEqual([doc.id]);
    const actions = json.auditEntries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['entity.create.client', 'identity.create', 'bankAccount.create', 'attachment.create']));
    const stored = fs.readdirSync(path.join(dir, 'files'));
    expect(stored).toEqual([`${doc.id}-passport_scan.pdf`]);
    expect(
      crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(dir, 'files', stored[0])))
        .digest('hex'),
    ).toBe(json.records.attachments[0].sha256);
    expect(fs.readFileSync(path.join(dir, 'README.txt'), 'utf8')).toContain(entity.id);

    const audit = await db.current().pool.query(`SELECT "actorType", after FROM "AuditLog" WHERE action = 'entity.export' AND "targetId" = $1`, [entity.id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].after).toMatchObject({ attachments: 1 });
  });

  it("another tenant's entity is 404, a relationship manager is 403, no key is 401", async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    const { entity } = await richEntity(tenant);
    expect((await download(other, entity.id)).response.status).toBe(404);
    expect((await download(tenant, entity.id, {})).response.status).toBe(401);
    const rm = await sessionHeaders({ tenantId: tenant.id, role: 'rm' });
    expect((await download(tenant, entity.id, rm)).response.status).toBe(403);
    const officer = await sessionHeaders({ tenantId: tenant.id, role: 'officer' });
    expect((await download(tenant, entity.id, officer)).response.status).toBe(200);
    expect((await callRoute(erasureRoute, 'POST', '/x', { headers: other.headers, params: { entityId: entity.id }, body: {} })).status).toBe(404);
  });

  it('npm run crm -- entity:export writes the same archive', async () => {
    const tenant = await createTestTenant();
    const { entity } = await richEntity(tenant);
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crm-export-cli-')), 'e.tar.gz');
    const run = await runCli(db.current().url, ['entity:export', '--tenant', tenant.slug, '--entity', entity.id, '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).counts).toMatchObject({ identities: 2, bankAccounts: 1, attachments: 1 });
    const json = JSON.parse(fs.readFileSync(path.join(untar(fs.readFileSync(out)), 'entity.json'), 'utf8'));
    expect(json.entityId).toBe(entity.id);
  }, 60_000);
});

describe('personal data export: the later domains', () => {
  it('KYC answers with labels, scores, signatures, relationships both ways, transactions, wallets, alerts, cases with notes and STRs, matches with reviews, and their files and audit entries', async () => {
    const tenant = await createTestTenant();
    const f = await crossDomainEntity(tenant);
    const { response, bytes } = await download(tenant, f.entity.id);
    expect(response.status).toBe(200);
    const dir = untar(bytes);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'entity.json'), 'utf8'));
    const r = json.records;
    // Every exported key of entity-data.ts is in the archive.
    for (const d of ENTITY_TABLES) if (typeof d.exportAs === 'string') expect(r, d.exportAs).toHaveProperty(d.exportAs);

    expect(r.kyc).toHaveLength(1);
    expect(r.kycSubmissions.length).toBeGreaterThanOrEqual(2);
    expect(r.kycSubmissions[0]).toHaveProperty('formType');
    const clinic = r.kycAnswers.find((a: { openAnswer: string | null }) => a.openAnswer === 'Works nights at Al Noor Clinic');
    expect(clinic).toMatchObject({ attachmentIds: [f.files.kycFile.id] });
    expect(clinic.labelEn.length).toBeGreaterThan(0);
    expect(clinic.labelAr.length).toBeGreaterThan(0);
    const choice = r.kycAnswers.find((a: { options: unknown[] }) => a.options.length > 0);
    expect(choice.options[0]).toMatchObject({ optionId: expect.any(String), nameEn: expect.any(String), nameAr: expect.any(String) });
    expect(r.kycScores.length).toBeGreaterThanOrEqual(1);
    expect(r.kycScores[0]).toMatchObject({ riskBreakdown: expect.any(Array), overrideReasons: expect.any(Array), riskLevel: expect.any(String) });
    expect(r.kycReviews[0].comment).toBe('Checked his Al Noor Clinic payslip');
    expect(r.kycAgreementSignatures[0]).toMatchObject({ attachmentId: f.files.signatureFile.id, titleEn: 'Terms', bodyAr: 'النص' });

    expect(r.relationships).toEqual([
      expect.objectContaining({
        id: f.relationshipId,
        direction: 'Target',
        counterpart: expect.objectContaining({ id: f.org.id }),
        decisionReason: 'Confirmed by Mohammed on the phone',
      }),
    ]);
    expect(r.relationshipInvitations[0]).toMatchObject({ recipient: 'm.qahtani@example.sa' });
    expect(r.relationshipInvitations[0]).not.toHaveProperty('tokenHash');
    expect(r.relationshipFiles[0]).toMatchObject({ attachmentId: f.files.relationshipFile.id });
    expect(r.relationshipNotes[0]).toMatchObject({ noteId: f.noteId, description: 'Mohammed bought the shares from his brother' });

    expect(r.transactions.map((t: { id: string }) => t.id)).toEqual([f.transactionId]);
    expect(r.transactions[0]).toMatchObject({ amount: 1250.5, internalTransferReason: 'Rent for flat 12 Olaya Towers', source: { iban: OUTSIDE_IBAN } });
    expect(r.wallets).toHaveLength(1);
    expect(r.transactionAlerts.map((a: { id: string }) => a.id)).toEqual([f.alertId]);
    expect(r.cases.map((c: { kind: string }) => c.kind).sort()).toEqual(['Screening', 'TransactionMonitoring']);
    expect(r.caseNotes[0]).toMatchObject({ title: 'Call with Mohammed' });
    expect(r.caseDecisions[0]).toMatchObject({ disposition: 'Reported' });
    expect(r.strReports[0]).toMatchObject({ attachmentId: f.files.strFile.id });
    expect(r.matches[0]).toMatchObject({ id: f.matchId, comment: 'Same passport as Mohammed' });
    expect(r.matchReviews[0]).toMatchObject({ matchId: f.matchId });
    expect(r.monitoredNameKeys).toHaveLength(1);

    const files = fs.readdirSync(path.join(dir, 'files'));
    for (const file of [f.doc, ...Object.values(f.files)])
      expect(
        files.some((name) => name.startsWith(file.id)),
        file.id,
      ).toBe(true);
    const audited = new Set(json.auditEntries.map((e: { targetType: string; targetId: string }) => `${e.targetType}:${e.targetId}`));
    expect(audited).toContain(`Kyc:${f.kycId}`);
    expect(audited).toContain(`Transaction:${f.transactionId}`);

    // Another tenant cannot read it; the export is audited.
    const other = await createTestTenant();
    expect((await download(other, f.entity.id)).response.status).toBe(404);
    const audit = await db.current().pool.query(`SELECT count(*)::int AS n FROM "AuditLog" WHERE action = 'entity.export' AND "targetId" = $1`, [f.entity.id]);
    expect(audit.rows[0].n).toBe(1);
  }, 60_000);
});

describe('erasure requests and AML retention', () => {
  it('a client: recorded while the relationship lasts, retained 10 years after deactivation, then erased with the audit trail pseudonymised', async () => {
    const tenant = await createTestTenant();
    const { entity, doc } = await richEntity(tenant);
    await createAddress({ tenantId: tenant.id, entityId: entity.id, input: { streetNameEn: 'King Fahd Road', district: 'Al Olaya' }, actor: factoryActor });

    const requested = await callRoute(erasureRoute, 'POST', '/x', {
      headers: tenant.headers,
      params: { entityId: entity.id },
      body: { note: 'Letter of 2026-11-20' },
    });
    expect(requested.status).toBe(201);
    expectContract(retentionStateResponse, requested.body);
    expect(requested.body.data).toMatchObject({
      state: 'InRelationship',
      retentionYears: 10,
      retainUntil: null,
      erasureRequest: { status: 'Pending', note: 'Letter of 2026-11-20' },
    });
    const again = await callRoute(erasureRoute, 'POST', '/x', { headers: tenant.headers, params: { entityId: entity.id }, body: {} });
    expect(again.status).toBe(409);

    // While the relationship lasts nothing is erased, even decades later.
    expect((await eraseDueEntities({ now: new Date(Date.now() + 50 * 365 * 86_400_000) })).entityIds).not.toContain(entity.id);

    await updateClientStatus({ tenantId: tenant.id, entityId: entity.id, status: 'Deactivated', reason: 'Account closed', actor: factoryActor });
    const retained = (await state(tenant, entity.id)).body.data;
    expect(retained.state).toBe('Retained');
    expect(Number(retained.retainUntil.slice(0, 4)) - Number(retained.relationshipEndedAt.slice(0, 4))).toBe(10);

    // Nine years on: still kept. Eleven years on: erased.
    expect((await eraseDueEntities({ now: new Date(Date.now() + 9 * 365 * 86_400_000) })).entityIds).not.toContain(entity.id);
    const eleven = new Date(Date.now() + 11 * 365 * 86_400_000);
    expect((await eraseDueEntities({ now: eleven })).entityIds).toContain(entity.id);

    const after = (await state(tenant, entity.id)).body.data;
    expect(after).toMatchObject({ state: 'Erased', erasureRequest: { status: 'Completed' } });
    const profile = await getEntity({ tenantId: tenant.id, entityId: entity.id });
    expect(profile).toMatchObject({ nameEn: null, nameAr: null, email: null, phoneNumber: null });
    const pool = db.current().pool;
    for (const table of ['Identity', 'BankAccount', 'Address']) {
      expect((await pool.query(`SELECT count(*)::int AS n FROM "${table}" WHERE "entityId" = $1`, [entity.id])).rows[0].n).toBe(0);
    }
    expect((await pool.query(`SELECT count(*)::int AS n FROM "Attachment" WHERE id = $1`, [doc.id])).rows[0].n).toBe(0);
    expect(fs.existsSync(path.join(process.env.ATTACHMENTS_DIR!, tenant.id, doc.id))).toBe(false);
    const doc2 = await pool.query(`SELECT t::text AS body FROM "EntityDocument" t WHERE "entityId" = $1`, [entity.id]);
    expect(doc2.rows[0]?.body ?? '').not.toMatch(/Qahtani|القحطاني/);

    // The audit trail: who, what, which record and when are kept; the personal values are gone.
    const trail = await pool.query(
      `SELECT action, "targetId", "actorType", before::text AS before, after::text AS after FROM "AuditLog" WHERE "tenantId" = $1`,
      [tenant.id],
    );
    const text = trail.rows.map((r) => `${r.before} ${r.after}`).join('\n');
    expect(text).not.toMatch(/Qahtani|القحطاني|Letter of 2026|1990-05-17|passport scan/);
    expect(text).toMatch(/erased:[0-9a-f]{16}/);
    const actions = trail.rows.filter((r) => r.targetId === entity.id).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['entity.create.client', 'entity.erase']));
    // A second request for an erased entity is refused; the job does nothing more.
    expect((await callRoute(erasureRoute, 'POST', '/x', { headers: tenant.headers, params: { entityId: entity.id }, body: {} })).status).toBe(409);
    expect((await eraseDueEntities({ now: eleven })).entityIds).not.toContain(entity.id);
  });

  it('a prospect: retention starts at the request; RETENTION_YEARS=0 erases at the next run; a withdrawn request is never carried out', async () => {
    const tenant = await createTestTenant();
    const prospect = await createTestEntity(tenant.id, 'Prospect');
    const withdrawn = await createTestEntity(tenant.id, 'Prospect');
    const r = await callRoute(erasureRoute, 'POST', '/x', { headers: tenant.headers, params: { entityId: prospect.id }, body: {} });
    expect(r.body.data.state).toBe('Retained');
    expect(r.body.data.relationshipEndedAt).not.toBeNull();
    await callRoute(erasureRoute, 'POST', '/x', { headers: tenant.headers, params: { entityId: withdrawn.id }, body: {} });
    const cancelled = await callRoute(cancelRoute, 'POST', '/x', { headers: tenant.headers, params: { entityId: withdrawn.id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.erasureRequest.status).toBe('Cancelled');
    expect((await callRoute(cancelRoute, 'POST', '/x', { headers: tenant.headers, params: { entityId: withdrawn.id } })).status).toBe(409);

    process.env.RETENTION_YEARS = '0';
    try {
      const run = await eraseDueEntities();
      expect(run.entityIds).toContain(prospect.id);
      expect(run.entityIds).not.toContain(withdrawn.id);
    } finally {
      delete process.env.RETENTION_YEARS;
    }
    expect((await getEntity({ tenantId: tenant.id, entityId: withdrawn.id })).nameEn).toBe('Mohammed Abdullah Al-Qahtani');
    expect((await state(tenant, prospect.id)).body.data.state).toBe('Erased');
  });

  it('the later domains: personal values pseudonymised or deleted in every table, ids, amounts, dates and decisions kept; all in one transaction', async () => {
    const tenant = await createTestTenant();
    const f = await crossDomainEntity(tenant);
    const pool = db.current().pool;
    const person = (await pool.query(`SELECT email, "phoneNumber" FROM "Entity" WHERE id = $1`, [f.entity.id])).rows[0];
    const numbers = (await pool.query(`SELECT number FROM "Identity" WHERE "entityId" = $1`, [f.entity.id])).rows.map((r) => r.number);
    const ibans = (await pool.query(`SELECT iban FROM "BankAccount" WHERE "entityId" = $1`, [f.entity.id])).rows.map((r) => r.iban);
    const escape = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const personal = new RegExp(
      [
        'Qahtani',
        'القحطاني',
        'Mohammed',
        '1990-05-17',
        'Al Noor Clinic',
        'Olaya',
        'P7654321',
        'VW-PRIVACY',
        'passport scan',
        'salary certificate',
        OUTSIDE_IBAN,
        person.email,
        ...numbers,
        ...ibans,
      ]
        .map(escape)
        .join('|'),
    );
    /** Every row of the tenant in every table, as text, that still holds one of the person's values. */
    const leftovers = async () =>
      asPlatform(async (q) => {
        const tables = await q(
          `SELECT table_name AS t FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'tenantId' AND table_name NOT LIKE '\\_%'`,
        );
        const hits: string[] = [];
        for (const { t } of tables) {
          // A match's name and alias are the watchlist entry's own (the list's data, not the person's).
          const row = t === 'Match' ? `(to_jsonb(x) - 'name' - 'matchedAlias')::text` : 'x::text';
          for (const { body } of await q(`SELECT ${row} AS body FROM "${t}" x WHERE "tenantId" = $1`, [tenant.id]))
            if (personal.test(body)) hits.push(`${t}: ${body.match(personal)![0]}`);
        }
        return hits;
      });
    const before = await leftovers();
    expect(before.length, 'the fixture holds the values the scan looks for').toBeGreaterThan(20);
    // Including the copy in an event payload.
    expect(before.some((hit) => hit.startsWith('OutboxEvent:'))).toBe(true);

    await callRoute(erasureRoute, 'POST', '/x', { headers: tenant.headers, params: { entityId: f.entity.id }, body: {} });
    await updateClientStatus({ tenantId: tenant.id, entityId: f.entity.id, status: 'Deactivated', reason: 'Account closed', actor: factoryActor });
    const eleven = new Date(Date.now() + 11 * 365 * 86_400_000);

    // A failure half-way leaves nothing half-written: the whole erasure rolls back.
    await pool.query(`CREATE FUNCTION zz_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`);
    await pool.query(`CREATE TRIGGER zz_fail BEFORE DELETE ON "MonitoredNameKey" FOR EACH ROW EXECUTE FUNCTION zz_fail()`);
    try {
      await expect(eraseDueEntities({ now: eleven })).rejects.toThrow(/disk full/);
    } finally {
      await pool.query(`DROP TRIGGER zz_fail ON "MonitoredNameKey"; DROP FUNCTION zz_fail()`);
    }
    const untouched = await pool.query(
      `SELECT (SELECT "nameEn" FROM "Entity" WHERE id = $1) AS name,
              (SELECT count(*)::int FROM "KycAnswer" WHERE "kycId" = $3 AND "openAnswer" = 'Works nights at Al Noor Clinic') AS answers,
              (SELECT source->>'iban' FROM "Transaction" WHERE id = $2) AS iban,
              (SELECT count(*)::int FROM "Identity" WHERE "entityId" = $1) AS identities,
              (SELECT status::text FROM "ErasureRequest" WHERE "entityId" = $1) AS request`,
      [f.entity.id, f.transactionId, f.kycId],
    );
    expect(untouched.rows[0]).toEqual({ name: 'Mohammed Abdullah Al-Qahtani', answers: 1, iban: OUTSIDE_IBAN, identities: 2, request: 'Pending' });

    expect((await eraseDueEntities({ now: eleven })).entityIds).toContain(f.entity.id);
    expect(await leftovers()).toEqual([]);

    // What the audit trail needs stays: ids, amounts, dates, states, decisions, the shape of the KYC.
    const kept = await pool.query(
      `SELECT t.amount::text AS amount, t."transactionDate", t.source->>'method' AS method, t."targetEntityId" AS target,
              t.source->>'iban' AS iban, t."internalTransferReason" AS reason,
              (SELECT "vIban" FROM "Wallet" w WHERE w.id = t."targetWalletId") AS viban,
              (SELECT count(*)::int FROM "KycAnswer" a WHERE a."kycId" = $2) AS answers,
              (SELECT count(*)::int FROM "KycAnswer" a CROSS JOIN LATERAL jsonb_array_elements(a."chosenOptions") o
                 JOIN "KycOption" ko ON ko.id = (o->>'optionId')::uuid WHERE a."kycId" = $2) AS options,
              (SELECT count(*)::int FROM "KycScore" WHERE "kycId" = $2) AS scores,
              (SELECT status::text FROM "Kyc" WHERE id = $2) AS "kycStatus",
              (SELECT "ownershipPercent"::text FROM "Relationship" WHERE id = $3) AS percent,
              (SELECT disposition::text FROM "CaseDecision" WHERE "caseId" = $4) AS disposition,
              (SELECT facts->'transactions'->0->>'amount' FROM "StrReport" WHERE "caseId" = $4) AS "strAmount",
              (SELECT "attachmentId" FROM "StrReport" WHERE "caseId" = $4) AS "strFile",
              (SELECT "percentage" FROM "Match" WHERE id = $5) AS percentage,
              (SELECT signals->'identity'->>'matched' FROM "Match" WHERE id = $5) AS "identityMatched",
              (SELECT count(*)::int FROM "MatchReview" WHERE "matchId" = $5) AS reviews,
              (SELECT payload->>'approvalStatus' FROM "OutboxEvent" WHERE payload->>'relationshipId' = $3::text) AS "eventStatus"
       FROM "Transaction" t WHERE t.id = $1`,
      [f.transactionId, f.kycId, f.relationshipId, f.tmCaseId, f.matchId],
    );
    expect(kept.rows[0]).toMatchObject({
      amount: '1250.50',
      method: 'BankAccount',
      target: f.entity.id,
      iban: expect.stringMatching(/^erased:[0-9a-f]{16}$/),
      reason: expect.stringMatching(/^erased:/),
      viban: expect.stringMatching(/^erased:/),
      kycStatus: expect.any(String),
      percent: '40',
      disposition: 'Reported',
      strAmount: '1250.50',
      strFile: null,
      percentage: 91,
      identityMatched: 'true',
      reviews: 1,
      eventStatus: 'Approved',
    });
    expect(kept.rows[0].answers).toBeGreaterThan(3);
    expect(kept.rows[0].options).toBeGreaterThan(0);
    expect(kept.rows[0].scores).toBeGreaterThan(0);
    // The files went with the rows that held them; the organization keeps its record of the relationship.
    for (const file of Object.values(f.files)) {
      expect((await pool.query(`SELECT count(*)::int AS n FROM "Attachment" WHERE id = $1`, [file.id])).rows[0].n, file.name).toBe(0);
      expect(fs.existsSync(path.join(process.env.ATTACHMENTS_DIR!, tenant.id, file.id)), file.name).toBe(false);
    }
    expect((await getEntity({ tenantId: tenant.id, entityId: f.org.id })).nameEn).toBeTruthy();
    const erase = await pool.query(`SELECT after FROM "AuditLog" WHERE action = 'entity.erase' AND "targetId" = $1`, [f.entity.id]);
    expect(erase.rows[0].after).toMatchObject({ filesDeleted: 5, recordsDeleted: expect.any(Number), valuesPseudonymised: expect.any(Number) });
  }, 60_000);
});
