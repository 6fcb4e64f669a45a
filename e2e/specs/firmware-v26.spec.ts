import type { Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare, test as appTest } from '../fixtures/app-test.ts';
import { AUTH, recordPosts } from '../fixtures/config-api.ts';
import { withOwnGateway } from '../fixtures/own-gateway.ts';

// Issue 25: the interface against a gateway speaking current firmware (SIM_FIRMWARE=v26.3.30),
// and the same screens on the shared v24 gateway. One v26 gateway serves the whole file: the
// tests run in one worker, one after the other.

const test = appTest.extend<object, { v26Gateway: string }>({
  v26Gateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) => withOwnGateway('v26-gateway-', { SIM_FIRMWARE: 'v26.3.30' }, use),
    { scope: 'worker', timeout: 70_000 },
  ],
});

test.describe.configure({ mode: 'serial' });

// Socket data for every inverter arrives within about 10 s (wire-contract §4.2).
const LIVE_TIMEOUT = 20_000;
const BALCONY = '114182352592';

/**
 * Opens the Settings menu and waits for the device's firmware, which the menu asks only then
 * (nothing asks it on a page load).
 */
async function openSettingsMenu(page: Page, url: string) {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(asked).not.toContain('/api/system/status');
  const answered = page.waitForResponse((answer) => answer.url().endsWith('/api/system/status'));
  await page.getByRole('button', { name: 'Settings' }).click();
  await answered;
}

test.describe('a v26 device', () => {
  // The limit waits on the simulated inverter (acknowledge, then the next poll).
  test.describe.configure({ timeout: 90_000 });

  test('takes a persistent absolute limit from the dialog (type 2; it refuses 256)', async ({
    page,
    v26Gateway,
  }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA });
    const sent = recordPosts(page, '/api/limit/config');
    await page.goto(v26Gateway);
    await page.getByRole('tab', { name: /^Balcony/ }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Show or set the inverter limit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Limit settings' });
    await dialog.getByRole('radio', { name: 'Absolute (W)' }).check();
    await dialog.getByRole('spinbutton', { name: 'Limit' }).fill('400');
    await dialog.getByRole('switch', { name: /Persistent/ }).check();
    await dialog.getByRole('button', { name: 'Set limit' }).click();
    // Success closes the dialog; a refusal would stay in it as an alert.
    await expect(dialog).toBeHidden();
    expect(sent).toEqual([{ serial: BALCONY, limit_value: 400, limit_type: 2 }]);
    await panel.getByRole('button', { name: 'Show or set the inverter limit' }).click();
    await expect(dialog.locator('[data-status]')).toHaveAttribute('data-status', 'Ok', {
      timeout: LIVE_TIMEOUT,
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    // What the dialog must never send to this device: the reference's persistent type.
    const refused = await page.request.post(`${v26Gateway}api/limit/config`, {
      headers: AUTH,
      form: { data: JSON.stringify({ serial: BALCONY, limit_value: 400, limit_type: 256 }) },
    });
    expect(await refused.json()).toMatchObject({ code: 5003 });
  });

  test('the Logging screen, reached from the menu, saves a module level and reads it back', async ({
    page,
    v26Gateway,
    checkA11y,
  }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA });
    await openSettingsMenu(page, v26Gateway);
    await page.getByRole('menuitem', { name: 'Logging' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Logging Settings' })).toBeVisible();
    const mqtt = page.getByRole('combobox', { name: 'mqtt', exact: true });
    await expect(mqtt).not.toHaveValue('4');
    await mqtt.selectOption({ label: '4 · Debug' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Settings saved');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'mqtt', exact: true })).toHaveValue('4');
    const config = await page.request.get(`${v26Gateway}api/logging/config`, { headers: AUTH });
    expect((await config.json()).loglevel.modules).toContainEqual({ name: 'mqtt', level: 4 });
    await checkA11y('logging settings');
  });

  test('the Network screen saves the syslog settings', async ({ page, v26Gateway, checkA11y }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA, theme: 'dark' });
    await page.goto(`${v26Gateway}settings/network`);
    await expect(page.getByRole('heading', { level: 2, name: 'Syslog' })).toBeVisible();
    await page.getByRole('switch', { name: 'Send the log to a syslog server' }).check();
    await page.getByRole('textbox', { name: 'Syslog server' }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('The syslog server must be 1 to 128 characters long.'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Syslog server' }).fill('logs.example.net');
    await page.getByLabel('Port', { exact: true }).fill('1514');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Settings saved');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Syslog server' })).toHaveValue(
      'logs.example.net',
    );
    await expect(page.getByLabel('Port', { exact: true })).toHaveValue('1514');
    await expect(
      page.getByRole('switch', { name: 'Send the log to a syslog server' }),
    ).toBeChecked();
    await checkA11y('network settings with syslog, dark');
  });
});

