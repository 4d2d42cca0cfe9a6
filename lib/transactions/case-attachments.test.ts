// Evidence on transaction-monitoring cases: upload through the one attachment path, list, download
// (sandboxed), audited; every other tenant's id, a lower role and a missing credential refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POST as createTxRoute } from '@/app/services/crm/transactions/route';
import { POST as createRuleRoute } from '@/app/services/crm/transaction-rules/route';
import { PATCH as ruleStatusRoute } from '@/app/services/crm/transaction-rules/[ruleId]/status/route';
import { GET as getCaseRoute } from '@/app/services/crm/cases/[caseId]/route';
import { GET as listRoute, POST as uploadRoute } from '@/app/services/crm/cases/[caseId]/attachments/route';
import { GET as contentRoute } from '@/app/services/crm/cases/[caseId]/attachments/[attachmentId]/content/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createOfficer, type TestOfficer } from '@/scripts/testing/officers';
import { createTestEntity, makeElf, makePdf, makePng } from '@/scripts/testing/record-factories';
import { withPlatform } from '@/lib/db/tenant-tx';
import { setUploadBudget } from '@/lib/attachments/upload-budget';
import { createAttachmentResponse } from '@/lib/attachments/schemas';
import { caseAttachmentList } from './schemas';

process.env.ATTACHMENTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-case-att-'));
useTestDatabase();

/** A tenant with one transaction-monitoring case (a LargeAmount rule fired) and an officer. */
async function monitoringCase(): Promise<{ t: TestTenant; officer: TestOfficer; caseId: string }> {
  const t = await createTestTenant();
  const officer = await createOfficer(t);
  const e = await createTestEntity(t.id);
  const rule = await callRoute(createRuleRoute, 'POST', '/x', {
    headers: officer.headers,
    body: { code: 'BIG', nameEn: 'Large', nameAr: 'مبلغ كبير', config: { template: 'LargeAmount', params: { threshold: '1', currency: 'SAR' } } },
  });
  await callRoute(ruleStatusRoute, 'PATCH', '/x', { headers: officer.headers, params: { ruleId: rule.body.data.id }, body: { status: 'Published' } });
  const tx = await callRoute(createTxRoute, 'POST', '/x', {
    headers: t.headers,
    body: {
      source: { method: 'Cash' },
      target: { method: 'Wallet', vIban: `ATT-${e.id}`, entity: { id: e.id } },
      externalRef: `att-${e.id}`,
      transactionDate: '2026-11-20T10:00:00Z',
      amount: '5',
      currency: 'SAR',
    },
  });
  const caseId = tx.body.data.triggeredAlerts[0].caseId as string;
  return { t, officer, caseId };
}

function form(bytes: Uint8Array, filename: string, name?: string) {
  const f = new FormData();
  f.append('file', new Blob([bytes as BlobPart], { type: 'application/octet-stream' }), filename);
  if (name) f.append('name', name);
  return f;
}

const upload = (headers: Record<string, string>, caseId: string, body: FormData) => callRoute(uploadRoute, 'POST', '/x', { headers, params: { caseId }, body });

const download = (headers: Record<string, string>, caseId: string, attachmentId: string) =>
  contentRoute(new Request('http://127.0.0.1/x', { headers }), { params: Promise.resolve({ caseId, attachmentId }) });

