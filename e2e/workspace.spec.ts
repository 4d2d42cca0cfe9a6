// The officer workspace: Arabic-insensitive search, sorting and filters kept across the profile,
// CSV export, dashboard worklists, creating entities (both calendars), adding an identity with a
// dropped document, verifying and rejecting identities, the document viewer, and every one of
// these screens at phone width in both languages (no page wider than the screen).
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectFitsWidth, signIn, snap, test, USERS } from './fixtures/test';
import zlib from 'node:zlib';

/** A real 48×48 blue PNG, as base64 a drop can carry into the page. */
const PNG_BASE64 = (() => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const size = 48;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [30, 64, 175]).flat())]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return png.toString('base64');
})();

/** Drops a file on the drop zone the way a browser does (a DataTransfer carrying a File). */
async function dropFile(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).evaluate(
    (zone, { name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: 'image/png' }));
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name, base64: PNG_BASE64 },
  );
}

test('search is insensitive to Arabic letter forms and goes word by word; IBANs are searchable; sorting and filters survive the profile', async ({
  page,
  seed,
}) => {
  await signIn(page, USERS.officer);
  const search = async (q: string) => {
    await page.goto(`/en/entities?q=${encodeURIComponent(q)}`);
    await expect(page.getByTestId('result-count')).toBeVisible();
  };
  // The record is "عمر القحطاني": alef maksura for yeh, a diacritic and tatweel still find it.
  for (const q of ['عمر القحطانى', 'عُمر القحطـاني', 'Al Qahtani', 'omar al-qahtani']) {
    await search(q);
    await expect(page.getByRole('link', { name: 'Omar Al-Qahtani' }).first(), q).toBeVisible();
  }
  await search(seed.accounts.toApprove.iban.replace(/(.{4})/g, '$1 ').trim());
  await expect(page.getByTestId('result-count')).toHaveText('1 result');
  await expect(page.getByRole('link', { name: 'Fatimah Al-Harbi' }).first()).toBeVisible();

  await page.goto('/en/entities?role=client');
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  // The previous rows stay on screen (marked busy) until the sorted page arrives.
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
  const firstName = await page.getByRole('table').getByRole('link').first().textContent();
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByTestId('entity-name')).toHaveText(firstName!);
  await expect(page.getByTestId('risk-summary')).toContainText('Screening');
  await page.getByRole('link', { name: 'Back to entities' }).click();
  await expect(page).toHaveURL(/role=client/);
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByLabel('Role')).toHaveValue('client');
  await expectAccessible(page);
});

test('exports the filtered list as CSV (the download carries the filtered rows)', async ({ page }) => {
  await signIn(page, USERS.officer);
  await page.goto('/en/entities?q=qahtani');
  await expect(page.getByTestId('result-count')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^entities-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^crmId,nameEn,nameAr,/);
  expect(lines.slice(1).every((line) => /qahtani/i.test(line))).toBe(true);
  expect(csv).toContain('عمر القحطاني');
});

test('the relationship manager sees no export and cannot download one', async ({ page }) => {
  await signIn(page, USERS.rm);
  await page.goto('/en/entities');
  await expect(page.getByTestId('result-count')).toBeVisible();
  await expect(page.getByTestId('export-csv')).toHaveCount(0);
  const res = await page.request.get('/services/crm/entities/export');
  expect(res.status()).toBe(403);
});