test.describe('a v26 device, NTP and console', () => {
  test('a time zone chosen in the NTP screen takes effect: the device reads it from its name', async ({
    page,
    v26Gateway,
  }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA });
    const before = await (
      await page.request.get(`${v26Gateway}api/ntp/config`, { headers: AUTH })
    ).json();
    const zones = page.waitForResponse((answer) => answer.url().endsWith('/api/ntp/zones'));
    const sent = recordPosts(page, '/api/ntp/config');
    await page.goto(`${v26Gateway}settings/ntp`);
    // The list comes from the device's endpoint, not from the file an older device serves.
    expect((await zones).status()).toBe(200);
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption({ label: 'Tokyo' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Settings saved');
    // Both fields go out; this device derives the rule from the name alone.
    expect(sent).toMatchObject([{ ntp_timezone: 'JST-9', ntp_timezone_descr: 'Asia/Tokyo' }]);
    const after = await (
      await page.request.get(`${v26Gateway}api/ntp/config`, { headers: AUTH })
    ).json();
    expect(after).toMatchObject({ ntp_timezone: 'JST-9', ntp_timezone_descr: 'Asia/Tokyo' });
    // Put the zone back by its name only, as a v26 device reads it.
    const restored = await page.request.post(`${v26Gateway}api/ntp/config`, {
      headers: AUTH,
      form: { data: JSON.stringify({ ...before, ntp_timezone: 'ignored' }) },
    });
    expect(await restored.json()).toMatchObject({ code: 1001 });
    expect(
      await (await page.request.get(`${v26Gateway}api/ntp/config`, { headers: AUTH })).json(),
    ).toEqual(before);
  });

  test('the console filters the device lines by their level letter', async ({
    page,
    v26Gateway,
  }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA });
    await page.goto(`${v26Gateway}info/console`);
    const output = page.getByRole('log', { name: 'Console output' });
    await expect(page.getByRole('img', { name: 'Live connection open' })).toBeVisible();
    const shown = () => output.locator(':scope > div').allTextContents();
    // Boot and inverter lines of several levels are in the backlog.
    await expect.poll(async () => (await shown()).some((l) => / I \(\d+\) /.test(l))).toBe(true);
    const toggle = page.getByRole('checkbox', { name: 'I Information' });
    await toggle.press('Space');
    await expect(toggle).not.toBeChecked();
    await expect.poll(async () => (await shown()).some((l) => / I \(\d+\) /.test(l))).toBe(false);
    const text = (await page.getByTestId('console-count').textContent()) ?? '';
    const [, visible, total] = /(\d+) of (\d+)/.exec(text) ?? [];
    expect(Number(visible)).toBeLessThan(Number(total));
  });
});

test('a v24 device has no Logging entry and no syslog fields', async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  // The shared gateway of playwright.config.ts speaks the reference, v24.11.7.
  await openSettingsMenu(page, 'settings/network');
  await expect(page.getByRole('menuitem', { name: 'DTU' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Logging' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 2, name: 'Admin access point' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Syslog' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Syslog server' })).toHaveCount(0);
});
