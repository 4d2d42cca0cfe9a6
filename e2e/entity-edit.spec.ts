// Editing an individual and an organization from their profiles (PATCH /services/crm/entities/{id}),
// in English and Arabic: the prefilled form, the Hijri picker, the phone with its dialing code, the
// saved notice, the audit trail, the 409 of an edit made meanwhile, phone width and the roles.
// Records are made in tenant beta, so alpha's counts in other specs stay as seeded.
import type { Page } from '@playwright/test';
import { BASE_URL } from './fixtures/env';
import { expect, expectAccessible, expectFitsWidth, SCREENSHOT_DIR, signIn, snap, test, USERS } from './fixtures/test';

async function createThrough(page: Page, path: string, body: object): Promise<{ id: string; updatedAt: string }> {
  const res = await page.context().request.post(`/services/crm/entities/${path}`, { data: body, headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data;
}

for (const locale of ['en', 'ar'] as const) {
  const ar = locale === 'ar';
  const L = {
    nameEn: ar ? 'الاسم بالإنجليزية' : 'Name in English',
    nameAr: ar ? 'الاسم بالعربية' : 'Name in Arabic',
    save: ar ? 'حفظ التغييرات' : 'Save changes',
    hijri: ar ? 'هجري (أم القرى)' : 'Hijri (Umm al-Qura)',
    gregorianDate: ar ? 'التاريخ الميلادي' : 'Gregorian date',
    nationality: ar ? 'الجنسية' : 'Nationality',
    gender: ar ? 'الجنس' : 'Gender',
    dialingCode: ar ? 'رمز الاتصال الدولي' : 'Dialing code',
    phone: ar ? 'الهاتف' : 'Phone',
    saved: ar ? 'حُفظت التغييرات.' : 'Changes saved.',
    edited: ar ? 'تعديل الملف' : 'Profile edited',
  };

  test(`edit an individual and an organization from their profiles (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    const stamp = `${Date.now().toString().slice(-6)}${ar ? 1 : 2}`;
    await signIn(page, USERS.betaOfficer, locale);
    const person = await createThrough(page, 'client', {
      type: 'Individual',
      nameEn: `Huda Saleh Al-Amri ${stamp}`,
      nameAr: 'هدى صالح العمري',
      countryCode: '966',
      phoneNumber: '501234567',
      dobGregorian: '1988-03-12',
      nationalityCode: 'SA',
      gender: 'Female',
    });

    // From the profile's Edit action to the prefilled form.
    await page.goto(`/${locale}/entities/${person.id}`);
    await page.getByTestId('edit-entity').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/entities/${person.id}/edit$`));
    await expect(page.getByLabel(L.nameEn)).toHaveValue(`Huda Saleh Al-Amri ${stamp}`);
    await expect(page.getByLabel(L.nameAr)).toHaveValue('هدى صالح العمري');
    await expect(page.getByRole('textbox', { name: L.phone })).toHaveValue('501234567');
    await expect(page.getByLabel(L.dialingCode)).toHaveValue('SA');
    await expect(page.getByLabel(L.gregorianDate)).toHaveValue('1988-03-12');
    await snap(page, `${locale}-entity-edit-individual`);
    await expectAccessible(page);

    // A bad e-mail is refused by the API's own schema before anything is sent.
    await page.getByLabel(ar ? 'البريد الإلكتروني' : 'E-mail', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: L.save }).click();
    await expect(page.locator('#email-error')).toHaveText(ar ? 'تحقق من هذا الحقل: عنوان بريد إلكتروني غير صالح' : 'Check this field: Invalid email address');
    await page.getByLabel(ar ? 'البريد الإلكتروني' : 'E-mail', { exact: true }).fill(`huda.${stamp}@example.ae`);

    // Each name in its own script (screening compares each with the lists' names of that script).
    await page.getByLabel(L.nameEn).fill('هدى العمري');
    await page.getByLabel(L.nameAr).fill('Huda Al-Amri');
    await page.getByRole('button', { name: L.save }).click();
    await expect(page.locator('#nameEn-error')).toHaveText(
      ar ? 'اكتب الاسم الإنجليزي بأحرف لاتينية؛ وللاسم العربي حقله الخاص.' : 'Write the English name in Latin letters; the Arabic name has its own field.',
    );
    await expect(page.locator('#nameAr-error')).toHaveText(
      ar ? 'اكتب الاسم العربي بأحرف عربية؛ وللاسم الإنجليزي حقله الخاص.' : 'Write the Arabic name in Arabic letters; the English name has its own field.',
    );

    // New names, a date of birth in the Hijri calendar, a UAE mobile, the nationality.
    await page.getByLabel(L.nameEn).fill(`Huda Saleh Al-Qahtani ${stamp}`);
    await page.getByLabel(L.nameAr).fill('هدى صالح القحطاني');
    await page.getByLabel(L.hijri).check();
    // The picker offers only the days the month has: Rabi' al-Awwal 1412 has 30, Safar 29, so moving
    // from the 30th of one to the other clears the day; and no year after the current one for a date of birth.
    await page.getByTestId('hijri-year').selectOption('1412');
    await page.getByTestId('hijri-month').selectOption('3');
    await page.getByTestId('hijri-day').selectOption('30');
    await page.getByTestId('hijri-month').selectOption('2');
    await expect(page.getByTestId('hijri-day')).toHaveValue('');
    await expect(page.getByTestId('hijri-day').locator('option')).toHaveCount(1 + 29);
    await expect(page.getByTestId('hijri-year').locator('option[value="1500"]')).toHaveCount(0);
    await page.getByTestId('hijri-day').selectOption('22');
    await page.getByTestId('hijri-month').selectOption('10');
    await page.getByTestId('hijri-year').selectOption('1410');
    await expect(page.getByTestId('other-calendar')).toContainText(/1990|١٩٩٠/);
    await page.getByLabel(L.dialingCode).selectOption('AE');
    await page.getByRole('textbox', { name: L.phone }).fill('501234567');
    await page.getByLabel(L.nationality).selectOption('AE');
    await page.getByRole('button', { name: L.save }).click();

    // Back on the profile, with the notice, the new values and the change in the audit trail.
    await expect(page).toHaveURL(new RegExp(`/${locale}/entities/${person.id}\\?saved=1$`));
    await expect(page.getByTestId('saved-notice')).toHaveText(L.saved);
    await expect(page.getByTestId('entity-name')).toHaveText(ar ? 'هدى صالح القحطاني' : `Huda Saleh Al-Qahtani ${stamp}`);
    const edit = page
      .getByTestId('audit-timeline')
      .locator('li')
      .filter({ has: page.locator('[data-action="entity.update"]') });
    await expect(edit.locator('[data-action="entity.update"]')).toHaveText(L.edited);
    await expect(edit.locator('[data-field="nameAr"]')).toContainText('هدى صالح القحطاني');
    await expect(edit.locator('[data-field="dob"]')).toContainText('1990-05-17');
    await expect(edit.locator('[data-field="countryCode"]')).toContainText('971');
    const api = page.context().request;
    const stored = await (await api.get(`/services/crm/entities/${person.id}`)).json();
    expect(stored).toMatchObject({ dob: '1990-05-17', dobHijri: '1410-10-22', countryCode: '971', phoneNumber: '501234567', nationalityCode: 'AE' });
    await snap(page, `${locale}-entity-edit-saved`);
    await expectAccessible(page);

    // Someone else edits the record while the form is open: saving is a 409 with the message in the page's language.
    await page.goto(`/${locale}/entities/${person.id}/edit`);
    await expect(page.getByLabel(L.nameEn)).toHaveValue(`Huda Saleh Al-Qahtani ${stamp}`);
    const meanwhile = await api.patch(`/services/crm/entities/${person.id}`, { data: { email: `other.${stamp}@example.sa` }, headers: { origin: BASE_URL } });
    expect(meanwhile.status()).toBe(200);
    await page.getByLabel(L.nameEn).fill(`Huda Al-Qahtani ${stamp}`);
    await page.getByRole('button', { name: L.save }).click();
    await expect(page.getByTestId('form-error')).toContainText(ar ? 'عدّل شخص آخر هذا السجل' : 'Someone else changed this record after you opened it');
    await snap(page, `${locale}-entity-edit-conflict`);
    await page.getByRole('button', { name: ar ? 'تحميل أحدث نسخة' : 'Load the latest version' }).click();
    await expect(page.getByLabel(L.nameEn)).toHaveValue(`Huda Saleh Al-Qahtani ${stamp}`);
    await expect(page.getByLabel(ar ? 'البريد الإلكتروني' : 'E-mail', { exact: true })).toHaveValue(`other.${stamp}@example.sa`);

    // An organization: no person fields, its incorporation date instead of a date of birth.
    const company = await createThrough(page, 'prospect', {
      type: 'Organization',
      nameEn: `Tihama Logistics ${stamp}`,
      nameAr: 'تهامة للخدمات اللوجستية',
      dateOfIncorporationGregorian: '2011-04-01',
      identities: [{ number: `70${stamp.padStart(8, '0').slice(-8)}` }],
    });
    await page.goto(`/${locale}/entities/${company.id}`);
    await page.getByTestId('edit-entity').click();
    await expect(page.getByLabel(L.nameEn)).toHaveValue(`Tihama Logistics ${stamp}`);
    await expect(page.getByLabel(L.nationality)).toHaveCount(0);
    await expect(page.getByLabel(L.gender)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: ar ? 'تاريخ التأسيس' : 'Date of incorporation' })).toBeVisible();
    await snap(page, `${locale}-entity-edit-organization`);
    await expectAccessible(page);
    await page.getByLabel(L.nameEn).fill(`Tihama Logistics Holding ${stamp}`);
    await page.getByLabel(L.nameAr).fill('تهامة القابضة للخدمات اللوجستية');
    await page.getByLabel(L.gregorianDate).fill('2012-06-30');
    await page.getByRole('button', { name: L.save }).click();
    await expect(page.getByTestId('saved-notice')).toBeVisible();
    await expect(page.getByTestId('entity-name')).toHaveText(ar ? 'تهامة القابضة للخدمات اللوجستية' : `Tihama Logistics Holding ${stamp}`);
    await expect(page.getByTestId('audit-timeline').locator('[data-field="dateOfIncorporation"]').first()).toContainText('2012-06-30');
    // The new name is what the list search finds (Arabic-insensitive: ة/ه).
    await page.goto(`/${locale}/entities?q=${encodeURIComponent('تهامه القابضه')}`);
    await expect(page.getByRole('link', { name: ar ? 'تهامة القابضة للخدمات اللوجستية' : `Tihama Logistics Holding ${stamp}` }).first()).toBeVisible();

    // At phone width the form fits, with its actions reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${locale}/entities/${person.id}/edit`);
    await page.waitForLoadState('networkidle');
    await expectFitsWidth(page, `${locale} entity edit`);
    await expect(page.getByRole('button', { name: L.save })).toBeVisible();
    await snap(page, `${locale}-phone-entity-edit`);
    await expectAccessible(page);
  });
}

