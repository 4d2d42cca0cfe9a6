import { BASE_URL } from './fixtures/env';
import { expect, signIn, test, USERS } from './fixtures/test';

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
  // Reviewing again is a conflict, reported in both languages.
  const again = await page.context().request.patch(`/services/crm/bank-accounts/manual/${seed.accounts.toApprove.id}/review`, {
    data: { decision: 'Reject', comment: 'x' },
    headers: { origin: BASE_URL },
  });
  expect(again.status()).toBe(409);
});
