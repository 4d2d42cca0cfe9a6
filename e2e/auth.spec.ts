import { expect, signIn, test, USERS } from './fixtures/test';

test.describe('sign-in', () => {
  test('a wrong password is refused, the right one signs in, sign-out ends the session', async ({ page }) => {
    await page.goto('/en/dashboard');
    await expect(page).toHaveURL(/\/en\/sign-in/);

    await page.getByLabel('E-mail').fill(USERS.officer.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('sign-in-error')).toHaveText('The e-mail or password is not correct.');

    await signIn(page, USERS.officer);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('current-user')).toContainText('Sara Officer');

    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.endsWith('next-auth.session-token'));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/en\/sign-in/);
    await page.goto('/en/entities');
    await expect(page).toHaveURL(/\/en\/sign-in/);
  });

  test('five wrong passwords lock the account; then even the right password is refused', async ({ page }) => {
    await page.goto('/en/sign-in');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('E-mail').fill(USERS.lockout.email);
      await page.getByLabel('Password').fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByTestId('sign-in-error')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    }
    await expect(page.getByTestId('sign-in-error')).toContainText('locked for 15 minutes');

    await page.getByLabel('Password').fill(USERS.lockout.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('sign-in-error')).toContainText('locked for 15 minutes');
    await expect(page).toHaveURL(/\/en\/sign-in/);
  });

  test('the JSON routes the app calls need a session (401), not just a hidden link', async ({ request }) => {
    const response = await request.get('/services/crm/entities');
    expect(response.status()).toBe(401);
    const body = await response.json();
    expect(body.errorCode).toBe('UNAUTHORIZED');
    expect(body.message.ar).toMatch(/[\u0600-\u06FF]/);
  });
});

test.describe('before the page is live', () => {
  // Someone can type and press Enter before the scripts have loaded (a slow phone line): the form
  // then submits as plain HTML. It must never put the password in the address, where history,
  // proxies and server logs would keep it.
  test.use({ javaScriptEnabled: false });

  test('a sign-in submitted without scripts sends nothing in the URL', async ({ page }) => {
    await page.goto('/en/sign-in');
    await page.getByLabel('E-mail').fill(USERS.officer.email);
    await page.getByLabel('Password').fill(USERS.officer.password);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame()),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(request.method()).toBe('POST');
    expect(new URL(request.url()).search).toBe('');
    expect(request.url()).not.toContain(encodeURIComponent(USERS.officer.password));
  });
});
