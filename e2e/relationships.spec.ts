import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL, E2E_SMTP_PORT, SEED_ENV } from './fixtures/env';
import { expect, expectAccessible, expectFitsWidth, SCREENSHOT_DIR, signIn, snap, test, USERS } from './fixtures/test';

// Relationships end to end against the production build: the confirmation e-mail travels through
// the server's worker to a real SMTP receiver in this process, the link in it is opened in
// Chromium without signing in, and the decision reaches a real webhook receiver here. Then the
// officers' approval queue and the ownership diagram, in English and Arabic, at desktop and 390 px.

const inbox: ParsedMail[] = [];
const hooks: { event: string; body: string }[] = [];
let smtp: SMTPServer;
let receiver: http.Server;
let db: pg.Client;
const keys: Record<'alpha' | 'beta', string> = { alpha: '', beta: '' };
const root = path.resolve(import.meta.dirname, '..');

function crm(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/crm.ts', ...args],
      { cwd: root, env: { ...process.env, ...SEED_ENV, WEBHOOK_ALLOW_LOOPBACK: 'true', LOG_LEVEL: 'warn' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout, stderr }),
    ),
  );
}

test.beforeAll(async () => {
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
  await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hooks.push({ event: String(req.headers['x-webhook-event']), body });
      if (req.headers['x-webhook-event'] === 'handshake') res.end((JSON.parse(body) as { challenge: string }).challenge);
      else res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  db = new pg.Client({ connectionString: SEED_ENV.DATABASE_URL });
  await db.connect();
  for (const tenant of ['alpha', 'beta'] as const) {
    const out = await crm('apikey:create', '--tenant', `e2e-${tenant}`, '--label', 'relationships-e2e');
    expect(out.code, out.stderr).toBe(0);
    keys[tenant] = (JSON.parse(out.stdout) as { apiKey: string }).apiKey;
  }
  // Beta's webhook (alpha's is the webhook administration spec's): only relationship events.
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const registered = await crm(
    'webhook:register',
    '--tenant',
    'e2e-beta',
    '--url',
    url,
    '--secret',
    'e2e-relationship-secret',
    '--events',
    'RelationshipApprovalUpdate',
  );
  expect(registered.code, registered.stderr).toBe(0);
});

