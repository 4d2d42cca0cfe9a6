import fs from 'node:fs';
import { expect, expectAccessible, expectFitsWidth, gotoHydrated, signIn, snap, test, USERS } from './fixtures/test';

// Tenant administration: tags (and tagging from a profile), the audit log, tenant settings.
// The platform administrator works in tenant alpha, as in the API keys test.

for (const locale of ['en', 'ar'] as const) {
  const ar = locale === 'ar';

  test(`tags: create, rename, tag a client, refuse to delete a tag in use, untag, delete (${locale})`, async ({ page, seed }) => {
    test.setTimeout(150_000);
    await signIn(page, USERS.platform, locale);
    await page.goto(`/${locale}/admin/tags`);
    const suffix = Date.now().toString().slice(-5);
    const name = `Watch ${locale} ${suffix}`;
    const nameAr = `متابعة خاصة ${suffix}`;
    await page
      .getByLabel(ar ? 'الاسم بالإنجليزية' : 'Name in English')
      .first()
      .fill(name);
    await page
      .getByLabel(ar ? 'الاسم بالعربية (اختياري)' : 'Name in Arabic (optional)')
      .first()
      .fill(nameAr);
    await page.getByRole('button', { name: ar ? 'إنشاء الوسم' : 'Create tag' }).click();
    const row = page.locator(`[data-testid="tag-row"][data-tag="${name}"]`);
    await expect(row).toContainText(nameAr);
    await expect(row.getByTestId('tag-usage')).toContainText(ar ? 'لا كيانات' : 'no entities');
    await snap(page, `${locale}-tags`);
    await expectAccessible(page);

    // Rename.
    const renamed = `${name} (renamed)`;
    await row.getByRole('button', { name: ar ? `إعادة تسمية ${name} أو تغيير نطاقه` : `Rename or re-scope ${name}` }).click();
    const editor = page.getByRole('form', { name: ar ? `تعديل ${name}` : `Editing ${name}` });
    await editor.getByLabel(ar ? 'الاسم بالإنجليزية' : 'Name in English').fill(renamed);
    await editor.getByRole('button', { name: ar ? 'حفظ' : 'Save' }).click();
    await expect(page.getByTestId('tags-notice')).toHaveText(ar ? 'حُفظ الوسم.' : 'Tag saved.');
    const renamedRow = page.locator(`[data-testid="tag-row"][data-tag="${renamed}"]`);
    await expect(renamedRow).toBeVisible();

    // Put it on Omar from his profile.
    await page.goto(`/${locale}/entities/${seed.entities.omar}`);
    const label = ar ? nameAr : renamed;
    await page.getByLabel(ar ? 'إضافة وسم' : 'Add a tag').selectOption({ label });
    await page.getByRole('button', { name: ar ? 'إضافة الوسم' : 'Add tag' }).click();
    await expect(page.getByTestId('entity-tags')).toContainText(label);
    await expect(page.getByTestId('audit-timeline')).toContainText(ar ? 'إضافة وسم' : 'Tag added');
    await snap(page, `${locale}-entity-tagged`);
    await expectAccessible(page);

    // In use: deleting is refused with the reason, in the page's language.
    await page.goto(`/${locale}/admin/tags`);
    await expect(renamedRow.getByTestId('tag-usage')).toContainText(ar ? 'كيان واحد' : '1 entity');
    await renamedRow.getByRole('button', { name: ar ? `حذف ${renamed}` : `Delete ${renamed}` }).click();
    await renamedRow
      .getByRole('alertdialog')
      .getByRole('button', { name: ar ? 'حذف' : 'Delete' })
      .click();
    await expect(page.getByTestId('tags-notice')).toContainText(ar ? 'ما زال هذا الوسم مُسندًا' : 'This tag is still on records');
    await expect(renamedRow).toBeVisible();

    // Take it off the profile, then the delete goes through.
    await page.goto(`/${locale}/entities/${seed.entities.omar}`);
    await page.getByRole('button', { name: ar ? `إزالة الوسم ${label}` : `Remove the tag ${label}` }).click();
    await expect(page.getByRole('status').filter({ hasText: ar ? 'أُزيل الوسم' : 'removed' })).toBeVisible();
    await expect(page.locator('[data-testid="entity-tags"]', { hasText: label })).toHaveCount(0);
    await page.goto(`/${locale}/admin/tags`);
    await renamedRow.getByRole('button', { name: ar ? `حذف ${renamed}` : `Delete ${renamed}` }).click();
    await renamedRow
      .getByRole('alertdialog')
      .getByRole('button', { name: ar ? 'حذف' : 'Delete' })
      .click();
    await expect(page.getByTestId('tags-notice')).toHaveText(ar ? 'حُذف الوسم.' : 'Tag deleted.');
    await expect(renamedRow).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page, `${locale} tags admin`);
    await snap(page, `${locale}-phone-tags`);
    await expectAccessible(page);
  });

  test(`audit log: search by action family and day, export CSV (audited) (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, USERS.platform, locale);
    await page.goto(`/${locale}/admin/audit`);
    await expect(page.getByTestId('audit-event').first()).toBeVisible();
    await snap(page, `${locale}-audit`);
    await expectAccessible(page);

    // Client creations of today (the seed's), by family, day in the tenant's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
    await page.getByLabel(ar ? 'الإجراء' : 'Action', { exact: true }).selectOption('entity.*');
    await page.getByLabel(ar ? 'من (يوم)' : 'From (day)').fill(today);
    await page.getByLabel(ar ? 'إلى (يوم)' : 'To (day)').fill(today);
    await page.getByRole('button', { name: ar ? 'بحث' : 'Search', exact: true }).click();
    await expect(page).toHaveURL(/action=entity\.\*/);
    const events = page.getByTestId('audit-event');
    await expect(events.first()).toBeVisible();
    // The previous page's events stay on screen until the new answer arrives: wait for it, then every one is an entity action.
    await expect
      .poll(() => events.evaluateAll((els) => els.map((el) => el.getAttribute('data-action')).filter((action) => !action?.startsWith('entity.'))))
      .toEqual([]);
    await expect(events.filter({ hasText: ar ? 'إنشاء عميل' : 'Client created' }).first()).toBeVisible();
    // Times are the tenant's (Riyadh), with the zone shown.
    await expect(events.first().locator('time')).toHaveAttribute('data-time-zone', 'Asia/Riyadh');
    await expect(events.first().locator('time')).toContainText(ar ? /غرينتش\+3/ : /GMT\+3/);

    // Filters survive a reload.
    await page.reload();
    await expect(page.getByLabel(ar ? 'الإجراء' : 'Action', { exact: true })).toHaveValue('entity.*');
    // The form follows the URL: the nav link opens the log unfiltered, and back brings the filters again.
    await page
      .getByRole('navigation', { name: ar ? 'التنقل الرئيسي' : 'Main navigation' })
      .getByRole('link', { name: ar ? 'سجل التدقيق' : 'Audit log' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/admin/audit$`));
    await expect(page.getByLabel(ar ? 'الإجراء' : 'Action', { exact: true })).toHaveValue('');
    await expect(page.getByLabel(ar ? 'من (يوم)' : 'From (day)')).toHaveValue('');
    await page.goBack();
    await expect(page.getByLabel(ar ? 'الإجراء' : 'Action', { exact: true })).toHaveValue('entity.*');
    await expect(page.getByLabel(ar ? 'من (يوم)' : 'From (day)')).toHaveValue(today);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('createdAtUtc,action,actorType,actorId,actorName,actorPlatformAdmin,targetType,targetId,before,after,requestId,id');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => /^[^,]+,entity\./.test(line))).toBe(true);

    // The export is in the log itself.
    await page.getByLabel(ar ? 'الإجراء' : 'Action', { exact: true }).selectOption('audit.export');
    await page.getByRole('button', { name: ar ? 'بحث' : 'Search', exact: true }).click();
    await expect(page.getByTestId('audit-event').first()).toContainText(ar ? 'تصدير سجل التدقيق' : 'Audit log exported');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page, `${locale} audit log`);
    await snap(page, `${locale}-phone-audit`);
    await expectAccessible(page);
  });

  test(`tenant settings: invalid values refused in the form, a valid change saved and audited (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, USERS.platform, locale);
    await gotoHydrated(page, `/${locale}/admin/settings`);
    await snap(page, `${locale}-settings`);
    await expectAccessible(page);
    const soft = page.getByLabel(ar ? 'العتبة المرنة (عدد الكيانات)' : 'Soft threshold (entities)');
    const hard = page.getByLabel(ar ? 'العتبة القصوى (عدد الكيانات)' : 'Hard threshold (entities)');
    await soft.fill('200000');
    await hard.fill('100000');
    await page.getByRole('button', { name: ar ? 'حفظ الإعدادات' : 'Save settings' }).click();
    await expect(page.getByRole('alert').first()).toContainText(ar ? 'لا يتجاوز العتبة القصوى' : 'not above the hard threshold');
    await expectAccessible(page);

    const medium = ar ? '41' : '42';
    await soft.fill('90000');
    await hard.fill('100000');
    await page.getByLabel(ar ? 'المخاطر المتوسطة ابتداءً من (٪)' : 'Medium risk from (%)').fill(medium);
    await page.getByRole('button', { name: ar ? 'حفظ الإعدادات' : 'Save settings' }).click();
    await expect(page.getByTestId('settings-notice')).toHaveText(ar ? 'حُفظت الإعدادات.' : 'Settings saved.');
    await page.reload();
    await expect(page.getByLabel(ar ? 'المخاطر المتوسطة ابتداءً من (٪)' : 'Medium risk from (%)')).toHaveValue(medium);
    await expect(page.getByLabel(ar ? 'المنطقة الزمنية' : 'Time zone')).toHaveValue('Asia/Riyadh');

    await page.goto(`/${locale}/admin/audit?action=tenant.settings.update`);
    await expect(page.getByTestId('audit-event').first()).toContainText(ar ? 'تغيير إعدادات الجهة' : 'Tenant settings changed');

    // Put the threshold back, so later tests score KYCs as before.
    await gotoHydrated(page, `/${locale}/admin/settings`);
    await page.getByLabel(ar ? 'المخاطر المتوسطة ابتداءً من (٪)' : 'Medium risk from (%)').fill('40');
    await page.getByRole('button', { name: ar ? 'حفظ الإعدادات' : 'Save settings' }).click();
    await expect(page.getByTestId('settings-notice')).toHaveText(ar ? 'حُفظت الإعدادات.' : 'Settings saved.');

    // Two-step sign-in for everyone is a tenant setting: required here, shown on the users page, audited.
    try {
      const mfa = page.getByLabel(ar ? 'اشترط التحقق بخطوتين على جميع مستخدمي هذه الجهة' : 'Require two-step sign-in for everyone in this tenant');
      await expect(mfa).not.toBeChecked();
      await mfa.check();
      await page.getByRole('button', { name: ar ? 'حفظ الإعدادات' : 'Save settings' }).click();
      await expect(page.getByTestId('settings-notice')).toHaveText(ar ? 'حُفظت الإعدادات.' : 'Settings saved.');
      await page.goto(`/${locale}/admin/users`);
      await expect(page.getByTestId('mfa-policy-status')).toHaveText(ar ? 'مشترط على جميع مستخدمي هذه الجهة.' : 'Required of everyone in this tenant.');
      await page.getByRole('link', { name: ar ? 'تغييره في إعدادات الجهة' : 'Change in tenant settings' }).click();
      await page.waitForURL(`**/${locale}/admin/settings#security`);
      await expect(mfa).toBeChecked();
      await page.goto(`/${locale}/admin/audit?action=tenant.mfa-policy`);
      await expect(page.getByTestId('audit-event').first()).toContainText(ar ? 'تغيير سياسة التحقق بخطوتين' : 'Two-step sign-in policy changed');
      // The platform administrator who made the change is named, as a platform administrator.
      await expect(page.getByTestId('audit-event').first()).toContainText(ar ? 'مسؤول المنصة · ' : 'Platform administrator · ');
      // Back to administrators only, so later tests sign officers in with a password alone.
      await gotoHydrated(page, `/${locale}/admin/settings`);
      await mfa.uncheck();
      await page.getByRole('button', { name: ar ? 'حفظ الإعدادات' : 'Save settings' }).click();
      await expect(page.getByTestId('settings-notice')).toHaveText(ar ? 'حُفظت الإعدادات.' : 'Settings saved.');
      await page.goto(`/${locale}/admin/users`);
      await expect(page.getByTestId('mfa-policy-status')).toHaveAttribute('data-required', 'false');
      await gotoHydrated(page, `/${locale}/admin/settings`);
    } finally {
      // Whatever happened above, later tests sign officers in with a password alone.
      const origin = new URL(page.url()).origin;
      await page.request.patch('/services/crm/tenant-settings', { data: { mfaRequired: false }, headers: { origin } });
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page, `${locale} tenant settings`);
    await snap(page, `${locale}-phone-settings`);
    await expectAccessible(page);
  });

  test(`audit and settings are for administrators: an officer gets the forbidden page there, and manages tags (${locale})`, async ({ page }) => {
    await signIn(page, USERS.officer, locale);
    expect((await page.goto(`/${locale}/admin/tags`))?.status()).toBe(200);
    for (const path of ['audit', 'settings']) {
      const response = await page.goto(`/${locale}/admin/${path}`);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { name: ar ? 'الوصول مرفوض' : 'Access denied' })).toBeVisible();
    }
  });
}

test('error pages answer their HTTP status: unknown pages and records 404, the forbidden page 403', async ({ page }) => {
  await signIn(page, USERS.officer, 'en');
  for (const locale of ['en', 'ar'] as const) {
    expect((await page.goto(`/${locale}/entities/00000000-0000-4000-8000-000000000000`))?.status(), 'unknown entity').toBe(404);
    await expect(page.locator('main')).toBeVisible();
    expect((await page.goto(`/${locale}/no-such-page`))?.status(), 'unknown page').toBe(404);
    expect((await page.goto(`/${locale}/forbidden`))?.status(), 'forbidden page').toBe(403);
    await expect(page.getByTestId('forbidden')).toBeVisible();
  }
});
