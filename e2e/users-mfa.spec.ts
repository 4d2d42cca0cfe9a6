import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Page } from '@playwright/test';
import { BASE_URL, E2E_SMTP_PORT } from './fixtures/env';
import { answerTotp, expect, expectAccessible, expectFitsWidth, signIn, snap, test, totpCode, USERS } from './fixtures/test';

// User administration and two-step sign-in end to end against the production build: an
// administrator invites a new administrator by e-mail (through the server's worker to a real SMTP
// receiver here), the invitee sets a password from the link, is sent to enrol in two-step sign-in
// before anything else (the code computed here from the key the page shows), signs in again with a
// code, then resets the password from "forgot password" and signs in with a recovery code. In
// English and Arabic, with axe, at desktop and 390 px.

const inbox: ParsedMail[] = [];
let smtp: SMTPServer;

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
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function linkIn(email: string, count: number): Promise<{ mail: ParsedMail; url: string }> {
  const mine = () => inbox.filter((m) => JSON.stringify(m.to).includes(email));
  await expect.poll(() => mine().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  const mail = mine().at(-1)!;
  const url = new RegExp(`${BASE_URL.replace(/[.]/g, '\\.')}/(en|ar)/set-password/[A-Za-z0-9_-]+`).exec(mail.text ?? '')![0];
  return { mail, url };
}

async function check(page: Page, name: string) {
  await expectAccessible(page);
  await snap(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page, name);
  await snap(page, `${name}-phone`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

for (const locale of ['en', 'ar'] as const) {
  const L =
    locale === 'ar'
      ? {
          email: 'البريد الإلكتروني',
          password: 'كلمة المرور',
          signIn: 'دخول',
          code: 'الرمز',
          verify: 'تحقّق',
          invite: 'أرسل الدعوة',
          newPassword: 'كلمة المرور الجديدة',
          confirmPassword: 'أعد كتابة كلمة المرور الجديدة',
          setPassword: 'عيّن كلمة المرور',
          changePassword: 'غيّر كلمة المرور',
          forgot: 'نسيت كلمة المرور؟',
          send: 'أرسل الرابط',
          setUp: 'فعّل التحقق بخطوتين',
          appCode: 'الرمز المكوّن من ستة أرقام من التطبيق',
          confirm: 'تأكيد',
          saved: 'حفظتها',
          signOut: 'تسجيل الخروج',
          role: 'الدور',
          admin: 'مسؤول',
        }
      : {
          email: 'E-mail',
          password: 'Password',
          signIn: 'Sign in',
          code: 'Code',
          verify: 'Verify',
          invite: 'Send invitation',
          newPassword: 'New password',
          confirmPassword: 'New password again',
          setPassword: 'Set password',
          changePassword: 'Change password',
          forgot: 'Forgot your password?',
          send: 'Send the link',
          setUp: 'Set up two-step sign-in',
          appCode: 'Six-digit code from the app',
          confirm: 'Confirm',
          saved: 'I have saved them',
          signOut: 'Sign out',
          role: 'Role',
          admin: 'Administrator',
        };

  test(`invite → set password → required MFA enrolment → sign-in with a code → forgot password → recovery code (${locale})`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const email = `new-admin-${locale}-${Date.now()}@alpha.e2e.test`;

    // The platform administrator (seeded with two-step sign-in; signIn answers the code) invites.
    await signIn(page, USERS.platform, locale);
    await page.goto(`/${locale}/admin/users`);
    const form = page.getByTestId('invite-user');
    await form.getByLabel(L.email, { exact: true }).fill(email);
    await form.getByLabel(L.role, { exact: true }).selectOption('admin');
    await form.getByRole('button', { name: L.invite }).click();
    await expect(page.getByTestId('invite-result')).toContainText(email);
    await expect(page.getByTestId(`user-${email}`)).toBeVisible();
    await check(page, `${locale}-users-admin`);

    // The invitee opens the e-mailed link in their own browser (no session).
    const { mail, url } = await linkIn(email, 1);
    expect(mail.headers.get('content-language')).toBe(locale);
    expect(url).toContain(`/${locale}/set-password/`);
    const invitee = await browser.newContext({ baseURL: BASE_URL, locale: locale === 'ar' ? 'ar-SA' : 'en-GB' });
    const p = await invitee.newPage();
    await p.goto(url);
    await expect(p.getByTestId('set-password-for')).toContainText(email);
    await check(p, `${locale}-set-password-invite`);
    await p.getByLabel(L.newPassword, { exact: true }).fill('first-password-2026');
    await p.getByLabel(L.confirmPassword, { exact: true }).fill('first-password-2026');
    await p.getByRole('button', { name: L.setPassword }).click();
    await expect(p.getByTestId('set-password-done')).toBeVisible();
    // The link works once.
    await p.goto(url);
    await expect(p.getByTestId('set-password-state')).toBeVisible();

    // Sign in: an administrator without two-step sign-in is sent to enrol before anything else.
    await p.goto(`/${locale}/sign-in`);
    await p.getByLabel(L.email, { exact: true }).fill(email);
    await p.getByLabel(L.password, { exact: true }).fill('first-password-2026');
    await p.getByRole('button', { name: L.signIn }).click();
    await p.waitForURL(new RegExp(`/${locale}/account\\?mfa=required$`));
    await expect(p.getByTestId('mfa-required')).toBeVisible();
    await p.goto(`/${locale}/entities`);
    await p.waitForURL(new RegExp(`/${locale}/account\\?mfa=required$`));
    await p.getByRole('button', { name: L.setUp }).click();
    await expect(p.getByTestId('mfa-qr')).toBeVisible();
    await check(p, `${locale}-mfa-enrol`);
    const secret = (await p.getByTestId('mfa-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await p.getByLabel(L.appCode, { exact: true }).fill('000000');
    await p.getByRole('button', { name: L.confirm }).click();
    await expect(p.getByTestId('mfa-error')).toBeVisible();
    await p.getByLabel(L.appCode, { exact: true }).fill(await totpCode(p, secret));
    await p.getByRole('button', { name: L.confirm }).click();
    const codes = p.getByTestId('recovery-codes').locator('li');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.nth(0).textContent())!.trim();
    await check(p, `${locale}-mfa-recovery-codes`);
    await p.getByRole('button', { name: L.saved }).click();
    await expect(p.getByTestId('mfa-enabled')).toBeVisible();
    await p.goto(`/${locale}/dashboard`);
    await expect(p).toHaveURL(new RegExp(`/${locale}/dashboard`));

    // Sign out, then in again: the password alone is not enough; the code is asked for.
    await p.getByRole('button', { name: L.signOut }).click();
    await p.waitForURL(`**/${locale}/sign-in**`);
    await p.getByLabel(L.email, { exact: true }).fill(email);
    await p.getByLabel(L.password, { exact: true }).fill('first-password-2026');
    await p.getByRole('button', { name: L.signIn }).click();
    await expect(p.getByTestId('mfa-step')).toBeVisible();
    // The code field starts empty: it is not the password field reused.
    await expect(p.getByLabel(L.code, { exact: true })).toHaveValue('');
    await check(p, `${locale}-sign-in-code`);
    await p.goto(`/${locale}/dashboard`);
    await expect(p).toHaveURL(new RegExp(`/${locale}/sign-in`));
    await p.getByLabel(L.email, { exact: true }).fill(email);
    await p.getByLabel(L.password, { exact: true }).fill('first-password-2026');
    await p.getByRole('button', { name: L.signIn }).click();
    await answerTotp(p, secret, locale);
    await p.waitForURL(`**/${locale}/dashboard`);

    // Forgot password, from a browser without a session: the e-mailed link sets a new one.
    const anonymous = await browser.newContext({ baseURL: BASE_URL });
    const a = await anonymous.newPage();
    await a.goto(`/${locale}/sign-in`);
    await a.getByRole('link', { name: L.forgot }).click();
    await a.getByLabel(L.email, { exact: true }).fill(email);
    await a.getByRole('button', { name: L.send }).click();
    await expect(a.getByTestId('forgot-password-sent')).toBeVisible();
    await check(a, `${locale}-forgot-password`);
    const reset = await linkIn(email, 2);
    await a.goto(reset.url);
    await a.getByLabel(L.newPassword, { exact: true }).fill('second-password-2026');
    await a.getByLabel(L.confirmPassword, { exact: true }).fill('second-password-2026');
    await a.getByRole('button', { name: L.changePassword }).click();
    await expect(a.getByTestId('set-password-done')).toBeVisible();
    // The reset ended the invitee's session in the other browser.
    await p.goto(`/${locale}/dashboard`);
    await expect(p).toHaveURL(new RegExp(`/${locale}/sign-in`));

    // The new password and a recovery code sign in.
    await a.goto(`/${locale}/sign-in`);
    await a.getByLabel(L.email, { exact: true }).fill(email);
    await a.getByLabel(L.password, { exact: true }).fill('second-password-2026');
    await a.getByRole('button', { name: L.signIn }).click();
    await a.getByLabel(L.code, { exact: true }).fill(recoveryCode);
    await a.getByRole('button', { name: L.verify }).click();
    await a.waitForURL(`**/${locale}/dashboard`);
    await invitee.close();
    await anonymous.close();
  });
}
