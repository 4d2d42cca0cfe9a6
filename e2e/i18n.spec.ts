import { expect, expectAccessible, signIn, snap, test, USERS } from './fixtures/test';

test('switching to Arabic mirrors the layout and translates the shell', async ({ page, seed }) => {
  await signIn(page, USERS.officer);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByTestId('language-switch').click();
  await page.waitForURL('**/ar/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('لوحة المعلومات');
  await expect(page.getByRole('link', { name: 'الكيانات' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'تسجيل الخروج' })).toBeVisible();

  // Mirrored for real: the navigation sits on the right of the page in Arabic.
  const nav = await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).boundingBox();
  const main = await page.locator('main').boundingBox();
  expect(nav!.x).toBeGreaterThan(main!.x);

  // Dates follow the locale with Western digits (README, Language and direction), Hijri beside Gregorian.
  await page.goto(`/ar/entities/${seed.entities.fatimah}`);
  await expect(page.getByTestId('entity-name')).toHaveText('فاطمة الحربي');
  // 1990-05-15 is 20 Shawwal 1410 in Umm al-Qura; month names are Arabic.
  await expect(page.locator('time[datetime="1990-05-15"]')).toContainText('مايو');
  await expect(page.locator('[data-calendar="hijri"]').first()).toContainText('شوال 1410');

  // And back: the language switch keeps the page.
  await page.getByTestId('language-switch').click();
  await page.waitForURL(`**/en/entities/${seed.entities.fatimah}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('the sign-in page itself works in Arabic', async ({ page }) => {
  await page.goto('/ar/sign-in');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('البريد الإلكتروني').fill(USERS.officer.email);
  await page.getByLabel('كلمة المرور').fill('wrong-password');
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
});

for (const locale of ['en', 'ar'] as const) {
  test(`on a phone the main navigation folds behind a menu button (${locale})`, async ({ page }) => {
    const ar = locale === 'ar';
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, USERS.officer, locale);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const toggle = page.getByRole('button', { name: ar ? 'القائمة' : 'Menu' });
    const cases = page.getByRole('navigation', { name: ar ? 'التنقل الرئيسي' : 'Main navigation' }).getByRole('link', { name: ar ? 'الحالات' : 'Cases' });
    // The page opens on its content: the heading sits in the first screen, the links are folded.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(cases).toBeHidden();
    expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.y).toBeLessThan(300);
    await expectAccessible(page);

    // By keyboard: Enter opens it, Escape folds it and gives the focus back to the button.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(cases).toBeVisible();
    await expectAccessible(page);
    await snap(page, `${locale}-phone-menu-open`);
    await page.keyboard.press('Escape');
    await expect(cases).toBeHidden();
    await expect(toggle).toBeFocused();

    // Choosing a link navigates and folds the menu again.
    await toggle.click();
    await cases.click();
    await page.waitForURL(`**/${locale}/cases`);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(cases).toBeHidden();

    // From the md breakpoint up there is no button and the links are always shown.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(toggle).toBeHidden();
    await expect(cases).toBeVisible();
  });
}
