import pg from 'pg';
import { BASE_URL, SEED_ENV } from './fixtures/env';
import { expect, signIn, test, USERS } from './fixtures/test';

test('search, filter and paginate the entity list, then open a full profile', async ({ page }) => {
  await signIn(page, USERS.officer);
  await page.getByRole('link', { name: 'Entities' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entities' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText('27 results');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();

  await page.getByLabel('Role').selectOption('prospect');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('result-count')).toHaveText('9 results');

  await page.getByRole('link', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/en\/entities$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('fatimah');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-count')).toHaveText('1 result');
  // Identity numbers are searchable too.
  await page.getByRole('searchbox', { name: 'Search' }).fill('1098765432');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Omar Al-Qahtani' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-matches-this');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No entities match')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('Fatimah');
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: 'Fatimah Al-Harbi' }).click();
  await expect(page.getByTestId('entity-name')).toHaveText('Fatimah Al-Harbi');
  for (const section of ['Overview', 'Screening', 'KYC summary', 'Identities', 'Bank accounts', 'Addresses', 'Tags', 'Relationships', 'Audit trail']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByText('1012345678')).toBeVisible();
  // The issuing country by name, as every other country of the profile.
  await expect(page.getByRole('row', { name: /1012345678/ })).toContainText('Saudi Arabia (SA)');
  await expect(page.getByText('High net worth')).toBeVisible();
  await expect(page.getByText('12 King Fahd Road, Al Olaya, Riyadh 12214')).toBeVisible();
  // Document previews: the image loads through the tenant-checked route; the PDF opens on demand.
  const image = page.getByRole('img', { name: 'Preview of id-front.png' });
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await page.getByRole('button', { name: 'id-back.pdf' }).click();
  await expect(page.frameLocator('iframe[title="Preview of id-back.pdf"]').locator('body')).toBeAttached();
  await expect(page.getByTestId('audit-timeline').getByRole('listitem')).not.toHaveCount(0);
});

