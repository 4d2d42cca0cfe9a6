import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as inviteRoute } from '@/app/services/crm/entity-relationships/invite/route';
import { POST as resendRoute } from '@/app/services/crm/entity-relationships/[relationshipId]/resend/route';
import { POST as confirmRoute } from '@/app/services/crm/relationship-confirmations/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { sessionHeaders } from '@/scripts/testing/session';
import { createTestEntity, individualInput, organizationInput } from '@/scripts/testing/record-factories';
import { registerReceiver, useFastWebhookSettings, useWorkerAndReceivers } from '@/scripts/testing/webhooks/fixtures';
import type { Receiver } from '@/scripts/testing/webhooks/receiver';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { getInvitationByToken } from './decide-relationship';

// The whole loop with real parts: the invite writes the e-mail, the real worker sends it to a real
// SMTP receiver on 127.0.0.1, the link in the received e-mail is followed to the public
// confirmation route, and the decision reaches a real webhook receiver. (The same loop in
// Chromium against the production build: e2e/relationships.spec.ts.)
useFastWebhookSettings();
// http: an https NEXTAUTH_URL would make the session cookie __Secure- (sessionHeaders mints the plain one).
process.env.NEXTAUTH_URL = 'http://crm.bank.example';
const db = useTestDatabase();
const webhooks = useWorkerAndReceivers(db);
const inbox: ParsedMail[] = [];
let smtp: SMTPServer;
let receiver: Receiver;
let tenant: TestTenant;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => void simpleParser(Buffer.concat(chunks)).then((mail) => (inbox.push(mail), callback())));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  receiver = await webhooks.receiver();
  tenant = await createTestTenant({ nameEn: 'Alpha Capital', nameAr: 'ألفا كابيتال' });
  await registerReceiver(tenant.id, receiver.url, ['RelationshipApprovalUpdate']);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.RELATIONSHIP_INVITE_TTL_HOURS;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const rows = async (sql: string, params: unknown[] = []) => (await db.current().pool.query(sql, params)).rows;

