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
import { createTestAttachment, createTestEntity, factoryActor, saudiIban, saudiNumber } from '@/scripts/testing/record-factories';
import { sessionHeaders } from '@/scripts/testing/session';
import { eraseDueEntities } from './erasure';
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
});