describe('case attachments', () => {
  it('an officer attaches evidence; it is listed, downloaded sandboxed as an attachment, and both steps are audited under the officer', async () => {
    const { t, officer, caseId } = await monitoringCase();
    const pdf = makePdf('Bank statement March');
    const res = await upload(officer.headers, caseId, form(pdf, 'statement.pdf', 'كشف حساب مارس'));
    expect(res.status).toBe(201);
    expectContract(createAttachmentResponse, res.body);
    expect(res.body.data).toMatchObject({ name: 'كشف حساب مارس', mimeType: 'application/pdf', size: String(pdf.byteLength) });
    expect(res.body.data.createdBy.id).toBe(officer.id);
    const png = await upload(officer.headers, caseId, form(makePng(), 'screenshot.png'));
    expect(png.status).toBe(201);

    // Listed oldest first, for the officer app and for an API key alike.
    for (const headers of [officer.headers, t.headers]) {
      const list = await callRoute(listRoute, 'GET', '/x', { headers, params: { caseId } });
      expect(list.status).toBe(200);
      expectContract(caseAttachmentList, list.body);
      expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['كشف حساب مارس', 'screenshot.png']);
    }

    const content = await download(officer.headers, caseId, res.body.data.id);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(content.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(content.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(content.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(pdf);

    // A note-less case with evidence is being worked on.
    expect((await callRoute(getCaseRoute, 'GET', '/x', { headers: officer.headers, params: { caseId } })).body.status).toBe('InReview');
    const audit = await withPlatform((tx) =>
      tx.auditLog.findMany({ where: { tenantId: t.id, targetId: caseId, action: { startsWith: 'case.attachment' } }, orderBy: { createdAt: 'asc' } }),
    );
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['case.attachmentAdded', officer.id],
      ['case.attachmentAdded', officer.id],
      ['case.attachmentDownloaded', officer.id],
    ]);
  });

  it('refuses what the upload path refuses (type from the bytes, the daily budget) and leaves nothing attached', async () => {
    const { t, officer, caseId } = await monitoringCase();
    const elf = await upload(officer.headers, caseId, form(makeElf(), 'evidence.pdf'));
    expect(elf.status).toBe(415);
    await setUploadBudget({ tenantId: t.id, maxCount: 1, maxBytes: 10_000_000 });
    expect((await upload(officer.headers, caseId, form(makePdf(), 'a.pdf'))).status).toBe(201);
    const over = await upload(officer.headers, caseId, form(makePdf(), 'b.pdf'));
    expect(over.status).toBe(429);
    expect(over.body.errorCode).toBe('UPLOAD_BUDGET_EXCEEDED');
    const list = await callRoute(listRoute, 'GET', '/x', { headers: officer.headers, params: { caseId } });
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['a.pdf']);
  });

  it('as an attacker: another tenant’s case and attachment ids are 404, an attachment of another case is 404, a lower role 403, no credential 401, an API key cannot upload', async () => {
    const a = await monitoringCase();
    const b = await monitoringCase();
    const mine = (await upload(a.officer.headers, a.caseId, form(makePdf(), 'a.pdf'))).body.data.id as string;
    const theirs = (await upload(b.officer.headers, b.caseId, form(makePdf(), 'b.pdf'))).body.data.id as string;

    // Tenant B's officer and key against tenant A's case and attachment.
    expect((await upload(b.officer.headers, a.caseId, form(makePdf(), 'x.pdf'))).status).toBe(404);
    expect((await callRoute(listRoute, 'GET', '/x', { headers: b.t.headers, params: { caseId: a.caseId } })).status).toBe(404);
    expect((await download(b.officer.headers, a.caseId, mine)).status).toBe(404);
    expect((await download(b.t.headers, a.caseId, mine)).status).toBe(404);
    // Tenant B's own case id with tenant A's attachment id, and the reverse: the link is per case.
    expect((await download(b.officer.headers, b.caseId, mine)).status).toBe(404);
    expect((await download(a.officer.headers, a.caseId, theirs)).status).toBe(404);
    // Another case of the same tenant does not serve it either.
    const other = await monitoringCaseIn(a.t);
    expect((await download(a.officer.headers, other, mine)).status).toBe(404);

    const rm = await createOfficer(a.t, 'rm');
    expect((await upload(rm.headers, a.caseId, form(makePdf(), 'x.pdf'))).status).toBe(403);
    expect((await callRoute(listRoute, 'GET', '/x', { headers: rm.headers, params: { caseId: a.caseId } })).status).toBe(403);
    expect((await download(rm.headers, a.caseId, mine)).status).toBe(403);
    expect((await upload({}, a.caseId, form(makePdf(), 'x.pdf'))).status).toBe(401);
    expect((await download({}, a.caseId, mine)).status).toBe(401);
    expect((await upload(a.t.headers, a.caseId, form(makePdf(), 'x.pdf'))).status).toBe(401);
    const list = await callRoute(listRoute, 'GET', '/x', { headers: a.officer.headers, params: { caseId: a.caseId } });
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([mine]);
  });
});

/** A second case of the same tenant (another entity). */
async function monitoringCaseIn(t: TestTenant): Promise<string> {
  const e = await createTestEntity(t.id);
  const tx = await callRoute(createTxRoute, 'POST', '/x', {
    headers: t.headers,
    body: {
      source: { method: 'Cash' },
      target: { method: 'Wallet', vIban: `ATT2-${e.id}`, entity: { id: e.id } },
      externalRef: `att2-${e.id}`,
      transactionDate: '2026-11-20T11:00:00Z',
      amount: '7',
      currency: 'SAR',
    },
  });
  return tx.body.data.triggeredAlerts[0].caseId as string;
}
