import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POST as uploadRoute } from '@/app/services/crm/attachments/route';
import { callRoute } from '@/scripts/testing/api';
import { runCli } from '@/scripts/testing/cli';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { makeElf, makePdf, makePng } from '@/scripts/testing/record-factories';
import { getUploadBudgetUse, secondsUntilBudgetRenews, setUploadBudget } from './upload-budget';

process.env.ATTACHMENTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-budget-'));
const db = useTestDatabase();

function upload(tenant: TestTenant, bytes: Uint8Array, name = 'doc.pdf') {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), name);
  return callRoute(uploadRoute, 'POST', '/services/crm/attachments', { headers: tenant.headers, body: form });
}

const storedFiles = (tenantId: string) =>
  fs.existsSync(path.join(process.env.ATTACHMENTS_DIR!, tenantId)) ? fs.readdirSync(path.join(process.env.ATTACHMENTS_DIR!, tenantId)) : [];

describe('daily upload budget per tenant', () => {
  it('refuses the upload beyond the count with 429 UPLOAD_BUDGET_EXCEEDED and Retry-After until midnight UTC; other tenants are unaffected', async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    await setUploadBudget({ tenantId: tenant.id, maxCount: 3, maxBytes: 10_000_000 });
    for (let i = 0; i < 3; i++) expect((await upload(tenant, makePdf(`doc ${i}`))).status).toBe(201);
    const refused = await upload(tenant, makePdf('one too many'));
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('UPLOAD_BUDGET_EXCEEDED');
    expect(refused.body.message.ar).toMatch(/[\u0600-\u06FF]/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(Math.abs(retryAfter - secondsUntilBudgetRenews())).toBeLessThan(5);
    // The refused file was not left on disk.
    expect(storedFiles(tenant.id)).toHaveLength(3);
    expect((await upload(other, makePdf())).status).toBe(201);
  });

  it('counts bytes: a file that would take the day past the byte budget is refused, a smaller one still fits', async () => {
    const tenant = await createTestTenant();
    const pdf = makePdf('x'.repeat(2000));
    await setUploadBudget({ tenantId: tenant.id, maxCount: 100, maxBytes: pdf.byteLength * 2 + 100 });
    expect((await upload(tenant, pdf)).status).toBe(201);
    expect((await upload(tenant, pdf)).status).toBe(201);
    expect((await upload(tenant, pdf)).status).toBe(429);
    expect((await upload(tenant, makePng(2), 'tiny.png')).status).toBe(201);
    expect(await getUploadBudgetUse({ tenantId: tenant.id })).toMatchObject({ usedCount: 3, usedBytes: pdf.byteLength * 2 + makePng(2).byteLength });
  });

  it('refused content (415) and oversized files (413) take nothing from the budget', async () => {
    const tenant = await createTestTenant();
    await setUploadBudget({ tenantId: tenant.id, maxCount: 1, maxBytes: 10_000_000 });
    expect((await upload(tenant, makeElf(), 'x.pdf')).status).toBe(415);
    expect((await upload(tenant, makePdf())).status).toBe(201);
  });

  it('parallel uploads cannot overrun the budget: of 12 at once with room for 5, exactly 5 are stored', async () => {
    const tenant = await createTestTenant();
    await setUploadBudget({ tenantId: tenant.id, maxCount: 5, maxBytes: 10_000_000 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(tenant, makePdf(`parallel ${i}`))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    const rows = await db.current().pool.query(`SELECT count(*)::int AS n FROM "Attachment" WHERE "tenantId" = $1`, [tenant.id]);
    expect(rows.rows[0].n).toBe(5);
    expect(storedFiles(tenant.id)).toHaveLength(5);
  });

  it('without a budget of its own a tenant gets ATTACHMENT_DAILY_MAX_COUNT / _BYTES', async () => {
    const tenant = await createTestTenant();
    process.env.ATTACHMENT_DAILY_MAX_COUNT = '2';
    try {
      expect((await upload(tenant, makePdf('a'))).status).toBe(201);
      expect((await upload(tenant, makePdf('b'))).status).toBe(201);
      expect((await upload(tenant, makePdf('c'))).status).toBe(429);
    } finally {
      delete process.env.ATTACHMENT_DAILY_MAX_COUNT;
    }
    expect((await upload(tenant, makePdf('d'))).status).toBe(201);
  });

  it('npm run crm -- tenant:upload-budget shows and sets it', async () => {
    const tenant = await createTestTenant();
    const set = await runCli(db.current().url, ['tenant:upload-budget', '--tenant', tenant.slug, '--count', '7']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ maxCount: 7, maxBytes: 20 * 1024 ** 3, usedCount: 0, usedBytes: 0 });
    const bad = await runCli(db.current().url, ['tenant:upload-budget', '--tenant', tenant.slug, '--bytes', 'lots']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--bytes/);
  }, 60_000);
});
