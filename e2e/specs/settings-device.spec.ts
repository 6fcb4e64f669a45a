import type { APIRequestContext, Page } from '@playwright/test';
import type { DeviceConfig } from '@heliodtu/contract/device';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';
import { readAreaConfig, writeAreaConfig, recordPosts } from '../fixtures/config-api.ts';

// The gateway is shared by every spec: each test reads the device settings first and puts
// them back afterwards. The pin profile is never changed (it needs a reboot to act).

const readConfig = (request: APIRequestContext) => readAreaConfig<DeviceConfig>(request, 'device');
const writeConfig = (request: APIRequestContext, config: DeviceConfig) =>
  writeAreaConfig(request, 'device', config);
const recordSaves = (page: Page) => recordPosts(page, '/api/device/config');

test.describe.configure({ mode: 'serial' });

let original: DeviceConfig;

// The interface names the built-in profile "" 'Default' and saves it so (wire-contract §4.7);
// posting "" back would be refused (12001), so the original is kept in that form.
const asSaved = (config: DeviceConfig): DeviceConfig => ({
  ...config,
  curPin: { ...config.curPin, name: config.curPin.name || 'Default' },
});

test.beforeEach(async ({ page }) => {
  original = asSaved(await readConfig(page.request));
  await prepare(page, { authdata: ADMIN_AUTHDATA });
});

test.afterEach(async ({ page }) => {
  await writeConfig(page.request, original);
  expect(asSaved(await readConfig(page.request))).toEqual(original);
});

async function open(page: Page) {
  await page.goto('settings/device');
  await expect(page.getByRole('heading', { level: 1, name: 'Device Manager' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Profile' })).toHaveValue(original.curPin.name);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('pin assignment shows Default and the pins in use', async ({ page, checkA11y }) => {
  await open(page);
  const profile = page.getByRole('combobox', { name: 'Profile' });
  await expect(profile.getByRole('option')).toHaveText(['Default (built-in pins)']);
  const nrf = page.getByRole('table', { name: /^NRF24/ });
  await expect(nrf.getByRole('row', { name: /^clk/ })).toHaveText(
    `clk${original.curPin.nrf24.clk}${original.curPin.nrf24.clk}`,
  );
  await checkA11y('device manager, pin assignment');

  await tab(page, 'Pin assignment').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Display')).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Display' })).toBeVisible();
  await checkA11y('device manager, display');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tabpanel', { name: 'LEDs' })).toBeVisible();
  await checkA11y('device manager, LEDs');
});

test('saves display and LED settings and keeps them after a reload', async ({ page }) => {
  const duration = original.display.diagramduration === 7200 ? 7260 : 7200;
  const rotation = original.display.rotation === 1 ? 3 : 1;
  await open(page);

  await tab(page, 'Display').click();
  await page.getByLabel('Diagram time span').fill(String(duration));
  await page.getByLabel('Rotation').selectOption(String(rotation));
  await tab(page, 'LEDs').click();
  const equal = page.getByRole('switch', { name: 'Same brightness for all LEDs' });
  await equal.uncheck();
  const led1 = page.getByRole('slider', { name: 'LED 1 brightness' });
  await led1.focus();
  await page.keyboard.press('Home');
  await expect(led1).toHaveAttribute('aria-valuetext', '0%');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Settings saved/);

  await page.reload();
  await tab(page, 'Display').click();
  await expect(page.getByLabel('Diagram time span')).toHaveValue(String(duration));
  await expect(page.getByLabel('Rotation')).toHaveValue(String(rotation));
  await tab(page, 'LEDs').click();
  await expect(equal).not.toBeChecked();
  await expect(page.getByRole('slider', { name: 'LED 1 brightness' })).toHaveValue('0');
  const saved = await readConfig(page.request);
  expect(saved.display).toMatchObject({ diagramduration: duration, rotation });
  expect(saved.led).toEqual([original.led[0], { brightness: 0 }]);
});

test('a diagram time span below 600 shows its message and sends nothing', async ({ page }) => {
  const sent = recordSaves(page);
  await open(page);
  await tab(page, 'Display').click();
  const duration = page.getByLabel('Diagram time span');
  await duration.fill('100');
  await tab(page, 'LEDs').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a number from 600 to 86400.')).toBeVisible();
  await expect(duration).toBeFocused();
  expect(sent).toEqual([]);
  expect(asSaved(await readConfig(page.request))).toEqual(original);
});
