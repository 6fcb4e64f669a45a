import type { APIRequestContext, Page } from '@playwright/test';
import type { NetworkConfig } from '@heliodtu/contract/network';
import { ADMIN_AUTHDATA, expect, prepare } from '../fixtures/app-test.ts';
import { readAreaConfig, writeAreaConfig, recordPosts } from '../fixtures/config-api.ts';
import { test } from '../fixtures/own-gateway.ts';

// Hostname, SSID and DHCP show on the info pages, which other specs read from the shared
// gateway while this one saves; so this spec runs on a gateway of its own. Each test still reads
// the settings first and puts them back afterwards.

const readConfig = (request: APIRequestContext) =>
  readAreaConfig<NetworkConfig>(request, 'network');
const writeConfig = (request: APIRequestContext, config: NetworkConfig) =>
  writeAreaConfig(request, 'network', config);
const recordSaves = (page: Page) => recordPosts(page, '/api/network/config');

test.describe.configure({ mode: 'serial' });

let original: NetworkConfig;

test.beforeEach(async ({ page }) => {
  original = await readConfig(page.request);
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  await page.goto('settings/network');
  await expect(page.getByRole('heading', { level: 1, name: 'Network Settings' })).toBeVisible();
  // Never the shared gateway of playwright.config.ts.
  expect(new URL(page.url()).port).not.toBe(process.env['E2E_PORT']);
});

test.afterEach(async ({ page }) => {
  await writeConfig(page.request, original);
  expect(await readConfig(page.request)).toEqual(original);
});

const dhcp = (page: Page) => page.getByRole('switch', { name: 'Enable DHCP' });
const staticSection = (page: Page) =>
  page.getByRole('heading', { level: 2, name: 'Static IP address' });
const save = (page: Page) => page.getByRole('button', { name: 'Save' });

test('a static address, hostname and AP timeout are saved and kept after a reload', async ({
  page,
}) => {
  const sent = recordSaves(page);
  expect(original.dhcp).toBe(true);
  const timeout = original.aptimeout === 7 ? 8 : 7;
  await page.getByLabel('Hostname').fill('e2e-helio');
  await dhcp(page).uncheck();
  await page.getByLabel('IP address').fill('192.168.10.20');
  await page.getByLabel('Netmask').fill('255.255.255.0');
  await page.getByLabel('Default gateway').fill('192.168.10.1');
  await page.getByLabel('DNS server 1').fill('192.168.10.1');
  await page.getByLabel('Access point timeout').fill(String(timeout));
  await save(page).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');

  expect(sent).toEqual([
    {
      ...original,
      hostname: 'e2e-helio',
      dhcp: false,
      ipaddress: '192.168.10.20',
      netmask: '255.255.255.0',
      gateway: '192.168.10.1',
      dns1: '192.168.10.1',
      aptimeout: timeout,
    },
  ]);

  await page.reload();
  await expect(dhcp(page)).not.toBeChecked();
  await expect(page.getByLabel('Hostname')).toHaveValue('e2e-helio');
  await expect(page.getByLabel('IP address')).toHaveValue('192.168.10.20');
  await expect(page.getByLabel('Default gateway')).toHaveValue('192.168.10.1');
  await expect(page.getByLabel('Access point timeout')).toHaveValue(String(timeout));
});

test('an address that is no IPv4 shows its message and sends nothing', async ({ page }) => {
  const sent = recordSaves(page);
  await dhcp(page).uncheck();
  const gateway = page.getByLabel('Default gateway');
  await gateway.fill('192.168.1');
  await page.getByLabel('Hostname').fill('');
  await save(page).click();
  await expect(page.getByText('The gateway address is not valid.')).toBeVisible();
  await expect(page.getByText('Use 1 to 31 characters.')).toBeVisible();
  // The hostname comes first on the page.
  await expect(page.getByLabel('Hostname')).toBeFocused();

  await page.getByLabel('Hostname').fill('e2e-helio');
  await save(page).click();
  await expect(gateway).toBeFocused();
  await expect(page.getByText('Use 1 to 31 characters.')).toHaveCount(0);
  expect(sent).toEqual([]);
  expect(await readConfig(page.request)).toEqual(original);
});

test('the static IP section is hidden while DHCP is on (spec §4)', async ({ page, checkA11y }) => {
  await expect(dhcp(page)).toBeChecked();
  await expect(staticSection(page)).toHaveCount(0);
  await expect(page.getByLabel('IP address')).toHaveCount(0);
  await dhcp(page).uncheck();
  await expect(staticSection(page)).toBeVisible();
  await expect(page.getByLabel('DNS server 2')).toHaveValue(original.dns2);
  await checkA11y('network settings with the static IP section');
  await dhcp(page).check();
  await expect(staticSection(page)).toHaveCount(0);
});