test.afterAll(async () => {
  await db?.end();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function api<T = any>(request: APIRequestContext, tenant: 'alpha' | 'beta', route: string, data: unknown): Promise<T> {
  const res = await request.post(`${BASE_URL}/services/crm${route}`, { data, headers: { 'x-api-key': keys[tenant], 'x-tenant': `e2e-${tenant}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

const uniq = () => Math.random().toString(36).slice(2, 8);
const person = (request: APIRequestContext, tenant: 'alpha' | 'beta', nameEn: string, nameAr: string, email?: string) =>
  api<{ data: { id: string } }>(request, tenant, '/entities/screening', { nameEn, nameAr, ...(email ? { email } : {}) }).then((r) => r.data.id);
const company = (request: APIRequestContext, tenant: 'alpha' | 'beta', nameEn: string, nameAr: string) =>
  api<{ data: { id: string } }>(request, tenant, '/entities/screening', { nameEn, nameAr, type: 'Organization' }).then((r) => r.data.id);
const link = (request: APIRequestContext, tenant: 'alpha' | 'beta', body: Record<string, unknown>) =>
  api<{ data: { id: string }[] }>(request, tenant, '/entity-relationships/invite', body).then((r) => r.data.map((x) => x.id));

async function linkIn(email: string): Promise<{ mail: ParsedMail; url: string }> {
  await expect.poll(() => inbox.some((m) => JSON.stringify(m.to).includes(email)), { timeout: 30_000 }).toBe(true);
  const mail = inbox.filter((m) => JSON.stringify(m.to).includes(email)).at(-1)!;
  const url = new RegExp(`${BASE_URL.replace(/[.]/g, '\\.')}/(en|ar)/relationships/confirm/[A-Za-z0-9_-]+`).exec(mail.text ?? '')![0];
  return { mail, url };
}

async function phone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, name);
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('the e-mail loop: invite → e-mail → link opened without signing in → Approve → Approved, webhook delivered, audited; the link works once', async ({
  browser,
  request,
}) => {
  const email = `faisal.${uniq()}@example.sa`;
  const org = await company(request, 'beta', 'Najd Trading Company', 'شركة نجد للتجارة');
  const holder = await person(request, 'beta', 'Faisal Al-Harbi', 'فيصل الحربي', email);
  const [relationshipId] = await link(request, 'beta', {
    sourceEntityId: org,
    targetEntityId: holder,
    language: 'en',
    relationships: [{ type: 'IsShareholderOf', ownershipPercent: '35', isConfirmationRequired: true, validFrom: '2025-01-01T00:00:00Z' }],
  });
  const { mail, url } = await linkIn(email);
  expect(mail.subject).toBe('Beta Finance: please confirm your relationship with Najd Trading Company');

  const context = await browser.newContext(); // no session: the related party is not an officer
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm a relationship' })).toBeVisible();
  await expect(page.getByTestId('confirmation-statement')).toHaveText('Faisal Al-Harbi is a shareholder of Najd Trading Company.');
  await expect(page.getByText('35%')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'relationship-confirm-en');
  await phone(page, 'relationship-confirm-en-390');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('confirmation-outcome')).toContainText('You approved this relationship.');
  await snap(page, 'relationship-confirmed-en');

  const row = await db.query(`SELECT "approvalStatus", "decidedBy" FROM "Relationship" WHERE id = $1`, [relationshipId]);
  expect(row.rows[0]).toEqual({ approvalStatus: 'Approved', decidedBy: 'RelatedParty' });
  const audit = await db.query(`SELECT action, "actorType" FROM "AuditLog" WHERE "targetId" = $1 ORDER BY "createdAt"`, [relationshipId]);
  // The first two share their transaction's timestamp: compare as a set.
  expect(audit.rows.map((r) => `${r.action}:${r.actorType}`).sort()).toEqual([
    'relationship.approve:relatedParty',
    'relationship.create:apiKey',
    'relationship.invitation.send:apiKey',
  ]);
  await expect
    .poll(
      () =>
        hooks.some(
          (h) =>
            h.event === 'RelationshipApprovalUpdate' &&
            JSON.parse(h.body).data.relationshipId === relationshipId &&
            JSON.parse(h.body).data.approvalStatus === 'Approved',
        ),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);

  // The same link again: a clear page, nothing changes. A tampered one: not valid.
  await page.goto(url);
  await expect(page.getByTestId('confirmation-outcome')).toContainText('This link has already been used');
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await page.goto(url.slice(0, -2) + (url.endsWith('AA') ? 'BB' : 'AA'));
  await expect(page.getByTestId('confirmation-outcome')).toContainText('This link is not valid');
  await expectAccessible(page);
  await context.close();
});

test('Arabic: the related party rejects with a comment on the page written from right to left', async ({ browser, request }) => {
  const email = `noura.${uniq()}@example.sa`;
  const minor = await person(request, 'beta', 'Yousef Al-Shehri', 'يوسف الشهري');
  // A woman: the page and the e-mail address her in the feminine.
  const guardian = await api<{ data: { id: string } }>(request, 'beta', '/entities/screening', {
    nameEn: 'Noura Al-Shehri',
    nameAr: 'نورة الشهري',
    email,
    gender: 'Female',
  }).then((r) => r.data.id);
  const [relationshipId] = await link(request, 'beta', {
    sourceEntityId: minor,
    targetEntityId: guardian,
    language: 'ar',
    relationships: [{ type: 'LegalGuardian', isConfirmationRequired: true }],
  });
  const { mail, url } = await linkIn(email);
  expect(mail.subject).toBe('بيتا للتمويل: يرجى تأكيد العلاقة المسجّلة مع يوسف الشهري');
  expect(mail.text).toContain('عزيزتنا نورة الشهري،');
  expect(mail.text).toContain('سجّلتك بيتا للتمويل بصفتك وليّةً شرعيّةً على يوسف الشهري.');
  expect(url).toContain('/ar/relationships/confirm/');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'تأكيد علاقة' })).toBeVisible();
  await expect(page.getByTestId('confirmation-statement')).toHaveText('نورة الشهري بصفتها وليّةً شرعيّةً على يوسف الشهري.');
  await expectAccessible(page);
  await snap(page, 'relationship-confirm-ar');
  await phone(page, 'relationship-confirm-ar-390');
  await page.getByLabel('تعليق (اختياري)').fill('لست الولي الشرعي لهذا القاصر');
  await page.getByRole('button', { name: 'رفض' }).click();
  await expect(page.getByTestId('confirmation-outcome')).toContainText('رفضت هذه العلاقة');
  await snap(page, 'relationship-rejected-ar');
  const row = await db.query(`SELECT "approvalStatus", "decisionReason" FROM "Relationship" WHERE id = $1`, [relationshipId]);
  expect(row.rows[0]).toEqual({ approvalStatus: 'Rejected', decisionReason: 'لست الولي الشرعي لهذا القاصر' });
  await context.close();
});

test('the approval queue and the ownership diagram, in English and Arabic', async ({ page, request }) => {
  // Alpha: an organization owned 80% by a holding (60% Sara, 40% Omar) and 20% directly by Laila;
  // two pending confirmations for the queue.
  const org = await company(request, 'alpha', 'Red Sea Logistics', 'البحر الأحمر للخدمات اللوجستية');
  const holding = await company(request, 'alpha', 'Al-Otaibi Family Holding', 'شركة العتيبي القابضة');
  const sara = await person(request, 'alpha', 'Sara Al-Otaibi', 'سارة العتيبي');
  const omar = await person(request, 'alpha', 'Omar Al-Otaibi', 'عمر العتيبي');
  const laila = await person(request, 'alpha', 'Laila Al-Harbi', 'ليلى الحربي');
  await link(request, 'alpha', { sourceEntityId: org, targetEntityId: holding, relationships: [{ type: 'IsShareholderOf', ownershipPercent: '80' }] });
  await link(request, 'alpha', { sourceEntityId: holding, targetEntityId: sara, relationships: [{ type: 'IsShareholderOf', ownershipPercent: '60' }] });
  await link(request, 'alpha', { sourceEntityId: holding, targetEntityId: omar, relationships: [{ type: 'IsShareholderOf', ownershipPercent: '40' }] });
  await link(request, 'alpha', { sourceEntityId: org, targetEntityId: laila, relationships: [{ type: 'IsShareholderOf', ownershipPercent: '20' }] });
  const director = await person(request, 'alpha', 'Hamad Al-Dosari', 'حمد الدوسري', `hamad.${uniq()}@example.sa`);
  const signatory = await person(request, 'alpha', 'Reem Al-Qahtani', 'ريم القحطاني', `reem.${uniq()}@example.sa`);
  const [toApprove] = await link(request, 'alpha', {
    sourceEntityId: org,
    targetEntityId: director,
    relationships: [{ type: 'IsDirectorOf', isConfirmationRequired: true }],
  });
  const [toResend] = await link(request, 'alpha', {
    sourceEntityId: org,
    targetEntityId: signatory,
    relationships: [{ type: 'IsAuthorizedSignatoryOf', isConfirmationRequired: true }],
  });

  await signIn(page, USERS.officer);
  await page.getByRole('link', { name: 'Relationship approvals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Relationship approvals' })).toBeVisible();
  const row = page.getByTestId(`relationship-${toApprove}`);
  await expect(row).toContainText('Hamad Al-Dosari');
  await expect(row).toContainText('is a director of');
  await expect(row).toContainText('Awaiting confirmation');
  await expectAccessible(page);
  await snap(page, 'relationship-approvals-en');
  await phone(page, 'relationship-approvals-en-390');

  // Approve on behalf: a reason is required, then a confirmation.
  await row.getByRole('button', { name: 'Approve on behalf' }).click();
  await expect(row.getByRole('alert')).toHaveText('A reason is required.');
  await row.getByLabel('Reason').fill('Confirmed in person at the Olaya branch');
  await row.getByRole('button', { name: 'Approve on behalf' }).click();
  await expect(row.getByRole('alertdialog')).toContainText('Approve this relationship on behalf of Hamad Al-Dosari?');
  await row.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId(`relationship-${toApprove}`)).toHaveCount(0);
  await page.getByRole('link', { name: 'Decided (30 days)' }).click();
  await expect(page.getByTestId(`relationship-${toApprove}`).getByTestId('decision')).toContainText('by an officer on their behalf');
  await expect(page.getByTestId(`relationship-${toApprove}`).getByTestId('decision')).toContainText('Confirmed in person at the Olaya branch');

  // Resend: a new e-mail reaches the signatory.
  await page.getByRole('link', { name: 'Awaiting confirmation' }).click();
  const before = inbox.length;
  const resendRow = page.getByTestId(`relationship-${toResend}`);
  await resendRow.getByRole('button', { name: 'Resend e-mail' }).click();
  await resendRow.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId(`notice-${toResend}`)).toHaveText('A new confirmation e-mail is on its way.');
  await expect.poll(() => inbox.length, { timeout: 30_000 }).toBeGreaterThan(before);

  // Arabic queue.
  await page.goto('/ar/relationships/approvals');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'موافقات العلاقات' })).toBeVisible();
  await expect(page.getByTestId(`relationship-${toResend}`)).toContainText('بانتظار التأكيد');
  await expectAccessible(page);
  await snap(page, 'relationship-approvals-ar');
  await phone(page, 'relationship-approvals-ar-390');

  // The organization's profile: relationships both ways, beneficial owners and the diagram.
  for (const locale of ['en', 'ar'] as const) {
    await page.goto(`/${locale}/entities/${org}`);
    const owners = page.getByTestId('beneficial-owners');
    await expect(owners).toContainText(locale === 'en' ? 'Sara Al-Otaibi' : 'سارة العتيبي');
    const n = (value: number) => new Intl.NumberFormat(locale).format(value);
    await expect(owners).toContainText(locale === 'en' ? '48% effective' : `${n(48)}% ملكية فعلية`);
    await expect(owners).toContainText(locale === 'en' ? '32% effective' : `${n(32)}% ملكية فعلية`);
    await expect(owners).not.toContainText(locale === 'en' ? 'Laila' : 'ليلى');
    const diagram = page.getByTestId('ownership-diagram');
    await expect(diagram.locator('.react-flow__node')).toHaveCount(5);
    await expect(diagram.locator('.react-flow__edge')).toHaveCount(4);
    await expect(diagram).toContainText('80%');
    await expect(page.getByTestId('relationship-list')).toContainText(locale === 'en' ? 'Awaiting confirmation' : 'بانتظار التأكيد');
    // Right-to-left: the layers read from the right (Al-Otaibi holding's owners, sorted by name, mirror).
    if (locale === 'ar') {
      const omarBox = (await diagram.locator('.react-flow__node', { hasText: 'عمر العتيبي' }).boundingBox())!;
      const saraBox = (await diagram.locator('.react-flow__node', { hasText: 'سارة العتيبي' }).boundingBox())!;
      expect(saraBox.x).toBeGreaterThan(omarBox.x); // س sorts before ع in Arabic: first from the right
    }
    await expectAccessible(page);
    await page.getByTestId('ownership-diagram').scrollIntoViewIfNeeded();
    await snap(page, `relationship-ownership-${locale}`);
    await phone(page, `relationship-ownership-${locale}-390`);
  }
  // The holding company's profile shows the relationship from the other side.
  await page.goto(`/en/entities/${holding}`);
  await expect(page.getByTestId('relationship-list')).toContainText('Red Sea Logistics');
  await expect(page.getByTestId('relationship-list')).toContainText('is a shareholder of');
  void sara;
  void omar;
  void laila;
});

test('the ownership diagram on a 390 px phone: cards at a readable size, scrolling sideways in their own labelled region, in English and Arabic', async ({
  page,
  request,
}) => {
  // Three owners in one layer: wider than a phone at a readable size.
  const org = await company(request, 'alpha', 'Eastern Province Marine Services', 'الخدمات البحرية للمنطقة الشرقية');
  const holding = await company(request, 'alpha', 'Al-Zahrani Investment Holding', 'شركة الزهراني للاستثمار القابضة');
  const owners = [
    await person(request, 'alpha', 'Abdulrahman Al-Zahrani', 'عبدالرحمن الزهراني'),
    await person(request, 'alpha', 'Mohammed Al-Zahrani', 'محمد الزهراني'),
    await person(request, 'alpha', 'Nawal Al-Ghamdi', 'نوال الغامدي'),
  ];
  await link(request, 'alpha', { sourceEntityId: org, targetEntityId: holding, relationships: [{ type: 'IsShareholderOf', ownershipPercent: '70' }] });
  for (const [index, owner] of owners.entries()) {
    await link(request, 'alpha', {
      sourceEntityId: holding,
      targetEntityId: owner,
      relationships: [{ type: 'IsShareholderOf', ownershipPercent: ['40', '35', '25'][index] }],
    });
  }
  await signIn(page, USERS.officer);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const locale of ['en', 'ar'] as const) {
    await page.goto(`/${locale}/entities/${org}`);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    const diagram = page.getByTestId('ownership-diagram');
    await expect(diagram.locator('.react-flow__node')).toHaveCount(5);
    await diagram.scrollIntoViewIfNeeded();
    await snap(page, `relationship-ownership-phone-${locale}-390`);
    await page
      .locator('section[aria-labelledby="ownership-title"]')
      .screenshot({ path: path.join(SCREENSHOT_DIR, `relationship-ownership-card-${locale}-390.png`) });
    // Readable: each card keeps at least 90% of its width (w-48, 192 px at full size), no name spills out of its
    // card, and no card is cut off by the diagram's frame (scrolling reaches every one).
    const cards = await diagram.locator('.react-flow__node').evaluateAll((nodes) => {
      const frame = nodes[0].closest('.react-flow')!.getBoundingClientRect();
      return nodes.map((node) => {
        const card = node.firstElementChild as HTMLElement;
        const box = card.getBoundingClientRect();
        const name = card.querySelector('p')!;
        return {
          name: name.textContent,
          width: Math.round(box.width),
          spills:
            name.scrollWidth > name.clientWidth + 1 || name.getBoundingClientRect().right > box.right + 1 || name.getBoundingClientRect().left < box.left - 1,
          cut: box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1,
        };
      });
    });
    for (const card of cards) {
      expect(card.width, `${locale}: "${card.name}" is squeezed to ${card.width}px`).toBeGreaterThanOrEqual(172);
      expect(card.spills, `${locale}: "${card.name}" spills out of its card`).toBe(false);
      expect(card.cut, `${locale}: "${card.name}" is cut off by the diagram's frame`).toBe(false);
    }
    // The diagram scrolls inside its own region, not the page; a visible hint says so.
    await expectFitsWidth(page, `${locale} entity profile at 390 px`);
    const region = page.getByRole('region', {
      name: locale === 'en' ? 'Ownership diagram of Eastern Province Marine Services' : 'مخطط ملكية الخدمات البحرية للمنطقة الشرقية',
    });
    await expect(region).toBeVisible();
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(
      diagram.getByText(
        locale === 'en' ? 'Swipe sideways or use the arrow keys to see the whole diagram.' : 'اسحب أفقيًا أو استخدم مفاتيح الأسهم لعرض المخطط كاملًا.',
      ),
    ).toBeVisible();
    // Reachable with Tab, and the arrow keys scroll it.
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await region.evaluate((el) => el === document.activeElement);
    }
    expect(reached, `${locale}: Tab never reaches the diagram's scroll region`).toBe(true);
    const before = await region.evaluate((el) => el.scrollLeft);
    await page.keyboard.press(locale === 'en' ? 'ArrowRight' : 'ArrowLeft');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).not.toBe(before);
    await expectAccessible(page);
  }
  // At a desktop width the same diagram fits its frame: no hint, no scrolling, not a tab stop.
  await page.setViewportSize({ width: 1366, height: 900 });
  for (const locale of ['en', 'ar'] as const) {
    await page.goto(`/${locale}/entities/${org}`);
    const diagram = page.getByTestId('ownership-diagram');
    await expect(diagram.locator('.react-flow__node')).toHaveCount(5);
    await expect(diagram.locator('p[id]')).toHaveCount(0);
    await expect(
      page.getByRole('region', {
        name: locale === 'en' ? 'Ownership diagram of Eastern Province Marine Services' : 'مخطط ملكية الخدمات البحرية للمنطقة الشرقية',
      }),
    ).not.toHaveAttribute('tabindex');
    await page
      .locator('section[aria-labelledby="ownership-title"]')
      .screenshot({ path: path.join(SCREENSHOT_DIR, `relationship-ownership-card-${locale}-1366.png`) });
  }
});
