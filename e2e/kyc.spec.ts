import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, snap, test, USERS } from './fixtures/test';
import type { SeedResult } from './fixtures/users';

const api = (seed: SeedResult) => ({ 'x-api-key': seed.alpha.apiKey, 'x-tenant': seed.alpha.slug });

/** Desktop screenshot, then the same page at phone width (390 px), which must not scroll sideways. */
async function snapBoth(page: Page, name: string) {
  await snap(page, name);
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  // Charts follow their box through a ResizeObserver: give them the time to redraw at the new width.
  await page
    .waitForFunction(
      () => [...document.querySelectorAll('.recharts-wrapper')].every((w) => w.getBoundingClientRect().right <= document.documentElement.clientWidth + 1),
      null,
      {
        timeout: 5000,
      },
    )
    .catch(() => undefined);
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The widest culprits, to say what overflows (elements inside a scrolling box are fine).
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.overflow-x-auto'))
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`.slice(0, 120));
    return { by: document.documentElement.scrollWidth - width, culprits };
  });
  expect(overflow.by, `${name} scrolls sideways at 390 px: ${overflow.culprits.join(' | ')}`).toBeLessThanOrEqual(1);
  await snap(page, `${name}-390`);
  await page.setViewportSize(desktop);
}

async function getJson(request: APIRequestContext, url: string, headers: Record<string, string>) {
  const res = await request.get(url, { headers });
  expect(res.status(), url).toBe(200);
  return res.json();
}

test.describe('KYC', () => {
  test('a submitted PEP prospect: score, breakdown and overrides on the profile; the RM opens an Edd form', async ({ page, seed }) => {
    // Two languages, two widths, axe twice and two sign-ins: more than the default minute on a busy host.
    test.setTimeout(180_000);
    await signIn(page, USERS.officer);
    await page.goto(`/en/entities/${seed.entities.kycProspect}`);
    const card = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'KYC summary' }) });
    await expect(card.getByTestId('kyc-status')).toHaveText('Submitted');
    await expect(card.getByTestId('kyc-risk-level')).toHaveText('High risk');
    await expect(card).toContainText('Risk level raised by:');
    await expect(card).toContainText('answer to “Are you, or have you been in the last 12 months, entrusted with a prominent public function');
    await expect(card.getByTestId('score-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    // The chart's figures are also a table: one row per section of the stored breakdown.
    const before = await getJson(page.request, `/services/crm/entities/${seed.entities.kycProspect}`, api(seed));
    expect(before.kyc.scores[0].riskBreakdown.length).toBeGreaterThan(4);
    await expect(card.getByTestId('kyc-breakdown').locator('tr')).toHaveCount(before.kyc.scores[0].riskBreakdown.length);
    await expect(card.getByTestId('kyc-submission')).toHaveCount(3);
    // Each score of the history says why it exists: the submission it was computed for.
    await expect(card.getByTestId('kyc-history').locator('tr')).toHaveCount(3);
    await expect(card.getByTestId('kyc-history').locator('tr').last()).toContainText('submitted');
    await expect(card.getByTestId('kyc-history')).toContainText('Know your customer submitted');
    // Her answers contradict her profile twice: said where the officer decides, and beside each answer,
    // whose submission opens by itself.
    await expect(card.getByTestId('kyc-review').getByTestId('kyc-profile-disagreements')).toHaveText(
      '2 answers differ from the entity’s profile: check which is right.',
    );
    const kycAnswers = card.getByTestId('kyc-submission').filter({ hasText: 'Know your customer' });
    await expect(kycAnswers).toHaveAttribute('open', '');
    await expect(kycAnswers).toContainText('United Arab Emirates (AE)');
    await expect(kycAnswers).toContainText('Identity and nationality');
    await expect(kycAnswers.getByTestId('kyc-answer-disagrees')).toHaveText(['Profile says January 15, 1988', 'Profile says Saudi Arabia (SA)']);
    await expect(kycAnswers.getByTestId('kyc-answer-disagrees').first()).toBeVisible();
    await expect(card.getByTestId('kyc-review')).toContainText('High risk: approving sends the KYC to a second review');
    await expectAccessible(page);
    await snapBoth(page, 'kyc-tab-en');

    await page.goto(`/ar/entities/${seed.entities.kycProspect}`);
    const cardAr = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'اعرف عميلك' }) });
    await expect(cardAr.getByTestId('kyc-risk-level')).toHaveText('مخاطر مرتفعة');
    await expect(cardAr.getByTestId('score-chart')).toBeVisible();
    await expectAccessible(page);
    await snapBoth(page, 'kyc-tab-ar');

    // The relationship manager opens the Edd form with two of its questions; officers' review is not theirs.
    await page.context().clearCookies();
    await signIn(page, USERS.rm);
    await page.goto(`/en/entities/${seed.entities.kycProspect}`);
    await expect(page.getByTestId('kyc-review')).toHaveCount(0);
    const edd = page.getByTestId('enable-Edd');
    const boxes = edd.getByRole('checkbox');
    // count() does not wait: let the card render its questions first
    await expect(boxes.first()).toBeVisible();
    const total = await boxes.count();
    expect(total).toBeGreaterThan(2);
    for (let i = 2; i < total; i++) await boxes.nth(i).uncheck();
    await edd.getByRole('button', { name: 'Enable Enhanced due diligence' }).click();
    await expect(edd).toContainText('Enhanced due diligence is enabled for this prospect.');
    await expect(page.getByTestId('enable-Edd')).toContainText('2 questions enabled');
    const profile = await getJson(page.request, `/services/crm/entities/${seed.entities.kycProspect}`, api(seed));
    expect(profile.kyc.eddStatus).toBe('Pending');
    const flows = await getJson(page.request, '/services/crm/kyc-flows', api(seed));
    const eddForm = flows.data
      .find((f: { id: string }) => f.id === profile.kyc.flowId)
      .forms.find((f: { type: string; status: string }) => f.type === 'Edd' && f.status === 'Published');
    const open = await getJson(page.request, `/services/crm/kyc/${profile.kyc.id}/questions?size=100&formId=${eddForm.id}`, api(seed));
    expect(open.data).toHaveLength(2);
  });

  test('flows and the published template form, read-only, in English', async ({ page }) => {
    // Full-page screenshots of the 9,000-px builder at two widths: slow on a busy host.
    test.setTimeout(180_000);
    await signIn(page, USERS.officer);
    await page.getByRole('link', { name: 'KYC flows' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'KYC flows' })).toBeVisible();
    await expect(page.getByTestId('flow-card').first()).toContainText('Know your customer');
    await expectAccessible(page);
    await snapBoth(page, 'kyc-flows-en');
    await page.getByRole('link', { name: 'Open – Know your customer' }).first().click();
    await expect(page.getByTestId('form-status')).toHaveText('Published');
    await expect(page.getByText('This version is not a draft')).toBeVisible();
    await expect(page.getByTestId('preview-ar')).toContainText('الهوية والجنسية');
    await expect(page.getByTestId('preview-en')).toContainText('Identity and nationality');
    await expectAccessible(page);
    await snapBoth(page, 'kyc-builder-en');
  });

  test('build a two-section form in Arabic, publish it, submit through the API, then review with four eyes', async ({ page, seed }) => {
    test.setTimeout(180_000);
    await signIn(page, USERS.officer, 'ar');
    await page.goto('/ar/kyc/flows');
    await expect(page.getByRole('heading', { level: 1, name: 'مسارات «اعرف عميلك»' })).toBeVisible();

    // A new, empty flow that becomes the default: prospects created from now on answer its forms.
    await page.locator('#flow-name-en').fill('E2E onboarding');
    await page.locator('#flow-name-ar').fill('فتح الحسابات للاختبار');
    await page.getByLabel('ابدأ بنماذج فتح الحساب القياسية').uncheck();
    await page.getByLabel('اجعله المسار الافتراضي').check();
    await page.getByRole('button', { name: 'إنشاء المسار' }).click();
    await expect(page.getByText('تم إنشاء المسار «فتح الحسابات للاختبار».')).toBeVisible();
    const flowCard = page.getByTestId('flow-card').filter({ hasText: 'لا توجد نماذج في هذا المسار بعد.' });
    await flowCard.getByLabel('الاسم بالإنجليزية').fill('Onboarding questionnaire');
    await flowCard.getByLabel('الاسم بالعربية').fill('استبيان فتح الحساب');
    await flowCard.getByRole('button', { name: 'إضافة نموذج' }).click();
    await page.waitForURL(/\/ar\/kyc\/forms\/[0-9a-f-]{36}$/);
    const formId = page.url().split('/').pop()!;
    await expect(page.getByTestId('form-status')).toHaveText('مسودة');

    // Section 1: nationality (a Country question, scored by the country-risk table).
    await page.getByRole('button', { name: 'إضافة قسم' }).click();
    // Saving it empty: the banner says in Arabic where each problem is (no developer paths), and takes the officer there.
    await page.getByRole('button', { name: 'حفظ المسودة' }).click();
    const summary = page.getByTestId('builder-error-summary');
    await expect(summary).toContainText(/^(10|١٠) حقول تحتاج إلى تصحيح:/);
    await expect(summary).toContainText(/القسم (1|١) › الاسم بالإنجليزية: هذا الحقل مطلوب\./);
    await expect(summary).not.toContainText('sections.');
    await summary.getByRole('button', { name: /الخيار (1|١) › الاسم بالإنجليزية/ }).click();
    await expect(page.locator('#sections-0-questions-0-o0-nameEn')).toBeFocused();
    await expect(page.locator('#sections-0-questions-0-o0-nameEn-error')).toHaveText('هذا الحقل مطلوب.');
    await page.locator('#s0-nameEn').fill('Nationality');
    await page.locator('#s0-nameAr').fill('الجنسية');
    await page.locator('#s0-w-Retail').fill('10');
    const q0 = 'sections-0-questions-0';
    await page.locator(`#${q0}-type`).selectOption('Country');
    await page.locator(`#${q0}-nameEn`).fill('Nationality');
    await page.locator(`#${q0}-nameAr`).fill('الجنسية');
    await page.locator(`#${q0}-labelEn`).fill('What is your nationality?');
    await page.locator(`#${q0}-labelAr`).fill('ما جنسيتك؟');
    await expect(page.locator(`#${q0}-category`)).toHaveValue('Nationality');

    // Section 2: political exposure, "Yes" is High and overrides the score.
    await page.getByRole('button', { name: 'إضافة قسم' }).click();
    await page.locator('#s1-nameEn').fill('Political exposure');
    await page.locator('#s1-nameAr').fill('الارتباط السياسي');
    await page.locator('#s1-w-Retail').fill('20');
    const q1 = 'sections-1-questions-0';
    await page.locator(`#${q1}-nameEn`).fill('PEP');
    await page.locator(`#${q1}-nameAr`).fill('شخص معرّض سياسيًا');
    await page.locator(`#${q1}-labelEn`).fill('Do you hold a prominent public function?');
    await page.locator(`#${q1}-labelAr`).fill('هل تشغل منصبًا عامًا بارزًا؟');
    await page.locator(`#${q1}-category`).selectOption('Pep');
    await page.locator(`#${q1}-o0-nameEn`).fill('Yes');
    await page.locator(`#${q1}-o0-nameAr`).fill('نعم');
    await page.locator(`#${q1}-o0-risk-Retail`).selectOption('High');
    await page.getByTestId('option-editor').first().getByLabel('يتجاوز مستوى المخاطر').check();
    await page.locator(`#${q1}-o1-nameEn`).fill('No');
    await page.locator(`#${q1}-o1-nameAr`).fill('لا');

    // Keyboard drag and drop: the second section moves above the first.
    const handle = page.getByTestId('section-handle').nth(1);
    // dnd-kit announces each step in its live region; waiting for it lets the sensor measure first.
    const live = (text: RegExp) => expect(page.locator('[aria-live="assertive"]', { hasText: text })).toBeAttached();
    await handle.focus();
    await page.keyboard.press('Space');
    await live(/الارتباط السياسي .*الموضع (2|٢)/);
    await page.keyboard.press('ArrowUp');
    await live(/الارتباط السياسي فوق الموضع (1|١)/);
    await page.keyboard.press('Space');
    await live(/وُضع الارتباط السياسي في الموضع (1|١)/);
    await expect(page.getByTestId('preview-ar').locator('h4').first()).toHaveText('الارتباط السياسي');
    await expect(page.getByTestId('preview-en').locator('h4').first()).toHaveText('Political exposure');
    await expect(page.getByTestId('preview-ar')).toContainText('هل تشغل منصبًا عامًا بارزًا؟');
    await expectAccessible(page);
    await snapBoth(page, 'kyc-builder-ar');

    await page.getByRole('button', { name: 'نشر' }).click();
    await expect(page.getByTestId('form-status')).toHaveText('منشور');
    await expect(page.getByTestId('builder-notice')).toContainText('تم النشر');
    // A Published form is locked: its fields and its sections' handles say so, not only refuse input.
    await expect(page.locator('#s0-nameEn')).toBeDisabled();
    await expect(page.getByTestId('section-handle').first()).toBeDisabled();

    // What the builder published is what the API serves.
    const flows = await getJson(page.request, '/services/crm/kyc-flows', api(seed));
    const flow = flows.data.find((f: { nameEn: string }) => f.nameEn === 'E2E onboarding');
    expect(flow.isDefault).toBe(true);
    const form = await getJson(page.request, `/services/crm/kyc-flows/${flow.id}/forms/${formId}`, api(seed));
    expect(form).toMatchObject({ status: 'Published', type: 'Kyc', nameEn: 'Onboarding questionnaire', nameAr: 'استبيان فتح الحساب' });
    expect(form.sections.map((s: { nameAr: string }) => s.nameAr)).toEqual(['الارتباط السياسي', 'الجنسية']);
    expect(
      form.sections.map((s: { weights: { classification: string; value: number }[] }) => s.weights.find((w) => w.classification === 'Retail')!.value),
    ).toEqual([20, 10]);
    const [pep, nationality] = [form.sections[0].questions[0], form.sections[1].questions[0]];
    expect(pep).toMatchObject({ type: 'SingleChoice', labelAr: 'هل تشغل منصبًا عامًا بارزًا؟', category: 'Pep' });
    expect(pep.options.map((o: { nameAr: string }) => o.nameAr)).toEqual(['نعم', 'لا']);
    const yes = pep.options[0];
    expect(yes.scores.find((s: { classification: string }) => s.classification === 'Retail')).toMatchObject({ riskLevel: 'High', override: true });
    expect(nationality).toMatchObject({ type: 'Country', category: 'Nationality' });

    // A tenant system creates a prospect, reads its open questions and submits the answers.
    const created = await page.request.post('/services/crm/entities/prospect', {
      headers: api(seed),
      // The profile records another nationality than the prospect will answer: the officer is told.
      data: { nameEn: 'Yousef Al-Ghamdi', nameAr: 'يوسف الغامدي', email: 'yousef@example.sa', nationalityCode: 'KW', identities: [{ number: '1077001122' }] },
    });
    expect(created.status()).toBe(201);
    const prospect = (await created.json()).data;
    expect(prospect.kyc).toMatchObject({ status: 'KycPending', flowId: flow.id });
    const questions = await getJson(page.request, `/services/crm/kyc/${prospect.kyc.id}/questions`, api(seed));
    expect(questions.data.map((q: { id: string }) => q.id).sort()).toEqual([pep.id, nationality.id].sort());
    const submitted = await page.request.post(`/services/crm/kyc/${prospect.kyc.id}/forms/${formId}/submissions`, {
      headers: api(seed),
      data: {
        answers: [
          { questionId: pep.id, optionIds: [yes.id] },
          { questionId: nationality.id, openAnswer: 'SA' },
        ],
      },
    });
    expect(submitted.status()).toBe(201);
    const kyc = await getJson(page.request, `/services/crm/kyc/${prospect.kyc.id}`, api(seed));
    expect(kyc.data.status).toBe('KycSubmitted');
    expect(kyc.data.scores[0]).toMatchObject({ riskLevel: 'High', overrideReasons: [{ category: 'Question', question: pep.id, riskLevel: 'High' }] });

    // The officer sees the score and its breakdown in Arabic and makes the first review.
    await page.goto(`/ar/entities/${prospect.id}`);
    const card = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'اعرف عميلك' }) });
    await expect(card.getByTestId('kyc-status')).toHaveText('مُرسل');
    await expect(card.getByTestId('kyc-risk-level')).toHaveText('مخاطر مرتفعة');
    await expect(card.getByTestId('kyc-breakdown').locator('tr')).toHaveCount(2);
    await expect(card.getByTestId('kyc-breakdown').locator('tr').first()).toContainText('الارتباط السياسي');
    await expect(card.getByTestId('score-chart')).toBeVisible();
    await expect(card.getByTestId('kyc-profile-disagreements')).toHaveText('إجابة واحدة تختلف عن بيانات ملف العميل: تحقّق من الصحيح منهما.');
    await expect(card.getByTestId('kyc-answer-disagrees')).toHaveText('المسجّل في الملف: الكويت (KW)');
    await expect(card.getByTestId('kyc-answer-disagrees')).toBeVisible();
    await snapBoth(page, 'kyc-review-ar');
    const review = card.getByTestId('kyc-review');
    // Nothing is decided in advance: the decision and the comment are both asked for, at their fields.
    await expect(review.getByRole('radio', { name: 'اعتماد' })).not.toBeChecked();
    await expect(review.getByRole('radio', { name: 'رفض' })).not.toBeChecked();
    await review.getByRole('button', { name: 'تسجيل القرار' }).click();
    await expect(review.getByRole('alert')).toHaveText(['اختر «اعتماد» أو «رفض».', 'اكتب تعليقًا لسجل التدقيق.']);
    await expect(review.getByRole('radio', { name: 'اعتماد' })).toBeFocused();
    await review.getByRole('radio', { name: 'اعتماد' }).check();
    await review.getByLabel('التعليق (إلزامي)').fill('تم التحقق من المنصب العام ومصدر الدخل.');
    await expect(review.getByRole('alert')).toHaveCount(0);
    await review.getByRole('button', { name: 'تسجيل القرار' }).click();
    await expect(card.getByTestId('kyc-status')).toHaveText('بانتظار المراجعة الثانية');

    // Four eyes: the same officer cannot make the second review.
    const second = card.getByTestId('kyc-review');
    await expect(second).toContainText('أجرى Sara Officer المراجعة الأولى');
    await expect(second.getByRole('radio', { name: 'اعتماد' })).not.toBeChecked();
    await second.getByRole('radio', { name: 'اعتماد' }).check();
    await second.getByLabel('التعليق (إلزامي)').fill('اعتماد ثانٍ');
    await second.getByRole('button', { name: 'تسجيل القرار' }).click();
    await expect(second.getByRole('alert')).toHaveText('يجب أن يتخذ هذا القرار موظف آخر: لا يجوز لمن أجرى المراجعة الأولى أو قدّم المقترح أن يكون مراجعه.');
    await expect(card.getByTestId('kyc-status')).toHaveText('بانتظار المراجعة الثانية');

    // Another officer approves.
    await page.context().clearCookies();
    await signIn(page, USERS.reviewer);
    await page.goto(`/en/entities/${prospect.id}`);
    const cardEn = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'KYC summary' }) });
    await cardEn.getByTestId('kyc-review').getByRole('radio', { name: 'Approve' }).check();
    await cardEn.getByTestId('kyc-review').getByLabel('Comment (required)').fill('Second review: PEP role confirmed, source of funds documented.');
    await cardEn.getByTestId('kyc-review').getByRole('button', { name: 'Record decision' }).click();
    await expect(cardEn.getByTestId('kyc-status')).toHaveText('Complete');
    await expect(cardEn.getByTestId('kyc-reviews').locator('li')).toHaveCount(2);
    await expect(cardEn.getByTestId('kyc-review')).toHaveCount(0);
    const done = await getJson(page.request, `/services/crm/kyc/${prospect.kyc.id}`, api(seed));
    expect(done.data.status).toBe('KycComplete');
  });
});
