// Transaction monitoring screens in English and Arabic: the alert queue (whose client each alert is),
// the rules with named parameters and a back-test, and the case with the maker-checker disposition
// and the STR draft. axe on every screen, screenshots at desktop and at 390 px.
import { expect, expectAccessible, signIn, snap, test, USERS } from './fixtures/test';

/** A small PDF (the type is decided from the bytes); the spec stays free of server modules. */
const makePdf = (text = 'Evidence') =>
  `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`;

for (const locale of ['en', 'ar'] as const) {
  test(`monitoring screens (${locale})`, async ({ page, seed }) => {
    await signIn(page, USERS.officer, locale);

    const clientName = locale === 'ar' ? 'عمر القحطاني' : 'Omar Al-Qahtani';
    const otherName = locale === 'ar' ? 'Omar Al-Qahtani' : 'عمر القحطاني';
    await page.goto(`/${locale}/alerts`);
    await expect(page.locator('[data-alert]').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    // The client comes first: the name in the page's language linking to the profile, the other script below.
    await expect(page.getByRole('columnheader').nth(1)).toHaveText(locale === 'ar' ? 'العميل' : 'Client');
    const seeded = page.locator('[data-alert]').filter({ has: page.locator(`a[href="/${locale}/cases/${seed.monitoring.caseId}"]`) });
    const client = seeded.first().getByTestId('alert-client');
    await expect(client).toHaveText(clientName);
    await expect(client).toHaveAttribute('href', `/${locale}/entities/${seed.entities.omar}`);
    await expect(seeded.first()).toContainText(otherName);
    await snap(page, `${locale}-alerts`);
    await expectAccessible(page);

    await page.goto(`/${locale}/rules`);
    await expect(page.locator('[data-rule="STRUCT-10K"]')).toBeVisible();
    await page
      .locator('[data-rule="STRUCT-10K"]')
      .getByRole('button', { name: locale === 'ar' ? 'تعديل' : 'Edit' })
      .click();
    // Parameters under names and hints in the page's language, never their code names.
    const editor = page.getByTestId('rule-editor');
    await expect(editor.locator('legend').first()).toHaveText(locale === 'ar' ? 'المعايير' : 'Parameters');
    await expect(editor.getByLabel(locale === 'ar' ? 'عدد هذه المبالغ' : 'Number of such amounts')).toHaveValue('3');
    await expect(editor.getByLabel(locale === 'ar' ? 'الهامش دون الحد (٪)' : 'Margin under the threshold (%)')).toHaveValue('10');
    await expect(editor.locator('#p-windowHours-hint')).toContainText('168');
    await expect(editor.locator('#p-direction option:checked')).toHaveText(locale === 'ar' ? 'الواردة والصادرة' : 'Incoming and outgoing');
    await expect(editor.getByText('minCount', { exact: true })).toHaveCount(0);
    await page.locator('#p-minCount').fill('2');
    await page.getByTestId('run-backtest').click();
    // Current version (3 in 72 h): the third deposit; edited (2 in 72 h): the second and third. Each count in its plural form.
    await expect(page.getByTestId('backtest-result')).toContainText(
      locale === 'ar' ? 'الإصدار الحالي: تنبيه واحد بشأن عميل واحد' : 'current version: 1 alert on 1 client',
    );
    await expect(page.getByTestId('backtest-result')).toContainText(
      locale === 'ar' ? 'الإصدار المعدّل: تنبيهان بشأن عميل واحد' : 'edited version: 2 alerts on 1 client',
    );
    // A typing slip is named in the page's language before any request.
    await page.locator('#p-threshold').fill('ten');
    await page.getByTestId('run-backtest').click();
    await expect(page.locator('#p-threshold-error')).toContainText(locale === 'ar' ? 'أدخل مبلغًا أكبر من 0' : 'Enter an amount greater than 0');
    await expect(page.locator('#p-threshold')).toHaveAttribute('aria-invalid', 'true');
    // A whole number outside the template's bounds (from the API's configVariables) is named with them.
    await page.locator('#p-marginPercent').fill('60');
    await page.getByTestId('run-backtest').click();
    await expect(page.locator('#p-marginPercent-error')).toHaveText(locale === 'ar' ? 'أدخل عددًا صحيحًا من 1 إلى 50.' : 'Enter a whole number from 1 to 50.');
    await snap(page, `${locale}-rules`);
    await expectAccessible(page);

    // The case queue holds transaction-monitoring cases beside screening ones, saying which and what they hold.
    await page.goto(`/${locale}/cases?kind=TransactionMonitoring`);
    const queued = page.locator(`[data-case="${seed.monitoring.caseId}"]`);
    await expect(queued).toContainText(locale === 'ar' ? 'مراقبة المعاملات' : 'Transaction monitoring');
    await expect(queued).toContainText(locale === 'ar' ? 'تنبيه مفتوح واحد' : '1 open alert');
    await expect(page.locator('#filter-kind')).toHaveValue('TransactionMonitoring');

    await page.goto(`/${locale}/cases/${seed.monitoring.caseId}`);
    // Not a dead end: the heading names the client, whose name opens the profile, and a link leads back to the cases.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      locale === 'ar' ? `حالة مراقبة المعاملات: ${clientName}` : `Transaction-monitoring case: ${clientName}`,
    );
    await expect(page.getByTestId('case-entity')).toHaveAttribute('href', `/${locale}/entities/${seed.entities.omar}`);
    await expect(page.getByRole('link', { name: locale === 'ar' ? 'العودة إلى الحالات' : 'Back to cases' })).toHaveAttribute('href', `/${locale}/cases`);
    await expect(page.getByTestId('flow-chart')).toBeVisible();
    // Days named in the page's language (`Nov 30`, `30 نوفمبر`), not as ISO dates.
    await expect(page.getByTestId('flow-chart')).toContainText(
      locale === 'ar'
        ? /\d{1,2} (يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)/
        : /(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}/,
    );
    await expect(page.getByTestId('flow-chart')).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    // Amounts grouped, with the currency in the page's language and the stored scale.
    await expect(page.getByRole('region', { name: locale === 'ar' ? 'تدفقات العميل' : "The client's flows" })).toContainText(
      locale === 'ar' ? '9,800.50 ريال سعودي' : 'SAR 9,800.50',
    );
    // No disposition is chosen for the maker: proposing without one (or without a comment) says what is missing.
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await page.getByTestId('propose').click();
    await expect(page.locator('#disposition-error')).toHaveText(locale === 'ar' ? 'اختر التصنيف النهائي.' : 'Choose a disposition.');
    await expect(page.locator('#propose-comment-error')).toHaveText(locale === 'ar' ? 'اكتب تعليقًا يوضح سبب القرار.' : 'Explain the decision in a comment.');
    await expect(page.getByTestId('awaiting-checker')).toHaveCount(0);
    // Evidence: attach a PDF under a name in the page's language; it is listed with its size and the officer.
    const evidence = locale === 'ar' ? 'كشف حساب مارس' : 'Bank statement March';
    await page.locator('#attachment-file').setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf(), 'latin1') });
    await page.locator('#attachment-name').fill(evidence);
    await page.getByTestId('attach').click();
    await expect(page.getByTestId('case-attachment-list')).toContainText(evidence);
    await snap(page, `${locale}-monitoring-case`);
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/alerts', '/rules', `/cases/${seed.monitoring.caseId}`]) {
      await page.goto(`/${locale}${path}`);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(1);
      await snap(page, `${locale}-390${path.replace(/\//g, '-').replace(/-[0-9a-f-]{36}$/, '')}`);
    }
  });
}

