import type { Browser, Page } from '@playwright/test';
import { BASE_URL } from './fixtures/env';
import { expect, expectAccessible, signIn, snap, test, USERS } from './fixtures/test';
import type { SeedUser } from './fixtures/users';

/** A second officer in a browser of their own: four eyes need two people signed in. */
async function asOfficer(browser: Browser, user: SeedUser, locale: 'en' | 'ar' = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user, locale);
  return page;
}

/** Nothing scrolls sideways at the width of a phone. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the case queue filters by list, status, assignee and age; another tenant’s case is not found', async ({ page, seed }) => {
  await signIn(page, USERS.caseMaker);
  await page.getByRole('link', { name: 'Cases' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible();

  await page.getByLabel('Status').selectOption('all');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('case-count')).toHaveText('3 results');
  await expectAccessible(page);
  await snap(page, 'cases-queue-en');

  await page.getByLabel('List').selectOption('Custom');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/source=Custom/);
  await expect(page.getByTestId('case-count')).toHaveText('1 result');
  await expect(page.getByRole('link', { name: 'Open case of Mariam Nasser Al-Dosari' })).toBeVisible();

  await page.getByLabel('Opened').selectOption('older');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No cases match')).toBeVisible();

  await page.getByRole('link', { name: 'Reset' }).click();
  await page.getByLabel('Assignee').selectOption('unassigned');
  await page.getByLabel('Opened').selectOption('today');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('link', { name: 'Open case of Mariam Nasser Al-Dosari' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/cases?status=all');
  await expect(page.getByTestId('case-count')).toHaveText('3 results');
  await snap(page, 'cases-queue-en-390');

  // Alpha's officer cannot reach gamma's case, in the page or the API.
  const alpha = await asOfficer(page.context().browser()!, USERS.officer);
  await alpha.goto(`/en/cases/${seed.screening.custom.caseId}`);
  await expect(alpha.getByTestId('not-found')).toBeVisible();
  expect((await alpha.request.get(`/services/crm/cases/${seed.screening.custom.caseId}`)).status()).toBe(404);
  await alpha.context().close();
});

test('four eyes in English: the maker proposes a false positive, cannot approve it, a different officer approves and the case closes', async ({
  page,
  browser,
  seed,
}) => {
  const { caseId } = seed.screening.falsePositive;
  await signIn(page, USERS.caseMaker);
  await page.goto(`/en/cases/${caseId}`);
  await expect(page.getByTestId('case-title')).toHaveText('Case: Abdulrahman Saleh Al-Zahrani');

  // The comparison: both scripts side by side, dates, nationality and identities of each side.
  const comparison = page.getByRole('table', { name: 'Client versus list entry' });
  await expect(comparison.getByRole('row', { name: /Name \(Arabic\)/ })).toContainText('عبد الرحمن صالح الزهراني');
  const dobRow = comparison.getByRole('row', { name: /^Date of birth (?!\(Hijri\))/ });
  await expect(dobRow).toContainText('June 21, 1984');
  await expect(dobRow).toContainText('March 14, 1970');
  // The Hijri date spelled out, with the digits as stored beside it.
  const hijriRow = comparison.getByRole('row', { name: /^Date of birth \(Hijri\)/ });
  await expect(hijriRow).toContainText('Ramadan 21, 1404 AH');
  await expect(hijriRow).toContainText('1404-09-21');
  await expect(comparison.getByRole('row', { name: /Identities/ })).toContainText('Passport · K7731904 · SA');
  await expect(comparison.getByRole('row', { name: /Nationality/ })).toContainText('Saudi Arabia (SA)');
  // The signals as a readable breakdown.
  await expect(page.getByText('Why it matched')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Full name\s*100%$/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Date of birth\s*0%$/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Different date of birth$/ })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'case-detail-en');

  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByTestId('case-assignee')).toHaveText('Layla Maker');

  await page.getByLabel(/^False positive/).check();
  await page.getByRole('button', { name: 'Propose decision' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A comment is required.' })).toBeVisible();
  await page.getByLabel('Comment').fill('Different date of birth and national ID; the listed person is 14 years older.');
  await page.getByRole('button', { name: 'Propose decision' }).click();
  await expect(page.getByTestId('match-notice')).toHaveText('Decision proposed; a different officer must approve it.');
  await expect(page.getByTestId('match-status')).toHaveText('Awaiting approval');
  await expect(page.getByText('You proposed this decision.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // The server refuses the maker's own approval too.
  const own = await page.request.post(`/services/crm/cases/${caseId}/matches/${await matchId(page)}/approval`, { data: {}, headers: { origin: BASE_URL } });
  expect(own.status()).toBe(403);
  expect((await own.json()).errorCode).toBe('FOUR_EYES_REQUIRED');

  const checker = await asOfficer(browser, USERS.caseChecker);
  await checker.goto(`/en/cases/${caseId}`);
  await expect(checker.getByText('Layla Maker proposed: False positive')).toBeVisible();
  await checker.getByRole('button', { name: 'Approve' }).click();
  await checker.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(checker.getByTestId('match-notice')).toHaveText('Decision approved.');
  await expect(checker.getByTestId('match-status')).toHaveText('False positive');
  await expect(checker.getByTestId('case-status')).toHaveText('Closed');
  // A closed case offers no assignment, to the checker nor to its assignee.
  await expect(checker.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('case-status')).toHaveText('Closed');
  await expect(page.getByTestId('case-assignee')).toHaveText('Layla Maker');
  await expect(page.getByRole('button', { name: 'Unassign' })).toHaveCount(0);
  await checker.getByText('Review history').click();
  await expect(checker.getByRole('listitem').filter({ hasText: /^Approved · Huda Checker/ })).toBeVisible();
  await expectAccessible(checker);
  await snap(checker, 'case-detail-en-decided');
  await checker.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(checker);
  await snap(checker, 'case-detail-en-390');
  await checker.context().close();
});

test('four eyes in Arabic: a true positive approved with blocking the client', async ({ page, browser, seed }) => {
  const { caseId, entityId } = seed.screening.truePositive;
  await signIn(page, USERS.caseMaker, 'ar');
  await page.goto(`/ar/cases/${caseId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('case-title')).toHaveText('حالة: يوسف حمد المطيري');
  await expect(page.getByRole('table', { name: 'العميل مقابل قيد القائمة' }).getByRole('row', { name: /الاسم \(بالحروف اللاتينية\)/ })).toContainText(
    'Yousef Hamad Al-Mutairi',
  );
  await expect(page.getByRole('listitem').filter({ hasText: /^رقم الهوية\s*الرقم نفسه/ })).toContainText('1077001122');
  await expectAccessible(page);
  await snap(page, 'case-detail-ar');

  await page.getByLabel(/^تطابق حقيقي/).check();
  await page.getByLabel('تعليق').fill('رقم الهوية الوطنية وتاريخ الميلاد مطابقان للقيد المدرج.');
  await page.getByRole('button', { name: 'اقتراح القرار' }).click();
  await expect(page.getByTestId('match-status')).toHaveText('بانتظار الاعتماد');

  const checker = await asOfficer(browser, USERS.caseChecker, 'ar');
  await checker.goto(`/ar/cases/${caseId}`);
  await checker.getByLabel('حظر العميل أيضًا').check();
  await checker.getByLabel('سبب الحظر').fill('تطابق مؤكد مع قائمة العقوبات.');
  await expectAccessible(checker);
  await checker.getByRole('button', { name: 'اعتماد' }).click();
  await expect(checker.getByRole('alertdialog')).toContainText('وحظر العميل');
  await checker.getByRole('alertdialog').getByRole('button', { name: 'تأكيد' }).click();
  await expect(checker.getByTestId('match-notice')).toHaveText('اعتُمد القرار وأصبح العميل محظورًا.');
  await expect(checker.getByTestId('match-status')).toHaveText('تطابق حقيقي');
  await expect(checker.getByTestId('client-status')).toHaveText('محظور');
  await checker.reload();
  await expect(checker.getByTestId('case-status')).toHaveText('مغلقة');
  await expect(checker.getByRole('button', { name: 'إسنادها إليّ' })).toHaveCount(0);
  await checker.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(checker);
  await snap(checker, 'case-detail-ar-390');

  // The profile shows the confirmed hit and the blocked status.
  await checker.goto(`/ar/entities/${entityId}`);
  await expect(checker.getByTestId('screening-status')).toHaveText('تطابق مؤكد');
  await expect(checker.getByTestId('entity-status')).toHaveText('محظور');
  await checker.context().close();
});

test('the profile’s screening tab lists the matches and screens now, in English and Arabic', async ({ page, seed }) => {
  await signIn(page, USERS.caseMaker);
  await page.goto(`/en/entities/${seed.screening.clear.entityId}`);
  const tab = page
    .locator('section', { has: page.getByRole('heading', { name: 'Watchlist matches', exact: true }) })
    .filter({ has: page.getByTestId('screening-status') });
  await expect(tab.getByTestId('screening-status')).toHaveText('Clear');
  await expect(tab.getByText('No watchlist matches.')).toBeVisible();
  await tab.getByRole('button', { name: 'Screen now' }).click();
  await expect(tab.getByTestId('screen-notice')).toHaveText('Screened: no new matches, none changed.');
  await expectAccessible(page);

  await page.goto(`/ar/entities/${seed.screening.custom.entityId}`);
  const arTab = page
    .locator('section', { has: page.getByRole('heading', { name: 'تطابقات قوائم المراقبة', exact: true }) })
    .filter({ has: page.getByTestId('screening-status') });
  await expect(arTab.getByTestId('screening-status')).toHaveText('بانتظار المراجعة');
  await expect(arTab.getByRole('link', { name: 'Mariam Nasser Al-Dosari' })).toHaveAttribute('href', `/ar/cases/${seed.screening.custom.caseId}`);
  await expectAccessible(page);
  await snap(page, 'profile-screening-ar');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await snap(page, 'profile-screening-ar-390');
});

async function matchId(page: Page): Promise<string> {
  const testId = await page.locator('article[data-testid^="match-"]').first().getAttribute('data-testid');
  return testId!.replace('match-', '');
}

test('the watchlists page says which lists screen the clients and how current each is, in English and Arabic', async ({ page }) => {
  await signIn(page, USERS.caseMaker);
  // The nav's link (the dashboard's coverage warning links there too).
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Watchlists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Watchlists' })).toBeVisible();
  // The page shows what the API answers: the shared list's entries and imports, imported by the seed today.
  const lists = (await (await page.request.get('/services/crm/screening/lists')).json()).data as {
    source: string;
    activeEntries: number;
    imports: unknown[];
  }[];
  const listA = lists.find((l) => l.source === 'ListSourceA')!;
  expect(listA.activeEntries).toBeGreaterThanOrEqual(2);
  const shared = page.locator('[data-list="ListSourceA"]');
  await expect(shared.getByTestId('active-entries')).toHaveText(new Intl.NumberFormat('en').format(listA.activeEntries));
  await expect(shared.getByTestId('last-import')).toContainText('Current');
  await expect(shared.locator('[data-import]')).toHaveCount(listA.imports.length);
  // The tenant's own list: the one local entry of the seed.
  await expect(page.locator('[data-list="Custom"]').getByTestId('active-entries')).toHaveText('1');
  await expectAccessible(page);
  await snap(page, 'watchlists-en');

  await page.goto('/ar/screening/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'قوائم المراقبة' })).toBeVisible();
  await expect(page.locator('[data-list="ListSourceA"]').getByTestId('last-import')).toContainText('محدّثة');
  await expectAccessible(page);
  await snap(page, 'watchlists-ar');
});
