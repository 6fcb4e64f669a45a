import { expect, test } from '../fixtures/app-test.ts';
import { ADMIN_STATE } from '../fixtures/env.ts';

/** Logs in once through the form and keeps the stored `user` for the specs that need it. */
test('log in as admin', async ({ page }) => {
  await page.goto('login');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill('openDTU42');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });
});