test('maker proposes Reported, the maker cannot approve, a second officer approves, the STR draft (XML and PDF) and the evidence download', async ({
  page,
  browser,
  seed,
}) => {
  await signIn(page, USERS.officer, 'en');
  await page.goto(`/en/alerts`);
  await page.locator('[data-alert]').first().getByRole('checkbox').check();
  await page.getByTestId('assign-me').click();
  await expect(page.getByText('1 alert updated.')).toBeVisible();

  // The dashboard's "Your work" counts it and opens the queue filtered to the officer's own alerts.
  await page.goto('/en/dashboard');
  const mine = page.locator('[data-stat="myOpenAlerts"]');
  await expect(mine.locator('dt')).toHaveText('Open alerts assigned to you');
  const count = Number((await mine.locator('dd').textContent())!.trim());
  expect(count).toBeGreaterThanOrEqual(1);
  await mine.getByRole('link').click();
  await expect(page).toHaveURL(/\/en\/alerts\?assignee=me$/);
  await expect(page.locator('#f-assignee')).toHaveValue('me');
  await expect(page.locator('#f-status')).toHaveValue('Open');
  await expect(page.locator('[data-alert]')).toHaveCount(Math.min(count, 20));
  // A filter chosen on the page is kept in the URL, so a reload shows the same queue.
  await page.locator('#f-status').selectOption('');
  await expect(page).toHaveURL(/\/en\/alerts\?status=&assignee=me$/);
  await page.reload();
  await expect(page.locator('#f-status')).toHaveValue('');
  await expect(page.locator('#f-assignee')).toHaveValue('me');
  // The URL is the queue's one source: the nav link opens it unfiltered, and back returns the filters.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/en\/alerts$/);
  await expect(page.locator('#f-assignee')).toHaveValue('');
  await expect(page.locator('#f-status')).toHaveValue('Open');
  await page.goBack();
  await expect(page.locator('#f-assignee')).toHaveValue('me');
  await expect(page.locator('#f-status')).toHaveValue('');

  await page.goto(`/en/cases/${seed.monitoring.caseId}`);
  await page.locator('#note-title').fill('Pattern');
  await page.locator('#note-text').fill('Three deposits just under 10,000 within three hours.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Three deposits just under 10,000 within three hours.')).toBeVisible();
  await page
    .locator('#attachment-file')
    .setInputFiles({ name: 'deposit-slips.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf('Deposit slips'), 'latin1') });
  await page.getByTestId('attach').click();
  await expect(page.getByTestId('case-attachment-list')).toContainText('deposit-slips.pdf');
  await page.getByRole('radio', { name: 'Reported' }).check();
  await page.locator('#propose-comment').fill('Structuring to stay under the 10,000 line.');
  await page.getByTestId('propose').click();
  await expect(page.getByTestId('awaiting-checker')).toBeVisible();
  await expect(page.getByText('You proposed this disposition')).toBeVisible();
  await expect(page.getByTestId('approve')).toHaveCount(0);

  const reviewer = await browser.newContext();
  const other = await reviewer.newPage();
  await signIn(other, USERS.reviewer, 'ar');
  await other.goto(`/ar/cases/${seed.monitoring.caseId}`);
  await other.getByTestId('approve').click();
  await expect(other.getByTestId('closed-with')).toHaveText('أُغلقت الحالة بتصنيف «تم الإبلاغ».');
  await expect(other.getByTestId('decision-trail')).toContainText('اقتُرح التصنيف «تم الإبلاغ»');
  await snap(other, 'ar-monitoring-case-closed');
  await expectAccessible(other);
  const download = other.waitForEvent('download');
  await other.getByTestId('download-str').click();
  const file = await download;
  const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  expect(text).toContain('<report_code>STR</report_code>');
  expect(text).toContain('<amount_local>9800.50</amount_local>');
  const pdfDownload = other.waitForEvent('download');
  await other.getByTestId('download-str-pdf').click();
  const pdf = await (await import('node:fs/promises')).readFile((await (await pdfDownload).path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The evidence attached on the case downloads as the stored file.
  const evidence = other.waitForEvent('download');
  await other.getByTestId('case-attachment-list').getByRole('link').first().click();
  const stored = await (await import('node:fs/promises')).readFile((await (await evidence).path())!);
  expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await reviewer.close();
});