test('an unknown entity has no edit page (404); a relationship manager has no Edit action and is sent to forbidden', async ({ page, seed }) => {
  await signIn(page, USERS.betaOfficer);
  const unknown = await page.goto(`/en/entities/00000000-0000-4000-8000-000000000000/edit`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  // Another tenant's entity looks the same.
  const foreign = await page.goto(`/en/entities/${seed.entities.fatimah}/edit`);
  expect(foreign?.status()).toBe(404);
  await snap(page, 'en-entity-edit-not-found');

  await page.context().clearCookies();
  await signIn(page, USERS.rm);
  await page.goto(`/en/entities/${seed.entities.fatimah}`);
  await expect(page.getByTestId('entity-name')).toHaveText('Fatimah Al-Harbi');
  await expect(page.getByTestId('edit-entity')).toHaveCount(0);
  await page.goto(`/en/entities/${seed.entities.fatimah}/edit`);
  await expect(page.getByTestId('forbidden')).toBeVisible();
  const refused = await page
    .context()
    .request.patch(`/services/crm/entities/${seed.entities.fatimah}`, { data: { nameEn: 'Changed' }, headers: { origin: BASE_URL } });
  expect(refused.status()).toBe(403);
});

test('the dialing-code picker shows the whole country name and its code (never 966+), in Arabic and English, at desktop and phone width', async ({ page }) => {
  test.setTimeout(120_000);
  for (const locale of ['ar', 'en'] as const) {
    await signIn(page, USERS.betaOfficer, locale);
    for (const [width, label] of [
      [1366, 'desktop'],
      [390, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${locale}/entities/new`);
      const picker = page.getByLabel(locale === 'ar' ? 'رمز الاتصال الدولي' : 'Dialing code');
      await expect(picker).toHaveValue('SA');
      // The country, then its code; no plus beside Arabic, which the closed picker would draw as 966+.
      const text = await picker.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.text);
      expect(text).toBe(locale === 'ar' ? 'المملكة العربية السعودية (966)' : 'Saudi Arabia (+966)');
      // The chosen option fits the closed picker: its text, in the picker's font, within the box less
      // its padding and the arrow.
      const room = await picker.evaluate((s: HTMLSelectElement) => {
        const style = getComputedStyle(s);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const inner = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: Math.ceil(ctx.measureText(s.selectedOptions[0]!.text).width), inner };
      });
      expect(room.text + 20, `${locale} ${label}: ${JSON.stringify(room)}`).toBeLessThanOrEqual(room.inner);
      // And the number beside (or under) it has room for a whole mobile number.
      expect((await page.getByRole('textbox', { name: locale === 'ar' ? 'الهاتف' : 'Phone' }).boundingBox())!.width).toBeGreaterThanOrEqual(128);
      await picker.locator('xpath=../..').screenshot({ path: `${SCREENSHOT_DIR}/${locale}-phone-picker-${label}.png` });
    }
    await page.context().clearCookies();
  }
});
