import type { APIRequestContext, Page } from '@playwright/test';
import type { DtuConfig } from '@heliodtu/contract/dtu';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';
import { readAreaConfig, writeAreaConfig, recordPosts } from '../fixtures/config-api.ts';

// The gateway is shared by every spec: each test reads the DTU settings first and puts them
// back afterwards (the radios take them at once, so nothing may stay changed).

const readConfig = (request: APIRequestContext) => readAreaConfig<DtuConfig>(request, 'dtu');
const writeConfig = (request: APIRequestContext, config: DtuConfig) =>
  writeAreaConfig(request, 'dtu', config);
const recordSaves = (page: Page) => recordPosts(page, '/api/dtu/config');

// One after the other: a test that saves must not be another one's "original".
test.describe.configure({ mode: 'serial' });

let original: DtuConfig;

test.beforeEach(async ({ page }) => {
  original = await readConfig(page.request);
  await prepare(page, { authdata: ADMIN_AUTHDATA });
});

test.afterEach(async ({ page }) => {
  await writeConfig(page.request, original);
  expect(await readConfig(page.request)).toEqual(original);
});

async function open(page: Page) {
  await page.goto('settings/dtu');
  await expect(page.getByRole('heading', { level: 1, name: 'DTU Settings' })).toBeVisible();
  await expect(page.getByLabel('Serial number')).toHaveValue(original.serial);
}

test('saves the poll interval and NRF power, and keeps them after a reload', async ({
  page,
  checkA11y,
}) => {
  const interval = original.pollinterval === 17 ? 18 : 17;
  const level = original.nrf_palevel === 2 ? 1 : 2;
  const levelName = level === 2 ? 'High (-6 dBm)' : 'Low (-12 dBm)';
  await open(page);
  await checkA11y('DTU settings');

  await page.getByLabel('Poll interval').fill(String(interval));
  await page.getByLabel('NRF24 transmit power').selectOption({ label: levelName });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Settings saved/);

  await page.reload();
  await expect(page.getByLabel('Poll interval')).toHaveValue(String(interval));
  await expect(page.getByLabel('NRF24 transmit power')).toHaveValue(String(level));
  expect(await readConfig(page.request)).toMatchObject({
    pollinterval: interval,
    nrf_palevel: level,
  });
});

test('a new region resets the frequency; outside the legal band a red warning shows', async ({
  page,
}) => {
  await open(page);
  const frequency = page.getByRole('slider', { name: 'Frequency' });
  const warning = page.getByText(/outside the legal range/);
  await page
    .getByLabel('Region')
    .selectOption({ label: 'North America (900.25 MHz – 963.50 MHz)' });
  await expect(frequency).toHaveAttribute('aria-valuetext', '918.00 MHz');
  await expect(warning).toBeHidden();

  await frequency.focus();
  await page.keyboard.press('End');
  await expect(frequency).toHaveAttribute('aria-valuetext', '963.50 MHz');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('905.00 MHz – 925.00 MHz');

  await page.getByRole('button', { name: 'Cancel' }).click();
  const mhz = `${(original.cmt_frequency / 1e6).toFixed(2)} MHz`;
  await expect(frequency).toHaveAttribute('aria-valuetext', mhz);
  await expect(page.getByLabel('Region')).toHaveValue(String(original.cmt_country));
});

test('a poll interval of 0 shows its message and sends nothing', async ({ page }) => {
  const sent = recordSaves(page);
  await open(page);
  const poll = page.getByLabel('Poll interval');
  await poll.fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a number from 1 to 86400.')).toBeVisible();
  await expect(poll).toBeFocused();
  await expect(poll).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  expect((await readConfig(page.request)).pollinterval).toBe(original.pollinterval);
});