async function invitePending(language: 'en' | 'ar' = 'en') {
  const company = await createTestEntity(tenant.id, 'Client', organizationInput({ nameEn: 'Najd Trading', nameAr: 'نجد للتجارة', type: 'Organization' }));
  const email = `holder.${Math.random().toString(36).slice(2)}@example.sa`;
  const holder = await createTestEntity(tenant.id, 'Screening', individualInput({ nameEn: 'Faisal Al-Harbi', nameAr: 'فيصل الحربي', email }));
  const res = await callRoute(inviteRoute, 'POST', '/services/crm/entity-relationships/invite', {
    headers: tenant.headers,
    body: {
      sourceEntityId: company.id,
      targetEntityId: holder.id,
      language,
      relationships: [{ type: 'IsShareholderOf', ownershipPercent: '35', isConfirmationRequired: true }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data[0].id as string, email, companyId: company.id, holderId: holder.id };
}

async function linkFor(email: string): Promise<{ mail: ParsedMail; url: string; token: string }> {
  await expect.poll(() => inbox.filter((m) => JSON.stringify(m.to).includes(email)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mail = inbox.filter((m) => JSON.stringify(m.to).includes(email)).at(-1)!;
  const url = /http:\/\/crm\.bank\.example\/(en|ar)\/relationships\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
  return { mail, url, token: url.split('/').at(-1)! };
}

const confirm = (fields: Record<string, string>, accept = 'application/json') =>
  callRoute(confirmRoute, 'POST', '/services/crm/relationship-confirmations', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept, 'x-forwarded-for': '203.0.113.7' },
    body: new URLSearchParams(fields).toString(),
  });

describe('confirmation by e-mail', () => {
  it('invite → e-mail over SMTP → link → Approve: Approved, audited as the related party, webhook delivered; the token is single-use and never stored', async () => {
    const { id, email } = await invitePending('en');
    const { mail, url, token } = await linkFor(email);
    expect(mail.subject).toBe('Alpha Capital: please confirm your relationship with Najd Trading');
    expect(mail.text).toContain('Alpha Capital has recorded you as a shareholder of Najd Trading.');
    expect(url).toBe(`http://crm.bank.example/en/relationships/confirm/${token}`);
    expect(mail.html).toContain(`<a href="${url}" dir="ltr">`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing in the database can open the link: the e-mail row lost its sealed copy once sent.
    await expect
      .poll(async () => (await rows(`SELECT status, sealed FROM "EmailNotification" WHERE recipient = $1`, [email]))[0], { timeout: 10_000 })
      .toEqual({
        status: 'Sent',
        sealed: null,
      });
    const dump = JSON.stringify(
      await rows(`SELECT e.*, i.* FROM "EmailNotification" e, "RelationshipInvitation" i WHERE e.recipient = $1 AND i."relationshipId" = $2`, [email, id]),
    );
    expect(dump).not.toContain(token);

    expect((await getInvitationByToken({ token }))?.state).toBe('open');
    const res = await confirm({ token, decision: 'Approve' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { relationshipId: id, approvalStatus: 'Approved' } });
    expect((await rows(`SELECT "approvalStatus", "decidedBy" FROM "Relationship" WHERE id = $1`, [id]))[0]).toEqual({
      approvalStatus: 'Approved',
      decidedBy: 'RelatedParty',
    });
    const audit = await rows(`SELECT action, "actorType" FROM "AuditLog" WHERE "targetId" = $1 AND action = 'relationship.approve'`, [id]);
    expect(audit).toEqual([{ action: 'relationship.approve', actorType: 'relatedParty' }]);
    await expect
      .poll(() => receiver.events().find((e) => JSON.parse(e.body).data.relationshipId === id && JSON.parse(e.body).data.approvalStatus === 'Approved'), {
        timeout: 15_000,
      })
      .toBeTruthy();
    const delivered = JSON.parse(
      receiver.events().find((e) => JSON.parse(e.body).data.approvalStatus === 'Approved' && JSON.parse(e.body).data.relationshipId === id)!.body,
    );
    expect(delivered).toMatchObject({
      type: 'RelationshipApprovalUpdate',
      tenant: tenant.slug,
      data: { previousApprovalStatus: 'PendingTargetApproval', decidedBy: 'RelatedParty' },
    });

    // Single use: the same link again changes nothing.
    const again = await confirm({ token, decision: 'Reject' });
    expect(again.status).toBe(409);
    expect((await getInvitationByToken({ token }))?.state).toBe('used');
    expect((await rows(`SELECT "approvalStatus" FROM "Relationship" WHERE id = $1`, [id]))[0].approvalStatus).toBe('Approved');
  });

  it('Reject from a plain HTML form (no JavaScript): 303 back to the page with the outcome, in Arabic', async () => {
    const { id, email } = await invitePending('ar');
    const { mail, token } = await linkFor(email);
    expect(mail.subject).toBe('ألفا كابيتال: يرجى تأكيد العلاقة المسجّلة مع نجد للتجارة');
    expect(mail.text).toContain('عزيزنا فيصل الحربي،');
    expect(mail.html).toContain('dir="rtl"');
    const res = await confirm({ token, decision: 'Reject', reason: 'لست مساهمًا في هذه الشركة', locale: 'ar' }, 'text/html,application/xhtml+xml');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/ar/relationships/confirm/${token}?result=rejected`);
    expect((await rows(`SELECT "approvalStatus", "decisionReason" FROM "Relationship" WHERE id = $1`, [id]))[0]).toEqual({
      approvalStatus: 'Rejected',
      decisionReason: 'لست مساهمًا في هذه الشركة',
    });
  });

  it('a tampered or unknown token is 404 and changes nothing; a replaced link is 409 after a resend', async () => {
    const { id, email } = await invitePending();
    const { token } = await linkFor(email);
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await confirm({ token: tampered, decision: 'Approve' })).status).toBe(404);
    expect(await getInvitationByToken({ token: tampered })).toBeNull();
    expect((await confirm({ token: 'short', decision: 'Approve' })).status).toBe(400);
    const officer = await sessionHeaders({ tenantId: tenant.id, role: 'officer' });
    const before = inbox.length;
    expect(
      (await callRoute(resendRoute, 'POST', `/services/crm/entity-relationships/${id}/resend`, { headers: officer, body: {}, params: { relationshipId: id } }))
        .status,
    ).toBe(200);
    await expect.poll(() => inbox.length, { timeout: 15_000 }).toBe(before + 1);
    expect((await confirm({ token, decision: 'Approve' })).status).toBe(409);
    expect((await getInvitationByToken({ token }))?.state).toBe('revoked');
    const { token: fresh } = await linkFor(email);
    expect(fresh).not.toBe(token);
    expect((await confirm({ token: fresh, decision: 'Approve' })).status).toBe(200);
  });

  it('expiry: with a short TTL the scheduled job marks it Expired (event and audit); the link then changes nothing', async () => {
    process.env.RELATIONSHIP_INVITE_TTL_HOURS = String(1 / 3600); // one second
    const { id, email } = await invitePending();
    delete process.env.RELATIONSHIP_INVITE_TTL_HOURS;
    const { token } = await linkFor(email);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await getInvitationByToken({ token }))?.state).toBe('expired');
    expect((await confirm({ token, decision: 'Approve' })).status).toBe(409);
    // The cron task, run now by the real worker rather than at the next minute.
    await rows(`SELECT graphile_worker.add_job('relationships:expire')`);
    await expect
      .poll(async () => (await rows(`SELECT "approvalStatus" FROM "Relationship" WHERE id = $1`, [id]))[0].approvalStatus, { timeout: 10_000 })
      .toBe('Expired');
    expect(await rows(`SELECT action, "actorType" FROM "AuditLog" WHERE "targetId" = $1 AND action = 'relationship.expire'`, [id])).toEqual([
      { action: 'relationship.expire', actorType: 'system' },
    ]);
    await expect
      .poll(() => receiver.events().some((e) => JSON.parse(e.body).data.relationshipId === id && JSON.parse(e.body).data.approvalStatus === 'Expired'), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('rate limited per client address: 429 with Retry-After', async () => {
    resetRateLimits();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await confirm({ token: `unknown-token-${'x'.repeat(30)}${i}`, decision: 'Approve' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    const limited = await confirm({ token: `unknown-token-${'x'.repeat(30)}`, decision: 'Approve' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    resetRateLimits();
  });
});
