import { BASE_URL } from './fixtures/env';
import { expect, SCREENSHOT_DIR, signIn, test, USERS } from './fixtures/test';

test('an approval the server refuses is rolled back into the queue with its message', async ({ page, seed }) => {
  await signIn(page, USERS.reviewer);
  await page.route(`**/services/crm/bank-accounts/manual/${seed.accounts.toApprove.id}/review`, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        errorCode: 'CONFLICT',
        message: { en: 'The request conflicts with the current state of the record.', ar: 'يتعارض الطلب مع الحالة الحالية للسجل.' },
      }),
    }),
  );
  await page.goto('/en/bank-accounts/review');
  const row = page.getByTestId(`review-${seed.accounts.toApprove.id}`);
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('review-notice')).toContainText('The decision was not saved: The request conflicts');
  await expect(row).toBeVisible();
});

test('approve one manual bank account and reject another (a rejection needs a comment)', async ({ page, seed }) => {
  await signIn(page, USERS.reviewer);
  await page.getByRole('link', { name: 'Bank account review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bank account review' })).toBeVisible();

  const approveRow = page.getByTestId(`review-${seed.accounts.toApprove.id}`);
  await approveRow.getByLabel('Comment').fill('Bank letter matches the holder name');
  await approveRow.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Approve the account ${seed.accounts.toApprove.iban}?`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('review-notice')).toContainText('Account approved.');
  await expect(page.getByTestId(`review-${seed.accounts.toApprove.id}`)).toHaveCount(0);

  const rejectRow = page.getByTestId(`review-${seed.accounts.toReject.id}`);
  await rejectRow.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectRow.getByRole('alert')).toHaveText('A comment is required to reject.');
  await rejectRow.getByLabel('Comment').fill('The letter is for another account holder');
  await rejectRow.getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('review-notice')).toContainText('Account rejected.');
  await expect(page.getByText('Nothing to review')).toBeVisible();

  // The decisions are stored: the profile shows the verified account.
  await page.goto(`/en/entities/${seed.entities.fatimah}`);
  const accounts = page.locator('section', { has: page.getByRole('heading', { name: 'Bank accounts' }) });
  await expect(accounts.locator('tr', { hasText: seed.accounts.toApprove.iban })).toContainText('Verified');
  // The review, audited on the bank account, is in the client's history, labelled in each language
  // (and the other client's rejection is not).
  for (const [locale, label, kind] of [
    ['en', 'Bank account reviewed', 'Bank account'],
    ['ar', 'مراجعة حساب بنكي', 'حساب بنكي'],
  ] as const) {
    await page.goto(`/${locale}/entities/${seed.entities.fatimah}`);
    const review = page
      .getByTestId('audit-timeline')
      .getByRole('listitem')
      .filter({ has: page.locator('[data-action="bankAccount.review"]') });
    await expect(review).toHaveCount(1);
    await expect(review).toContainText(label);
    await expect(review.locator('[data-target-type="BankAccount"]')).toHaveText(kind);
    await expect(page.getByTestId('audit-timeline')).not.toContainText('bankAccount.review');
  }
  // Reviewing again is a conflict, reported in both languages.
  const again = await page.context().request.patch(`/services/crm/bank-accounts/manual/${seed.accounts.toApprove.id}/review`, {
    data: { decision: 'Reject', comment: 'x' },
    headers: { origin: BASE_URL },
  });
  expect(again.status()).toBe(409);
});

// A 1×1 PNG: the bank letter a manual account needs.
const LETTER = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('Latin names in the Arabic queue keep their hyphen inside the name wherever they wrap (desktop and phone)', async ({ page, seed }) => {
  test.setTimeout(120_000);
  // In tenant beta: the entity and the account it adds must not change the counts other specs expect of alpha's seed.
  await signIn(page, USERS.betaOfficer, 'ar');
  const api = page.context().request;
  // Bank accounts are added by the tenant's systems (API key).
  const headers = { 'x-api-key': seed.beta.apiKey, 'x-tenant': seed.beta.slug };
  // An entity with no Arabic name: the Arabic page shows its English one.
  const entity = await api.post('/services/crm/entities/client', { data: { type: 'Individual', nameEn: 'Noura Saad Al-Otaibi' }, headers });
  expect(entity.status(), await entity.text()).toBe(201);
  const entityId = (await entity.json()).data.id as string;
  const letter = await api.post('/services/crm/attachments', { multipart: { file: { name: 'letter.png', mimeType: 'image/png', buffer: LETTER } }, headers });
  expect(letter.status(), await letter.text()).toBe(201);
  const account = await api.post(`/services/crm/entities/${entityId}/bank-accounts`, {
    data: { iban: 'SA4420000001234567891234', attachmentId: (await letter.json()).data.id, holderName: 'Noura Saad Al-Otaibi' },
    headers,
  });
  expect(account.status(), await account.text()).toBe(201);
  const accountId = (await account.json()).data.id as string;

  for (const [width, label] of [
    [1366, 'desktop'],
    [390, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/ar/bank-accounts/review');
    const row = page.locator(`tr[data-account="${accountId}"]`);
    await expect(row).toContainText('Noura Saad Al-Otaibi');
    // Squeeze the entity cell through every width and look where the hyphen of "Al-" is drawn: right
    // of the "l" (left to right), never at the start of the line ("-Noura Saad Al" / "Otaibi").
    const misplaced = await row
      .locator('td')
      .first()
      .evaluate((cell: HTMLElement) => {
        const bad: string[] = [];
        const texts: Text[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.includes('Al-')) texts.push(n as Text);
        const rect = (node: Text, at: number) => {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          return range.getClientRects()[0]!;
        };
        // Each Latin name sits in an isolate (<bdi>), so its hyphen is ordered within the name whatever
        // the browser does with a run that ends a right-to-left line.
        for (const node of texts) {
          let isolated = false;
          for (let el = node.parentElement; el && el !== cell && !isolated; el = el.parentElement) isolated = getComputedStyle(el).unicodeBidi === 'isolate';
          if (!isolated) bad.push(`not isolated: "${node.textContent}" in <${node.parentElement!.tagName.toLowerCase()}>`);
        }
        cell.style.display = 'block';
        for (let w = 60; w <= 320; w += 4) {
          cell.style.width = `${w}px`;
          for (const node of texts) {
            const at = node.textContent!.indexOf('Al-') + 2;
            const [l, hyphen] = [rect(node, at - 1), rect(node, at)];
            if (hyphen.top === l.top && hyphen.left < l.left) bad.push(`${w}px: hyphen left of "l" in "${node.textContent}"`);
            if (hyphen.top !== l.top) bad.push(`${w}px: hyphen on another line than "Al" in "${node.textContent}"`);
          }
        }
        cell.style.display = '';
        cell.style.width = '';
        return bad;
      });
    expect(misplaced).toEqual([]);
    await row.screenshot({ path: `${SCREENSHOT_DIR}/ar-bank-review-latin-name-${label}.png` });
  }
  // Out of the queue again, for the specs after this one.
  const rejected = await api.patch(`/services/crm/bank-accounts/manual/${accountId}/review`, {
    data: { decision: 'Reject', comment: 'e2e clean-up' },
    headers: { origin: BASE_URL },
  });
  expect(rejected.status()).toBe(200);
});
