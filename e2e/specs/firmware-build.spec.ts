import { createHash } from 'node:crypto';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';
import { AUTH } from '../fixtures/config-api.ts';
import { FIRMWARE_UI_URL } from '../fixtures/env.ts';

// The firmware build is the file a device flashes: one js/app.js.gz, rendered by Preact's React
// compatibility layer instead of React (size budget, web/vite.config.ts). Every screen must come
// up there as in the normal build, without a console error.
test.use({ baseURL: FIRMWARE_UI_URL });

const SCREENS = [
  { path: '', heading: 'Live Data', ready: 'tab' },
  { path: 'settings/network', heading: 'Network Settings', ready: 'save' },
  { path: 'settings/ntp', heading: 'NTP Settings', ready: 'save' },
  { path: 'settings/mqtt', heading: 'MQTT Settings', ready: 'save' },
  { path: 'settings/inverter', heading: 'Inverter Settings', ready: 'row' },
  { path: 'settings/security', heading: 'Security Settings', ready: 'save' },
  { path: 'settings/dtu', heading: 'DTU Settings', ready: 'save' },
  { path: 'settings/device', heading: 'Device Manager', ready: 'save' },
  { path: 'settings/config', heading: 'Config Management', ready: 'row' },
  { path: 'firmware/upgrade', heading: 'Firmware Upgrade', ready: 'none' },
  { path: 'maintenance/reboot', heading: 'Device Reboot', ready: 'none' },
  { path: 'info/system', heading: 'System Info', ready: 'row' },
  { path: 'info/network', heading: 'Network Info', ready: 'row' },
  { path: 'info/ntp', heading: 'NTP Info', ready: 'row' },
  { path: 'info/mqtt', heading: 'MQTT Info', ready: 'row' },
  { path: 'info/console', heading: 'Console', ready: 'none' },
  { path: 'about', heading: 'About HelioDTU', ready: 'none' },
] as const;

test('the firmware build serves its one-file layout', async ({ request }) => {
  const app = await request.get('js/app.js');
  expect(app.headers()['content-encoding']).toBe('gzip');
  expect(await app.text()).toContain('data-bs-theme');
  const page = await request.get('settings/dtu');
  expect(await page.text()).toContain('js/app.js');
});

test('every screen of the firmware build comes up without a console error', async ({ page }) => {
  test.setTimeout(90_000);
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    if (screen.ready === 'save') {
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
    } else if (screen.ready === 'row') {
      await expect(page.getByRole('row').nth(1)).toBeVisible();
    } else if (screen.ready === 'tab') {
      // Overview plus the three inverters (issue 15).
      await expect(page.getByRole('tab')).toHaveCount(4);
    }
  }
});

test('a settings save works in the firmware build', async ({ page }) => {
  const original = await (await page.request.get('api/dtu/config', { headers: AUTH })).json();
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  try {
    await page.goto('settings/dtu');
    const poll = page.getByLabel('Poll interval', { exact: true });
    await poll.fill('9');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Settings saved');
    await page.reload();
    await expect(page.getByLabel('Poll interval', { exact: true })).toHaveValue('9');
  } finally {
    await page.request.post('api/dtu/config', {
      headers: AUTH,
      form: { data: JSON.stringify(original) },
    });
  }
});

test('the firmware build offers no string orientation, a HelioDTU extension', async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('settings/inverter');
  await page.getByRole('button', { name: 'Edit Balcony' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit inverter: Balcony' });
  await dialog.getByRole('tab', { name: 'Strings' }).click();
  const string1 = dialog.getByRole('group', { name: 'String 1' });
  await expect(string1.getByLabel('Maximum power')).toBeVisible();
  // This gateway lists azimuth and tilt; the device's own interface still leaves them out.
  await expect(string1.getByRole('spinbutton', { name: 'Azimuth' })).toHaveCount(0);
});

// All three catalogues travel as one table in js/app.js.gz (web/build/firmware-catalogues.ts).
test('the firmware build speaks German and French', async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('settings/dtu');
  await expect(page.getByRole('heading', { level: 1, name: 'DTU Settings' })).toBeVisible();
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'DTU-Einstellungen' })).toBeVisible();
  await expect(page.getByLabel('Abfrageintervall', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Sprache/ }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres DTU' })).toBeVisible();
  await page.goto('');
  await expect(page.getByRole('heading', { level: 1, name: 'Données en direct' })).toBeVisible();
});

test.describe('a firmware image in the firmware build', () => {
  // The device's answer is stood in for (no restart of the shared gateway): a refusal, a 500.
  test.use({ allowedErrors: [/status of 500 .*\/api\/firmware\/update/] });

  test('its MD5 is computed and sent with it', async ({ page }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA });
    const image = Buffer.alloc(1536 * 1024 + 17);
    image[0] = 0xe9;
    for (let i = 1; i < image.length; i += 1) image[i] = (i * 13) & 0xff;
    const md5 = createHash('md5').update(image).digest('hex');
    const sent: string[] = [];
    await page.route('**/api/firmware/update', async (route) => {
      const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
      sent.push(body.includes(md5) ? 'right' : 'missing');
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'MD5 mismatch' });
    });
    await page.goto('firmware/upgrade');
    await page.getByLabel('Firmware image (.bin or .bin.gz)').setInputFiles({
      name: 'firmware.bin',
      mimeType: 'application/octet-stream',
      buffer: image,
    });
    await expect(page.getByRole('alert')).toContainText('The firmware upgrade failed');
    expect(sent).toEqual(['right']);
  });
});
