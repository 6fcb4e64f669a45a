import type { Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare } from '../fixtures/app-test.ts';
import { AUTH, recordPosts } from '../fixtures/config-api.ts';
import { test } from '../fixtures/own-gateway.ts';

// Saving security settings on the shared gateway could lock every other spec out (password) or
// change what they may read without a login (read-only), so this spec runs on a gateway of its own.

const recordSaves = (page: Page) => recordPosts(page, '/api/security/config');

// One gateway for the file, and the read-only test's changes never overlap another test.
test.describe.configure({ mode: 'serial' });

const ORIGINAL = { password: 'openDTU42', allow_readonly: true };

test.beforeEach(async ({ page }) => {
  const answer = await page.request.get('api/security/config', { headers: AUTH });
  expect(await answer.json()).toEqual(ORIGINAL);
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('settings/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security Settings' })).toBeVisible();
  // Never the shared gateway of playwright.config.ts.
  expect(new URL(page.url()).port).not.toBe(process.env['E2E_PORT']);
});

test.afterEach(async ({ page }) => {
  const answer = await page.request.post('api/security/config', {
    headers: AUTH,
    form: { data: JSON.stringify(ORIGINAL) },
  });
  expect(await answer.json()).toMatchObject({ type: 'success', code: 1001 });
});

test('a short password and an unequal repeat show their messages and send nothing', async ({
  page,
}) => {
  const sent = recordSaves(page);
  const password = page.getByLabel('Password', { exact: true });
  const repeat = page.getByLabel('Repeat password');

  await password.fill('short');
  await repeat.fill('short');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The password needs 8 to 64 characters.')).toBeVisible();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill('long-enough-1');
  await repeat.fill('long-enough-2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passwords are not equal')).toBeVisible();
  await expect(page.getByText('The password needs 8 to 64 characters.')).toHaveCount(0);
  await expect(repeat).toBeFocused();

  expect(sent).toEqual([]);
});

test('the read-only switch is saved, kept after a reload and takes effect', async ({
  page,
  request,
}) => {
  const sent = recordSaves(page);
  const readOnly = page.getByRole('switch', { name: /read-only/ });
  await expect(readOnly).toBeChecked();
  await expect((await request.get('api/mqtt/status')).status()).toBe(200);

  await readOnly.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');
  expect(sent).toHaveLength(1);

  await page.reload();
  await expect(readOnly).not.toBeChecked();
  // Without a login the status pages are closed now.
  await expect((await request.get('api/mqtt/status')).status()).toBe(401);

  // Back through the page, as a user would undo it.
  await readOnly.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');
  await page.reload();
  await expect(readOnly).toBeChecked();
  await expect((await request.get('api/mqtt/status')).status()).toBe(200);
});