test('dashboard worklists link to their filtered lists with the same count', async ({ page }) => {
  await signIn(page, USERS.officer);
  const row = page.locator('[data-stat="pendingIdentityVerifications"]');
  await expect(row).toBeVisible();
  const count = (await row.locator('dd').textContent())!.trim();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/worklist=pendingIdentity/);
  await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count} results?$`));
  await expect(page.getByLabel('Worklist')).toHaveValue('pendingIdentity');

  // Cases are counted by kind, each row opening the queue filtered to that kind.
  for (const [stat, kind] of [
    ['openScreeningCases', 'Screening'],
    ['openMonitoringCases', 'TransactionMonitoring'],
  ]) {
    await page.goto('/en/dashboard');
    const cases = page.locator(`[data-stat="${stat}"]`);
    const open = (await cases.locator('dd').textContent())!.trim();
    await cases.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`kind=${kind}`));
    await expect(page.locator('#filter-kind')).toHaveValue(kind);
    if (open === '0') await expect(page.getByTestId('case-count')).toHaveCount(0);
    else await expect(page.getByTestId('case-count')).toHaveText(new RegExp(`^${open} results?$`));
  }

  // KYCs awaiting an officer's decision: the seeded PEP prospect among them, her badge saying what awaits.
  await page.goto('/en/dashboard');
  const kycRow = page.locator('[data-stat="pendingKycReviews"]');
  await expect(kycRow.locator('dt')).toHaveText('KYC reviews pending');
  const awaiting = (await kycRow.locator('dd').textContent())!.trim();
  await kycRow.getByRole('link').click();
  await expect(page).toHaveURL(/worklist=kycReview/);
  await expect(page.getByLabel('Worklist')).toHaveValue('kycReview');
  await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${awaiting} results?$`));
  const layla = page.getByRole('row').filter({ hasText: 'Layla Al-Shehri' });
  await expect(layla).toContainText('KYC: Submitted');
  await expect(layla).toContainText('High');
});

