import type { APIRequestContext, Page } from '@playwright/test';
import type { NtpConfig, NtpTime, NtpTimeData } from '@heliodtu/contract/ntp';
import { ADMIN_AUTHDATA, expect, prepare } from '../fixtures/app-test.ts';
import { AUTH, readAreaConfig, recordPosts } from '../fixtures/config-api.ts';
import { test } from '../fixtures/own-gateway.ts';

// The manual sync sets the device clock, and the time zone moves its local time and the sun
// times: every other spec relies on the shared gateway's simulated June noon, so this spec runs
// on a gateway of its own. Each test still puts the settings (and the clock) back afterwards.

const readConfig = (request: APIRequestContext) => readAreaConfig<NtpConfig>(request, 'ntp');

async function post(request: APIRequestContext, path: string, data: unknown) {
  const answer = await request.post(path, { headers: AUTH, form: { data: JSON.stringify(data) } });
  return (await answer.json()) as unknown;
}

test.describe.configure({ mode: 'serial' });

let original: NtpConfig;

test.beforeEach(async ({ page }) => {
  original = await readConfig(page.request);
  await prepare(page, { authdata: ADMIN_AUTHDATA });
});

test.afterEach(async ({ page }) => {
  expect(await post(page.request, 'api/ntp/config', original)).toMatchObject({ code: 1001 });
  expect(await readConfig(page.request)).toEqual(original);
});

async function open(page: Page) {
  await page.goto('settings/ntp');
  await expect(page.getByRole('heading', { level: 1, name: 'NTP Settings' })).toBeVisible();
  // Never the shared gateway of playwright.config.ts.
  expect(new URL(page.url()).port).not.toBe(process.env['E2E_PORT']);
}

const zone = (page: Page) => page.getByRole('combobox', { name: 'Time zone' });
const posix = (page: Page) => page.getByLabel('Time zone rule (POSIX)');
const save = (page: Page) => page.getByRole('button', { name: 'Save' });

test('server, time zone and location are saved and kept after a reload', async ({ page }) => {
  const sent = recordPosts(page, '/api/ntp/config');
  await open(page);
  await expect(zone(page)).toHaveValue(`${original.ntp_timezone_descr}---${original.ntp_timezone}`);
  await expect(posix(page)).toHaveValue(original.ntp_timezone);

  await page.getByLabel('Time server').fill('e2e.pool.ntp.org');
  await zone(page).selectOption({ label: 'Tokyo' });
  await expect(posix(page)).toHaveValue('JST-9');
  await page.getByLabel('Latitude').fill('35.6812');
  await page.getByLabel('Longitude').fill('139.7671');
  await page.getByRole('combobox', { name: 'Sunset type' }).selectOption({ label: 'Civil (96°)' });
  await save(page).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');
  const saved = {
    ntp_server: 'e2e.pool.ntp.org',
    ntp_timezone: 'JST-9',
    ntp_timezone_descr: 'Asia/Tokyo',
    longitude: 139.7671,
    latitude: 35.6812,
    sunsettype: 2,
  };
  expect(sent).toEqual([saved]);

  await page.reload();
  await expect(page.getByLabel('Time server')).toHaveValue('e2e.pool.ntp.org');
  await expect(zone(page)).toHaveValue('Asia/Tokyo---JST-9');
  await expect(posix(page)).toHaveValue('JST-9');
  await expect(page.getByLabel('Latitude')).toHaveValue('35.6812');
  await expect(page.getByRole('combobox', { name: 'Sunset type' })).toHaveValue('2');
  expect(await readConfig(page.request)).toEqual(saved);
});

test('bad values show their message and send nothing', async ({ page }) => {
  const sent = recordPosts(page, '/api/ntp/config');
  await open(page);
  await page.getByLabel('Time server').fill('');
  await page.getByLabel('Latitude').fill('91');
  await save(page).click();
  await expect(page.getByText('The NTP server must be 1 to 31 characters long.')).toBeVisible();
  await expect(page.getByText('Enter a number from -90 to 90.')).toBeVisible();
  await expect(page.getByLabel('Time server')).toBeFocused();
  expect(sent).toEqual([]);
  expect(await readConfig(page.request)).toEqual(original);
});

test.describe('manual time synchronization', () => {
  // The browser's wall time is what goes out; the device reads it in its own zone (Berlin).
  test.use({ timezoneId: 'Europe/Berlin' });

  let before: NtpTime;
  let readAt: number;

  test.beforeEach(async ({ page }) => {
    const answer = await page.request.get('api/ntp/time', { headers: AUTH });
    before = (await answer.json()) as NtpTime;
    readAt = Date.now();
  });

  // Puts the simulated clock back where it would be now, to the second.
  test.afterEach(async ({ page }) => {
    const { year, month, day, hour, minute, second } = before;
    const wall = new Date(
      Date.UTC(year, month - 1, day, hour, minute, second) + Date.now() - readAt,
    );
    const back: NtpTimeData = {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
    expect(await post(page.request, 'api/ntp/time', back)).toMatchObject({ code: 9010 });
  });

  test('sends the browser time, says the time was set and shows the new device time', async ({
    page,
    checkA11y,
  }) => {
    const sent = recordPosts(page, '/api/ntp/time');
    await page.clock.install({ time: new Date('2025-06-21T15:16:17+02:00') });
    await open(page);
    const device = page.getByTestId('device-time');
    const browser = page.getByTestId('browser-time');
    await expect(device).toContainText('June 21, 2025');
    await expect(browser).toContainText('Saturday, June 21, 2025 at 15:16:');

    // Both clocks tick every second.
    const deviceText = await device.textContent();
    const browserText = await browser.textContent();
    await expect(device).not.toHaveText(deviceText ?? '');
    await expect(browser).not.toHaveText(browserText ?? '');

    await page.getByRole('button', { name: 'Synchronize time' }).click();
    await expect(page.getByRole('alert')).toHaveText('Time set.');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ year: 2025, month: 6, day: 21, hour: 15, minute: 16 });
    await expect(device).toContainText('Saturday, June 21, 2025 at 15:16:');
    const answer = await page.request.get('api/ntp/time', { headers: AUTH });
    expect(await answer.json()).toMatchObject({ ntp_status: true, hour: 15, minute: 16 });
    await checkA11y('NTP settings with the sync result');
  });
});