test('a long history shows its newest 50 events, then older ones on request until it says it is complete, in English and Arabic', async ({ page, seed }) => {
  // 70 events from 2020, older than anything the seed or another spec writes: they sit at the end of the history.
  const db = new pg.Client({ connectionString: SEED_ENV.DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO "AuditLog" (id, "tenantId", "actorType", "actorId", action, "targetType", "targetId", before, after, "createdAt")
       SELECT gen_random_uuid(), $1, 'system', 'e2e-history', 'entity.update', 'Entity', $2,
              jsonb_build_object('classification', 'Retail'), jsonb_build_object('classification', 'Institutional'),
              timestamptz '2020-01-01 00:00:00+00' + g * interval '1 hour'
       FROM generate_series(1, 70) g`,
      [seed.alpha.id, seed.entities.fatimah],
    );
  } finally {
    await db.end();
  }
  const events = () => page.getByTestId('audit-timeline').locator(':scope > li');
  const summary = page.getByTestId('audit-timeline-summary');
  await signIn(page, USERS.officer);
  await page.goto(`/en/entities/${seed.entities.fatimah}`);
  await expect(events()).toHaveCount(50);
  await expect(summary).toHaveText('Showing the newest 50 events; older events exist.');
  const older = page.getByRole('button', { name: 'Show older events' });
  while (await older.isVisible()) {
    const shown = await events().count();
    await older.click();
    await expect.poll(() => events().count()).toBeGreaterThan(shown);
  }
  await expect(summary).toHaveAttribute('data-complete', 'true');
  const total = await events().count();
  expect(total).toBeGreaterThan(70);
  await expect(summary).toHaveText(`This is the complete history: ${total} events.`);
  // No event twice.
  const ids = await events().evaluateAll((items) => items.map((item) => item.getAttribute('data-event-id')));
  expect(new Set(ids).size).toBe(total);

  await page.goto(`/ar/entities/${seed.entities.fatimah}`);
  await expect(events()).toHaveCount(50);
  await expect(summary).toContainText('وتوجد أحداث أقدم');
  await page.getByRole('button', { name: 'عرض الأحداث الأقدم' }).click();
  await expect.poll(() => events().count()).toBeGreaterThan(50);
});

test('an invalid or outdated list address says so and leads back to the list, in English and Arabic', async ({ page }) => {
  await signIn(page, USERS.officer);
  // A sort order the API does not know: a 400, which a retry cannot mend.
  await page.goto('/en/entities?sort=risk');
  const error = page.locator('[data-state="error"]');
  await expect(error).toContainText('The filters or page in this address are not valid');
  await expect(error).not.toContainText('Something went wrong');
  await expect(error.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await error.getByRole('link', { name: 'Show the list without filters' }).click();
  await expect(page).toHaveURL(/\/en\/entities$/);
  await expect(page.getByTestId('result-count')).toHaveText(/\d+ results/);

  await page.goto('/ar/alerts?from=notadate');
  await expect(page.locator('[data-state="error"]')).toContainText('عوامل التصفية أو رقم الصفحة في هذا العنوان غير صالحة');
  await page.getByRole('link', { name: 'عرض القائمة دون عوامل تصفية' }).click();
  await expect(page).toHaveURL(/\/ar\/alerts$/);
  await expect(page.locator('[data-state="error"]')).toHaveCount(0);

  // A page past the end of a list that has entities: not "No entities match".
  await page.goto('/en/entities?role=client&page=999');
  const past = page.locator('[data-state="empty"]');
  await expect(past).toContainText('Page 999 is past the end of this list');
  await expect(past).not.toContainText('No entities match');
  await past.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(page).toHaveURL(/\/en\/entities\?role=client$/);
  await expect(page.getByTestId('result-count')).toHaveText(/\d+ results?/);
});

test("change a client's status through the confirmation, with the audit trail updated", async ({ page, seed }) => {
  await signIn(page, USERS.officer);
  await page.goto(`/en/entities/${seed.entities.statusClient}`);
  await expect(page.getByTestId('entity-status')).toHaveText('Active');

  // No status is chosen in advance: changing without a choice is refused at the field.
  await expect(page.getByLabel('New status')).toHaveValue('');
  await page.getByTestId('change-status').getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByTestId('change-status').getByRole('alert')).toHaveText('Choose the new status.');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByLabel('New status').selectOption('Blocked');
  await page.getByLabel('Reason (optional)').fill('Sanctions screening hit under investigation');
  // The client is told by e-mail in the language chosen (sent by the worker; see lib/notifications).
  await page.getByLabel('E-mail the client about this change').check();
  await page.getByLabel('E-mail language').selectOption('ar');
  await page.getByTestId('change-status').getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Change the status from Active to Blocked?');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('status-notice')).toContainText('Status changed to Blocked. The client will be e-mailed at');
  await expect(page.getByTestId('entity-status')).toHaveText('Blocked');
  await expect(page.getByTestId('audit-timeline')).toContainText('Sara Officer');
  // The change itself, in the officer's words: labels and statuses translated, the reason as typed.
  const statusEvent = () =>
    page
      .getByTestId('audit-timeline')
      .locator('li')
      .filter({ has: page.locator('[data-action="entity.status.update"]') });
  await expect(statusEvent().locator('[data-field="status"]')).toHaveText('Status: Active → Blocked');
  await expect(statusEvent().locator('[data-field="reason"]')).toHaveText('Reason: — → Sanctions screening hit under investigation');
  await expect(statusEvent().locator('[data-field="emailOptions"]')).toHaveText('Client e-mail: — → requested, in Arabic');
  await page.goto(`/ar/entities/${seed.entities.statusClient}`);
  await expect(statusEvent().locator('[data-field="status"]')).toHaveText('الحالة: من نشط إلى محظور');
  await expect(statusEvent().locator('[data-field="emailOptions"]')).toHaveText('بريد العميل: من — إلى مطلوب، بالعربية');
  await page.goto(`/en/entities/${seed.entities.statusClient}`);

  // Only the transitions the API allows are offered; Blocked → Blocked is not among them.
  await expect(page.getByLabel('New status')).toHaveValue('');
  const options = await page.getByLabel('New status').locator('option:not([value=""])').allTextContents();
  expect(options).toEqual(['Active', 'Deactivated', 'Deceased']);
  // The server enforces them too: a forbidden transition is a 409 with a bilingual message.
  const api = page.context().request;
  const same = await api.patch(`/services/crm/entities/client/${seed.entities.statusClient}/status`, {
    data: { status: 'Blocked' },
    headers: { origin: BASE_URL },
  });
  expect(same.status()).toBe(409);
  expect((await same.json()).errorCode).toBe('INVALID_STATUS_TRANSITION');
});