for (const locale of ['en', 'ar'] as const) {
  test(`create an entity, add an identity with a dropped document, verify one identity and reject another (${locale})`, async ({ page }) => {
    test.setTimeout(240_000);
    const ar = locale === 'ar';
    await signIn(page, USERS.officer, locale);
    await page.goto(`/${locale}/entities`);
    await page.getByTestId('new-entity').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/entities/new$`));
    await snap(page, `${locale}-entity-new`);
    await expectAccessible(page);

    // Validation comes from the API's own schema: a bad e-mail is refused before anything is sent.
    const stamp = Date.now().toString().slice(-6);
    await page.getByLabel(ar ? 'الاسم بالإنجليزية' : 'Name in English').fill(`Layla Al-Shehri ${stamp}`);
    await page.getByLabel(ar ? 'الاسم بالعربية' : 'Name in Arabic').fill('ليلى الشهري');
    await page.getByLabel(ar ? 'البريد الإلكتروني' : 'E-mail', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: ar ? 'إنشاء' : 'Create' }).click();
    await expect(page.locator('#email-error')).toBeVisible();
    await page.getByLabel(ar ? 'البريد الإلكتروني' : 'E-mail', { exact: true }).fill(`layla.${stamp}.${locale}@example.sa`);
    await page.getByRole('textbox', { name: ar ? 'الهاتف' : 'Phone' }).fill('501234567');
    // Date of birth in the Hijri calendar; the Gregorian day is shown beside it.
    await page.getByLabel(ar ? 'هجري (أم القرى)' : 'Hijri (Umm al-Qura)').check();
    await page.getByTestId('hijri-day').selectOption('22');
    await page.getByTestId('hijri-month').selectOption('10');
    await page.getByTestId('hijri-year').selectOption('1410');
    await expect(page.getByTestId('other-calendar')).toContainText(/1990|١٩٩٠/);
    await page.getByLabel(ar ? 'الرقم' : 'Number', { exact: true }).fill(`10${stamp}${locale === 'ar' ? '11' : '22'}`);
    await page.getByRole('button', { name: ar ? 'إنشاء' : 'Create' }).click();
    await expect(page.getByTestId('entity-name')).toHaveText(ar ? 'ليلى الشهري' : `Layla Al-Shehri ${stamp}`);
    await expect(page.locator('[data-calendar="hijri"]').first()).toBeVisible();

    // Add a passport with its scan dropped on the drop zone (uploaded with progress, then saved).
    await page.getByTestId('add-identity').click();
    await page.getByLabel(ar ? 'الرقم' : 'Number', { exact: true }).fill(`P${stamp}`);
    await dropFile(page, 'dropzone', 'passport-scan.png');
    await expect(page.getByTestId('add-identity-form').getByText('passport-scan.png')).toBeVisible();
    await expect(page.getByTestId('add-identity-form').locator('progress')).toHaveAttribute('value', '1', { timeout: 60_000 });
    await expectAccessible(page);
    await page.getByRole('button', { name: ar ? 'حفظ الهوية' : 'Save identity' }).click();
    await expect(page.getByText(`P${stamp}`)).toBeVisible();

    // The document viewer: full size, zoom in.
    await page.getByTestId('open-document').first().click();
    const viewer = page.getByTestId('document-viewer');
    await expect(viewer).toBeVisible();
    await viewer.getByRole('button', { name: ar ? 'تكبير' : 'Zoom in' }).click();
    await expect(viewer.getByTestId('zoom-level')).toContainText(/150|١٥٠/);
    await snap(page, `${locale}-document-viewer`);
    await expectAccessible(page);
    await viewer.getByRole('button', { name: ar ? 'إغلاق العارض' : 'Close the viewer' }).click();
    await expect(viewer).toBeHidden();

    // Verify the national ID; reject the passport (a reason is required).
    const rows = page.locator('section[aria-labelledby="identities-title"]').getByRole('row');
    await rows
      .filter({ hasText: `P${stamp}` })
      .getByRole('button', { name: ar ? 'رفض' : 'Reject' })
      .click();
    await page.getByRole('button', { name: ar ? 'تأكيد' : 'Confirm' }).click();
    await expect(page.getByText(ar ? 'اذكر سبب رفض هذه الهوية.' : 'Give the reason for rejecting this identity.')).toBeVisible();
    await page.getByLabel(ar ? 'سبب الرفض' : 'Reason for rejecting').fill(ar ? 'الصورة غير واضحة' : 'The scan is unreadable');
    await page.getByRole('button', { name: ar ? 'تأكيد' : 'Confirm' }).click();
    await expect(rows.filter({ hasText: `P${stamp}` })).toContainText(ar ? 'مرفوض' : 'Rejected');
    await rows
      .filter({ hasNotText: `P${stamp}` })
      .last()
      .getByRole('button', { name: ar ? 'توثيق' : 'Verify' })
      .click();
    await page.getByRole('button', { name: ar ? 'تأكيد' : 'Confirm' }).click();
    await expect(page.locator('section[aria-labelledby="identities-title"]').getByRole('button', { name: ar ? 'توثيق' : 'Verify' })).toHaveCount(0);
    await expect(page.getByTestId('audit-timeline')).toContainText(ar ? 'البتّ في التحقق من الهوية' : 'Identity verification decided');
    await snap(page, `${locale}-entity-profile-decided`);
    await expectAccessible(page);
  });

  test(`every workspace screen fits a 390 px phone, with axe and screenshots (${locale})`, async ({ page, seed }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, USERS.officer, locale);
    const screens: [string, string][] = [
      ['dashboard', `/${locale}/dashboard`],
      ['entities', `/${locale}/entities?q=a`],
      ['entities-worklist', `/${locale}/entities?worklist=pendingIdentity`],
      ['entities-kyc-review', `/${locale}/entities?worklist=kycReview`],
      ['entity-profile', `/${locale}/entities/${seed.entities.fatimah}`],
      ['entity-new', `/${locale}/entities/new`],
      ['entity-edit', `/${locale}/entities/${seed.entities.fatimah}/edit`],
      ['bank-review', `/${locale}/bank-accounts/review`],
      ['relationship-approvals', `/${locale}/relationships/approvals`],
      ['kyc-prospect', `/${locale}/entities/${seed.entities.kycProspect}`],
      ['kyc-flows', `/${locale}/kyc/flows`],
      ['cases', `/${locale}/cases`],
      ['watchlists', `/${locale}/screening/lists`],
      ['monitoring-case', `/${locale}/cases/${seed.monitoring.caseId}`],
      ['alerts', `/${locale}/alerts`],
      ['rules', `/${locale}/rules`],
      ['account', `/${locale}/account`],
    ];
    for (const [name, url] of screens) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await expectFitsWidth(page, `${locale} ${name}`);
      await snap(page, `${locale}-phone-${name}`);
      await expectAccessible(page);
    }
    // The form builder, reached the way an officer does: from the flows page.
    await page.goto(`/${locale}/kyc/flows`);
    await page.locator('a[href*="/kyc/forms/"]').first().click();
    await page.waitForURL(/\/kyc\/forms\//);
    await page.waitForLoadState('networkidle');
    await expectFitsWidth(page, `${locale} kyc form builder`);
    await snap(page, `${locale}-phone-kyc-form-builder`);
    await page.context().clearCookies();
    await signIn(page, USERS.platform, locale);
    await page.goto(`/${locale}/admin/webhooks`);
    await page.waitForLoadState('networkidle');
    await expectFitsWidth(page, `${locale} webhooks admin`);
    await snap(page, `${locale}-phone-webhooks`);
    // Tenant administration (tags, audit log, settings; e2e/tenant-admin.spec.ts exercises them).
    for (const name of ['tags', 'audit', 'settings']) {
      await page.goto(`/${locale}/admin/${name}`);
      await page.waitForLoadState('networkidle');
      await expectFitsWidth(page, `${locale} admin ${name}`);
      await snap(page, `${locale}-phone-admin-${name}`);
      await expectAccessible(page);
    }
  });
}

for (const locale of ['en', 'ar'] as const) {
  test(`API keys: create (shown once), use, revoke (${locale})`, async ({ page, seed }) => {
    test.setTimeout(120_000);
    const ar = locale === 'ar';
    await signIn(page, USERS.platform, locale);
    await page.goto(`/${locale}/admin/api-keys`);
    // The list is drawn by the client: once it shows, the form is hydrated and typing reaches React.
    await expect(page.getByTestId('api-keys')).toBeVisible();
    const label = `ERP ${locale} ${Date.now().toString().slice(-5)}`;
    await page.getByLabel(ar ? 'الوصف' : 'Label', { exact: true }).fill(label);
    await page.getByRole('button', { name: ar ? 'إنشاء مفتاح' : 'Create key' }).click();
    const value = (await page.getByTestId('new-key-value').textContent())!;
    expect(value).toMatch(/^crm_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const prefix = value.split('_')[1]!;
    const row = page.getByTestId(`key-${prefix}`);
    await expect(row).toContainText(label);
    await snap(page, `${locale}-api-keys`);
    await expectAccessible(page);
    // The key works for the API at once.
    expect((await page.request.get('/services/crm/entities', { headers: { 'x-api-key': value, 'x-tenant': seed.alpha.slug } })).status()).toBe(200);
    // Shown once: after a reload only the prefix is left.
    await page.reload();
    await expect(page.getByTestId('new-key')).toHaveCount(0);
    await expect(page.getByText(value)).toHaveCount(0);
    await row.getByRole('button', { name: ar ? 'إلغاء المفتاح' : 'Revoke' }).click();
    await row
      .getByRole('alertdialog')
      .getByRole('button', { name: ar ? 'إلغاء المفتاح' : 'Revoke' })
      .click();
    await expect(row).toContainText(ar ? 'ملغى' : 'Revoked');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page, `${locale} api keys`);
    await snap(page, `${locale}-phone-api-keys`);
  });
}

test('an officer has no API key screen, not even by URL', async ({ page }) => {
  await signIn(page, USERS.officer);
  await expect(page.getByRole('link', { name: 'API keys' })).toHaveCount(0);
  await page.goto('/en/admin/api-keys');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  expect((await page.request.get('/services/crm/api-keys')).status()).toBe(403);
});
