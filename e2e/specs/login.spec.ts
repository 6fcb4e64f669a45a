import { expect, test } from '../fixtures/app-test.ts';

test.describe('login and logout', () => {
  test('a guarded page sends to login, which returns there; logout goes home', async ({ page }) => {
    await page.goto('maintenance/reboot');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmaintenance%2Freboot$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill('openDTU42');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/maintenance\/reboot$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Device Reboot' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ code: 10002, authdata: btoa('admin:openDTU42') });

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test.describe('with a wrong password', () => {
    test.use({ allowedErrors: [/401 \(Unauthorized\)/] });

    test('shows a dismissible danger alert and stores nothing', async ({ page }) => {
      await page.goto('login');
      await page.getByLabel('User name').fill('admin');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByLabel('Password').press('Enter');
      const alert = page.getByRole('alert').filter({ hasText: 'User name or password is wrong.' });
      await expect(alert).toBeVisible();
      await expect(alert).toHaveClass(/alert-danger/);
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      await alert.getByRole('button', { name: 'Close' }).click();
      await expect(alert).toBeHidden();
      await expect(page).toHaveURL(/\/login$/);
    });
  });

  test('empty fields show their messages and send no request', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('api/security/authenticate')) calls.push(request.url());
    });
    await page.goto('login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter the user name.')).toBeVisible();
    await expect(page.getByText('Enter the password.')).toBeVisible();
    await expect(page.getByLabel('User name')).toHaveAttribute('aria-invalid', 'true');
    // Spaces cannot be typed into the user name.
    await page.getByLabel('User name').pressSequentially('ad min');
    await expect(page.getByLabel('User name')).toHaveValue('admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter the password.')).toBeVisible();
    expect(calls).toEqual([]);
  });
});

test.describe('a 401 answer', () => {
  test.use({ allowedErrors: [/401 \(Unauthorized\)/] });

  test('clears the stored login and sends to login with returnUrl', async ({ page }) => {
    // A stored login whose password no longer matches, as after a password change elsewhere.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:outdated-password') }));
      }
    });
    await page.goto('maintenance/reboot');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.getByRole('button', { name: 'Restart the device' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restart', exact: true }).click();

    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmaintenance%2Freboot$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });
});
