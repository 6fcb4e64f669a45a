import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';
import { AUTH } from '../fixtures/config-api.ts';
import { MAINT_URL } from '../fixtures/env.ts';

// Its own gateway (playwright.config.ts): restore and factory reset restart it. The tests build
// on each other's gateway state, so they run in order.
test.describe.configure({ mode: 'serial' });
test.use({
  baseURL: MAINT_URL,
  // While the gateway restarts, the wait page's polls fail at the network level.
  allowedErrors: [
    /net::ERR_(CONNECTION_REFUSED|EMPTY_RESPONSE|CONNECTION_RESET|CONNECTION_CLOSED)/,
  ],
});

interface NtpConfig {
  ntp_server: string;
  [key: string]: unknown;
}

async function ntpServer(request: APIRequestContext): Promise<string> {
  const response = await request.get('api/ntp/config', { headers: AUTH });
  return ((await response.json()) as NtpConfig).ntp_server;
}

async function setNtpServer(request: APIRequestContext, server: string) {
  const config = (await (
    await request.get('api/ntp/config', { headers: AUTH })
  ).json()) as NtpConfig;
  const response = await request.post('api/ntp/config', {
    headers: AUTH,
    form: { data: JSON.stringify({ ...config, ntp_server: server }) },
  });
  expect(((await response.json()) as { code: number }).code).toBe(1001);
}

/** The wait page shows, then the live view of the restarted gateway. */
async function expectRestartAndBack(page: Page) {
  await expect(page).toHaveURL(/\/wait\?for=(restore|reset)$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Device restarting' })).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Live Data' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
});

test('backup, change a setting, restore the backup: the old value is back', async ({
  page,
  checkA11y,
}) => {
  const original = await ntpServer(page.request);
  await page.goto('settings/config');
  await expect(page.getByRole('heading', { level: 1, name: 'Config Management' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'config.json', exact: true })).toBeVisible();
  await checkA11y('config management');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^config-\d{4}-\d{2}-\d{2}\.json$/);
  const backup = '/tmp/maint/backup.json';
  await download.saveAs(backup);
  expect(JSON.parse(await readFile(backup, 'utf8'))).toHaveProperty('ntp.server', original);

  await setNtpServer(page.request, 'changed.example.org');
  expect(await ntpServer(page.request)).toBe('changed.example.org');

  const restore = page.getByRole('button', { name: 'Restore', exact: true });
  await expect(page.getByText('No file selected.')).toBeVisible();
  await expect(restore).toBeDisabled();
  await page.getByLabel('JSON file').setInputFiles(backup);
  await expect(page.getByText(/The file can be restored/)).toBeVisible();
  await restore.click();
  await expect(page.getByText('File restored. The device restarts now…')).toBeVisible();
  await expectRestartAndBack(page);
  expect(await ntpServer(page.request)).toBe(original);
});

test('a broken or unfitting file keeps Restore disabled', async ({ page }) => {
  await page.goto('settings/config');
  const restore = page.getByRole('button', { name: 'Restore', exact: true });
  const input = page.getByLabel('JSON file');
  await input.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"cfg": {'),
  });
  await expect(page.getByText('The file is not valid JSON.')).toBeVisible();
  await expect(restore).toBeDisabled();
  await input.setInputFiles({
    name: 'pins.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[{"name":"My board"}]'),
  });
  await expect(page.getByText(/does not match the chosen file type/)).toBeVisible();
  await expect(restore).toBeDisabled();
  // The same file fits the pin mapping target.
  await page
    .getByLabel('File to restore')
    .selectOption({ label: 'Pin mapping (pin_mapping.json)' });
  await expect(page.getByText(/The file can be restored/)).toBeVisible();
  await expect(restore).toBeEnabled();
});

test('a language pack upload adds the language to the selector', async ({ page }) => {
  await page.goto('settings/config');
  await page
    .getByLabel('File to restore')
    .selectOption({ label: 'Language pack (pack.lang.json)' });
  const pack = {
    meta: { code: 'it', name: 'Italiano' },
    webapp: { wait: { NotReady: 'Riavvio del dispositivo' } },
  };
  await page.getByLabel('JSON file').setInputFiles({
    name: 'italiano.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(pack)),
  });
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expectRestartAndBack(page);
  await page.getByRole('button', { name: /^Language/ }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Italiano' })).toBeVisible();
});

test('deleting a file asks first, naming it, and reports that a restart is needed', async ({
  page,
}) => {
  await page.goto('settings/config');
  await page.getByRole('button', { name: 'Delete pack.lang.json' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete file' });
  await expect(dialog).toContainText('“pack.lang.json”');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'pack.lang.json', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete pack.lang.json' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/File deleted\. Restart the device/);
  await expect(page.getByRole('cell', { name: 'pack.lang.json', exact: true })).toBeHidden();
  await expect(page.getByRole('cell', { name: 'config.json', exact: true })).toBeVisible();
});

test('factory reset brings back the defaults', async ({ page }) => {
  await setNtpServer(page.request, 'before-reset.example.org');
  await page.goto('settings/config');
  await page.getByRole('button', { name: 'Restore factory defaults' }).click();
  const dialog = page.getByRole('dialog', { name: 'Factory reset' });
  await expect(dialog).toContainText('factory default');
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByRole('alert').first()).toHaveText(/Configuration reset/);
  await expectRestartAndBack(page);
  expect(await ntpServer(page.request)).toBe('opendtu.pool.ntp.org');
});
