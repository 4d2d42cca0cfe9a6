import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POST as uploadRoute } from '@/app/services/crm/attachments/route';
import { GET as metaRoute } from '@/app/services/crm/attachments/[attachmentId]/route';
import { GET as contentRoute } from '@/app/services/crm/attachments/[attachmentId]/content/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { makeElf, makeMp4Header, makePdf, makePe, makePng } from '@/scripts/testing/record-factories';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-att-'));
process.env.ATTACHMENTS_DIR = dir;
const db = useTestDatabase();
const TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

function form(bytes: Uint8Array | null, filename: string, type = 'application/octet-stream', name?: string) {
  const f = new FormData();
  if (bytes) f.append('file', new Blob([bytes as BlobPart], { type }), filename);
  if (name) f.append('name', name);
  return f;
}

async function upload(headers: Record<string, string>, body: FormData) {
  return callRoute(uploadRoute, 'POST', '/services/crm/attachments', { headers, body });
}

describe('POST /attachments', () => {
  it.each([
    ['PDF', makePdf(), 'id.pdf', 'application/pdf'],
    ['PNG', makePng(), 'selfie.png', 'image/png'],
    ['MP4', makeMp4Header(), 'liveness.mp4', 'video/mp4'],
  ])('stores a %s (201, {data: Attachment, creationStatus}) typed from its bytes', async (_label, bytes, filename, mime) => {
    const t = await createTestTenant();
    // The declared type is a lie on purpose: the stored type comes from the bytes.
    const res = await upload(t.headers, form(bytes, filename, 'text/plain'));
    expect(res.status).toBe(201);
    expect(res.body.creationStatus).toBe('Created');
    const a = res.body.data;
    expect(Object.keys(a).sort()).toEqual(['createdAt', 'createdBy', 'id', 'mimeType', 'name', 'size', 'updatedAt']);
    expect(a).toMatchObject({ name: filename, mimeType: mime, size: String(bytes.byteLength), createdBy: null });
    expect(a.createdAt).toMatch(TS);
    const meta = await callRoute(metaRoute, 'GET', '/x', { headers: t.headers, params: { attachmentId: a.id } });
    expect(meta.status).toBe(200);
    expect(meta.body).toEqual(a);
    const content = await contentRoute(new Request('http://127.0.0.1/x', { headers: t.headers }), { params: Promise.resolve({ attachmentId: a.id }) });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe(mime);
    expect(content.headers.get('x-content-type-options')).toBe('nosniff');
    expect(content.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(bytes);
    // Stored outside the web root, under the tenant's folder.
    expect(fs.existsSync(path.join(dir, t.id, a.id))).toBe(true);
  });

  it('uses the optional `name` field, Arabic included', async () => {
    const t = await createTestTenant();
    const res = await upload(t.headers, form(makePdf(), 'scan.pdf', 'application/pdf', 'الهوية الوطنية - الوجه الأمامي'));
    expect(res.body.data.name).toBe('الهوية الوطنية - الوجه الأمامي');
  });

  it.each([
    ['an ELF executable renamed .pdf', makeElf(), 'invoice.pdf'],
    ['a PE executable renamed .pdf', makePe(), 'statement.pdf'],
    ['plain text', new TextEncoder().encode('hello, this is not a document'), 'notes.pdf'],
    ['HTML', new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'page.png'],
  ])('refuses %s with 415 UNSUPPORTED_MEDIA_TYPE and stores nothing', async (_label, bytes, filename) => {
    const t = await createTestTenant();
    const res = await upload(t.headers, form(bytes, filename, 'application/pdf'));
    expect(res.status).toBe(415);
    expect(res.body.errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.message.ar).toMatch(/[\u0600-\u06FF]/);
    const { rows } = await db.current().pool.query(`SELECT count(*)::int AS n FROM "Attachment" WHERE "tenantId" = $1`, [t.id]);
    expect(rows[0].n).toBe(0);
    expect(fs.existsSync(path.join(dir, t.id))).toBe(false);
  });

  it('refuses a chosen name over 200 characters with a 400 naming it; a long file name, only a default, is cut to 200', async () => {
    const t = await createTestTenant();
    const long = await upload(t.headers, form(makePdf(), 'scan.pdf', 'application/pdf', 'x'.repeat(201)));
    expect(long.status).toBe(400);
    expect(long.body.validationErrors).toEqual(['name: at most 200 characters (this one has 201)']);
    expect((await upload(t.headers, form(makePdf(), 'scan.pdf', 'application/pdf', 'x'.repeat(200)))).body.data.name).toBe('x'.repeat(200));
    const fileName = await upload(t.headers, form(makePdf(), `${'y'.repeat(300)}.pdf`, 'application/pdf'));
    expect(fileName.status).toBe(201);
    expect(fileName.body.data.name).toBe('y'.repeat(200));
  });

  it('answers 400 without a `file` part or without multipart, and 401 without a key', async () => {
    const t = await createTestTenant();
    const noFile = await upload(t.headers, form(null, '', '', 'just a name'));
    expect(noFile.status).toBe(400);
    expect(noFile.body.validationErrors[0]).toMatch(/^file: /);
    const json = await callRoute(uploadRoute, 'POST', '/x', { headers: t.headers, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect((await upload({ 'x-tenant': t.slug }, form(makePdf(), 'a.pdf'))).status).toBe(401);
  });

  it('answers 413 beyond ATTACHMENT_MAX_BYTES', async () => {
    const t = await createTestTenant();
    process.env.ATTACHMENT_MAX_BYTES = '1000';
    try {
      const big = new Uint8Array(5000);
      big.set(makePng());
      const res = await upload(t.headers, form(big, 'big.png', 'image/png'));
      expect(res.status).toBe(413);
      expect(res.body.errorCode).toBe('PAYLOAD_TOO_LARGE');
      const huge = new Uint8Array(200_000);
      huge.set(makePdf());
      expect((await upload(t.headers, form(huge, 'huge.pdf'))).status).toBe(413);
    } finally {
      delete process.env.ATTACHMENT_MAX_BYTES;
    }
  });

  it("keeps attachments tenant-scoped: another tenant's key gets 404 for metadata and content", async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const up = await upload(a.headers, form(makePdf(), 'secret.pdf'));
    for (const route of [metaRoute, contentRoute]) {
      const res = await callRoute(route, 'GET', '/x', { headers: b.headers, params: { attachmentId: up.body.data.id } });
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('NOT_FOUND');
      expect((await callRoute(route, 'GET', '/x', { headers: a.headers, params: { attachmentId: '../../etc/passwd' } })).status).toBe(404);
    }
  });
});
