import { BASE_URL } from './fixtures/env';
import { expect, signIn, test, USERS } from './fixtures/test';

// Browsers send Origin with every write; the API refuses a session write from another origin.
const sameOrigin = { origin: BASE_URL };

test.describe('tenant wall and roles', () => {
  test("an officer of tenant A cannot open tenant B's entity or document by URL", async ({ page, seed }) => {
    await signIn(page, USERS.officer);
    await page.goto(`/en/entities/${seed.entities.betaSecret}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByText('Beta Secret Client')).toHaveCount(0);

    const api = page.context().request;
    expect((await api.get(`/services/crm/attachments/${seed.attachments.betaImage}/content?inline=true`)).status()).toBe(404);
    expect((await api.get(`/services/crm/attachments/${seed.attachments.alphaImage}/content?inline=true`)).status()).toBe(200);
    const search = await (await api.get('/services/crm/entities?q=secret')).json();
    expect(search.meta.totalCount).toBe(0);
    const patch = await api.patch(`/services/crm/entities/client/${seed.entities.betaSecret}/status`, { data: { status: 'Blocked' }, headers: sameOrigin });
    expect(patch.status()).toBe(404);
    // The same write from another site (cross-site request forgery) is refused before it is looked at.
    const forged = await api.patch(`/services/crm/entities/client/${seed.entities.fatimah}/status`, {
      data: { status: 'Blocked' },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).errorCode).toBe('FORBIDDEN');
  });

  test('an officer cannot move their session to another tenant with a forged session update', async ({ page, seed }) => {
    await signIn(page, USERS.officer);
    const status = await page.evaluate(async (tenantId) => {
      const { csrfToken } = await (await fetch('/api/auth/csrf')).json();
      const response = await fetch('/api/auth/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ csrfToken, data: { tenantId } }),
      });
      return response.status;
    }, seed.beta.id);
    expect(status).toBe(200);
    await page.goto(`/en/entities/${seed.entities.betaSecret}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto(`/en/entities/${seed.entities.fatimah}`);
    await expect(page.getByTestId('entity-name')).toHaveText('Fatimah Al-Harbi');
  });

  test('the tenant B officer sees their own record', async ({ page, seed }) => {
    await signIn(page, USERS.betaOfficer);
    await page.goto(`/en/entities/${seed.entities.betaSecret}`);
    await expect(page.getByTestId('entity-name')).toHaveText('Beta Secret Client');
  });

  test('a relationship manager may read but not review accounts or change statuses', async ({ page, seed }) => {
    await signIn(page, USERS.rm);
    await expect(page.getByRole('link', { name: 'Bank account review' })).toHaveCount(0);
    await page.goto('/en/bank-accounts/review');
    await expect(page.getByTestId('forbidden')).toBeVisible();

    await page.goto(`/en/entities/${seed.entities.fatimah}`);
    await expect(page.getByTestId('entity-name')).toHaveText('Fatimah Al-Harbi');
    await expect(page.getByTestId('change-status')).toHaveCount(0);

    const api = page.context().request;
    const review = await api.patch(`/services/crm/bank-accounts/manual/${seed.accounts.toApprove.id}/review`, {
      data: { decision: 'Approve' },
      headers: sameOrigin,
    });
    expect(review.status()).toBe(403);
    const status = await api.patch(`/services/crm/entities/client/${seed.entities.statusClient}/status`, { data: { status: 'Blocked' }, headers: sameOrigin });
    expect(status.status()).toBe(403);
  });

  test('a platform admin switches tenant and sees that tenant only', async ({ page, seed }) => {
    await signIn(page, USERS.platform);
    const switcher = page.getByTestId('tenant-switcher');
    // The choice is signed into the session by next-auth's update (POST /api/auth/session).
    const sessionUpdate = () => page.waitForResponse((r) => r.url().includes('/api/auth/session') && r.request().method() === 'POST');
    await Promise.all([sessionUpdate(), switcher.selectOption(seed.beta.id)]);
    await expect(switcher).toHaveValue(seed.beta.id);
    await page.goto(`/en/entities/${seed.entities.betaSecret}`);
    await expect(page.getByTestId('entity-name')).toHaveText('Beta Secret Client');

    await page.goto(`/en/entities/${seed.entities.fatimah}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await Promise.all([sessionUpdate(), page.getByTestId('tenant-switcher').selectOption(seed.alpha.id)]);
    await page.goto(`/en/entities/${seed.entities.fatimah}`);
    await expect(page.getByTestId('entity-name')).toHaveText('Fatimah Al-Harbi');
  });
});
