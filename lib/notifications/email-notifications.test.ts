import type { AddressInfo } from 'node:net';
import type { Runner } from 'graphile-worker';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { callRoute } from '@/scripts/testing/api';
import { createTestEntity, individualInput } from '@/scripts/testing/record-factories';
import { startWorker } from '@/lib/jobs/worker';
import { PATCH as patchStatus } from '@/app/services/crm/entities/client/[entityId]/status/route';

// A real SMTP receiver on 127.0.0.1 and the real worker: a status change with emailOptions.notify
// must reach the client's mailbox in the language asked for.
const db = useTestDatabase();
const received: ParsedMail[] = [];
let rejectNext = 0;
let smtp: SMTPServer;
let worker: Runner;
let smtpUrl = '';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (rejectNext > 0) {
          rejectNext -= 1;
          return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }));
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  worker = await startWorker({ connectionString: db.current().url, concurrency: 2 });
});

afterAll(async () => {
  await worker?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  delete process.env.SMTP_URL;
});

async function notificationRows(entityId: string) {
  return (await db.current().pool.query(`SELECT * FROM "EmailNotification" WHERE "entityId" = $1 ORDER BY "createdAt"`, [entityId])).rows;
}

function patch(tenant: Awaited<ReturnType<typeof createTestTenant>>, entityId: string, body: unknown) {
  return callRoute(patchStatus, 'PATCH', `/services/crm/entities/client/${entityId}/status`, { headers: tenant.headers, body, params: { entityId } });
}

describe('client status e-mail (emailOptions.notify)', () => {
  it('sends the Arabic e-mail over SMTP with the new status, the reason and an rtl HTML part', async () => {
    process.env.SMTP_URL = smtpUrl;
    const tenant = await createTestTenant({ nameEn: 'Alpha Capital', nameAr: 'ألفا كابيتال' });
    const client = await createTestEntity(tenant.id, 'Client', individualInput({ email: 'sara@example.sa', nameEn: 'Sara Al-Harbi', nameAr: 'سارة الحربي' }));
    const res = await patch(tenant, client.id, {
      status: 'Blocked',
      reason: 'Expired identity <b>document</b>',
      emailOptions: { notify: true, language: 'ar' },
    });
    expect(res.status).toBe(200);
    await expect.poll(() => received.filter((m) => m.to && JSON.stringify(m.to).includes('sara@example.sa')).length, { timeout: 15_000 }).toBe(1);
    const mail = received.find((m) => JSON.stringify(m.to).includes('sara@example.sa'))!;
    expect(mail.subject).toBe('أصبحت حالة حسابك لدى ألفا كابيتال: محظور');
    expect(mail.text).toContain('عميلنا العزيز سارة الحربي،');
    expect(mail.text).toContain('من «نشط» إلى «محظور»');
    expect(mail.text).toContain('السبب: Expired identity <b>document</b>');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('Expired identity &#60;b&#62;document&#60;/b&#62;');
    await expect.poll(async () => (await notificationRows(client.id))[0]?.status, { timeout: 10_000 }).toBe('Sent');
    const [row] = await notificationRows(client.id);
    expect(row).toMatchObject({ recipient: 'sara@example.sa', language: 'ar', kind: 'entity.status', attempts: 1 });
    expect(row.messageId).toBe(mail.messageId);
  });

  it('retries a message the SMTP server refuses, and records each attempt', async () => {
    process.env.SMTP_URL = smtpUrl;
    rejectNext = 1;
    const tenant = await createTestTenant({ nameEn: 'Beta Bank' });
    const client = await createTestEntity(tenant.id, 'Client', individualInput({ email: 'omar@example.sa', nameEn: 'Omar Al-Qahtani' }));
    expect((await patch(tenant, client.id, { status: 'Deactivated', emailOptions: { notify: true, language: 'en' } })).status).toBe(200);
    // graphile-worker's first retry comes after about e^1 seconds.
    await expect.poll(async () => (await notificationRows(client.id))[0]?.status, { timeout: 20_000, interval: 250 }).toBe('Sent');
    const [row] = await notificationRows(client.id);
    expect(row.attempts).toBe(2);
    const mail = received.find((m) => JSON.stringify(m.to).includes('omar@example.sa'))!;
    expect(mail.subject).toBe('Your account status with Beta Bank is now Deactivated');
    expect(mail.text).toContain('Dear Omar Al-Qahtani,');
    expect(mail.html).toContain('dir="ltr"');
  });

  it('without SMTP_URL the notification is recorded as Skipped, and the status still changes', async () => {
    delete process.env.SMTP_URL;
    const tenant = await createTestTenant();
    const client = await createTestEntity(tenant.id, 'Client', individualInput({ email: 'no-smtp@example.sa' }));
    expect((await patch(tenant, client.id, { status: 'Blocked', emailOptions: { notify: true, language: 'en' } })).status).toBe(200);
    await expect.poll(async () => (await notificationRows(client.id))[0]?.status, { timeout: 10_000 }).toBe('Skipped');
    expect(received.some((m) => JSON.stringify(m.to).includes('no-smtp@example.sa'))).toBe(false);
  });

  it('notify for a client without an e-mail address is a bilingual 400 naming the field, and nothing changes', async () => {
    const tenant = await createTestTenant();
    const client = await createTestEntity(tenant.id, 'Client', individualInput({ email: undefined }));
    const res = await patch(tenant, client.id, { status: 'Blocked', emailOptions: { notify: true, language: 'ar' } });
    expect(res.status).toBe(400);
    const body = res.body;
    expect(body.errorCode).toBe('VALIDATION_ERROR');
    expect(body.message.ar).toBeTruthy();
    expect(body.validationErrors.join(' ')).toContain('emailOptions.notify');
    expect((await db.current().pool.query(`SELECT status FROM "Entity" WHERE id = $1`, [client.id])).rows[0].status).toBe('Active');
    expect(await notificationRows(client.id)).toEqual([]);
  });

  it('no notify, no e-mail', async () => {
    const tenant = await createTestTenant();
    const client = await createTestEntity(tenant.id, 'Client', individualInput());
    expect((await patch(tenant, client.id, { status: 'Blocked', emailOptions: { notify: false, language: 'en' } })).status).toBe(200);
    expect((await patch(tenant, client.id, { status: 'Active' })).status).toBe(200);
    expect(await notificationRows(client.id)).toEqual([]);
  });
});
