import { expect, expectAccessible, signIn, snap, test, USERS } from './fixtures/test';

test('personal data on the profile: retention state, export of everything held, an erasure request recorded and withdrawn, in English and Arabic', async ({
  page,
  seed,
}) => {
  await signIn(page, USERS.officer);
  await page.goto(`/en/entities/${seed.entities.omar}`);
  const panel = page.getByTestId('retention-panel');
  await expect(panel.getByTestId('retention-state')).toHaveText('Relationship active');
  await expect(panel.getByTestId('erasure-request-status')).toHaveText('None');

  // The export is one archive, downloaded with the officer's session.
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('export-entity').click()]);
  expect(download.suggestedFilename()).toBe(`entity-${seed.entities.omar}.tar.gz`);

  await panel.getByTestId('request-erasure').getByRole('button').click();
  await expect(panel.getByTestId('request-erasure-result')).toHaveText('Erasure request recorded.');
  await expect(panel.getByTestId('erasure-request-status')).toContainText('Pending');
  // A client's records are kept while the relationship lasts, whatever was requested.
  await expect(panel.getByTestId('retention-state')).toHaveText('Relationship active');
  await expectAccessible(page);
  await snap(page, 'profile-personal-data-en');

  await page.goto(`/ar/entities/${seed.entities.omar}`);
  await expect(panel.getByTestId('retention-state')).toHaveText('العلاقة قائمة');
  await expect(panel.getByTestId('erasure-request-status')).toContainText('قيد الانتظار');
  await expectAccessible(page);
  await snap(page, 'profile-personal-data-ar');
  await panel.getByTestId('cancel-erasure').getByRole('button').click();
  await expect(panel.getByTestId('cancel-erasure-result')).toHaveText('سُحب طلب المحو.');
  await expect(panel.getByTestId('erasure-request-status')).toContainText('سُحب');
});
