// Every screen in both languages: a full-page screenshot for a person to check, and axe-core with
// no serious or critical violations. Runs first (file order), while the review queue still has rows.
import { expect, expectAccessible, signIn, snap, test, USERS } from './fixtures/test';

for (const locale of ['en', 'ar'] as const) {
  test.describe(`screens in ${locale}`, () => {
    test(`sign-in (${locale})`, async ({ page }) => {
      await page.goto(`/${locale}/sign-in`);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await snap(page, `${locale}-sign-in`);
      await expectAccessible(page);
    });

    test(`authenticated screens (${locale})`, async ({ page, seed }) => {
      // Six screens, each rendered, photographed and checked by axe: more than one screen's budget
      // when the two cores are busy (it ran out at 60 s on the bank review, the sixth).
      test.setTimeout(180_000);
      await signIn(page, USERS.officer, locale);

      await expect(page.locator('[data-stat="Client"]')).toBeVisible();
      // The seed imports ListSourceA only: the dashboard warns that List B screens nobody.
      const coverage = page.getByTestId('watchlist-coverage');
      await expect(coverage).toContainText(locale === 'ar' ? 'لم تُستورد القائمة ب (عامة) قط' : 'List B (public) has never been imported');
      await expect(coverage).not.toContainText(locale === 'ar' ? 'القائمة أ' : 'List A');
      await snap(page, `${locale}-dashboard`);
      await expectAccessible(page);

      await page.goto(`/${locale}/entities`);
      await expect(page.getByTestId('result-count')).toBeVisible();
      await snap(page, `${locale}-entities`);
      await expectAccessible(page);

      await page.goto(`/${locale}/entities?q=zzzz-nothing`);
      await expect(page.locator('[data-state="empty"]')).toBeVisible();
      await snap(page, `${locale}-entities-empty`);
      await expectAccessible(page);

      await page.goto(`/${locale}/entities/${seed.entities.fatimah}`);
      await expect(page.getByTestId('entity-name')).toBeVisible();
      await expect(page.locator('img[loading="lazy"]').first()).toBeVisible();
      await snap(page, `${locale}-entity-profile`);
      await expectAccessible(page);

      await page.goto(`/${locale}/entities/${seed.entities.betaSecret}`);
      await expect(page.getByTestId('not-found')).toBeVisible();
      await snap(page, `${locale}-entity-not-found`);

      await page.goto(`/${locale}/bank-accounts/review`);
      await expect(page.getByTestId(`review-${seed.accounts.toApprove.id}`)).toBeVisible();
      await snap(page, `${locale}-bank-review`);
      await expectAccessible(page);
    });

    test(`keyboard: skip link and visible focus (${locale})`, async ({ page }) => {
      await signIn(page, USERS.officer, locale);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: locale === 'ar' ? 'انتقل إلى المحتوى' : 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(outline).not.toBe('none');
    });

    test(`forbidden page (${locale})`, async ({ page }) => {
      await signIn(page, USERS.rm, locale);
      await page.goto(`/${locale}/bank-accounts/review`);
      await expect(page.getByTestId('forbidden')).toBeVisible();
      await snap(page, `${locale}-forbidden`);
      await expectAccessible(page);
    });
  });
}
