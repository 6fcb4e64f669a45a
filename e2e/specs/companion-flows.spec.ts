import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LimitStatus } from '@heliodtu/contract/limit';
import { ADMIN_AUTHDATA, expect, prepare, test as appTest } from '../fixtures/app-test.ts';
import { E2E_WEB_DIST, startGateway } from '../fixtures/own-gateway.ts';

// Issue 24, end to end through the companion: the browser only ever talks to the companion; what
// it sets must land on the device (a simulated gateway), read here straight from the device or
// its data folder. One device and one companion serve every test of this file (start-up costs).

interface Pair {
  deviceUrl: string;
  deviceDir: string;
  companionUrl: string;
}

const test = appTest.extend<object, { pair: Pair }>({
  pair: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) => {
      const base = process.env['E2E_TMP'] ?? tmpdir();
      const deviceDir = await mkdtemp(path.join(base, 'flows-device-'));
      const companionDir = await mkdtemp(path.join(base, 'flows-companion-'));
      try {
        // The device at the default simulated June noon and real speed: a limit stays Pending
        // for its 2.5 s, long enough to be seen.
        const device = await startGateway(E2E_WEB_DIST, deviceDir, { HISTORY: 'off' });
        try {
          // The companion's clock runs 30 times as fast, so its 5-minute history buckets fill
          // every 10 s with the device's noon power: a curve within the test's time.
          const companion = await startGateway(E2E_WEB_DIST, companionDir, {
            DTU_URL: device.url,
            DTU_PASSWORD: 'openDTU42',
            SIM_FLEET: 'none',
            SIM_SPEED: '30',
          });
          try {
            await use({ deviceUrl: device.url, deviceDir, companionUrl: companion.url });
          } finally {
            await companion.stop();
          }
        } finally {
          await device.stop();
        }
      } finally {
        await rm(deviceDir, { recursive: true, force: true });
        await rm(companionDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 130_000 },
  ],
  baseURL: async ({ pair }, use) => use(pair.companionUrl),
});

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const DEVICE_AUTH = { Authorization: `Basic ${ADMIN_AUTHDATA}` };
const GARAGE_ROOF = '1164a113c7e2';

/** GET from the device itself (never through the companion) as its admin. */
async function fromDevice(pair: Pair, urlPath: string): Promise<Response> {
  const answer = await fetch(new URL(urlPath, pair.deviceUrl), { headers: DEVICE_AUTH });
  expect(answer.status, urlPath).toBe(200);
  return answer;
}

test.beforeEach(async ({ page, pair }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  // Never the shared gateway: every page of this file is the companion's.
  expect(pair.companionUrl).not.toContain(`:${process.env['E2E_PORT']}/`);
});

test('a limit set in the live view dialog reaches the device: Pending, then the value', async ({
  page,
  pair,
}) => {
  // The device's own status, read every 100 ms from before the click until the value is Ok.
  const seen: string[] = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const status = (await (await fromDevice(pair, 'api/limit/status')).json()) as LimitStatus;
      const garage = status[GARAGE_ROOF];
      const entry = `${garage?.limit_set_status} ${garage?.limit_relative}`;
      if (seen.at(-1) !== entry) seen.push(entry);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    await page.goto('');
    await page.getByRole('tab', { name: /^Garage roof/ }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Show or set the inverter limit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Limit settings' });
    await dialog.getByRole('spinbutton', { name: 'Limit' }).fill('60');
    await dialog.getByRole('button', { name: 'Set limit' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => seen.at(-1), { timeout: 30_000 }).toBe('Ok 60');
  } finally {
    watching = false;
    await watch;
  }
  const pending = seen.findIndex((entry) => entry.startsWith('Pending'));
  expect(pending, `device statuses seen: ${seen.join(', ')}`).toBeGreaterThanOrEqual(0);
  expect(seen.indexOf('Ok 60')).toBeGreaterThan(pending);
  // The companion's live view shows the value the device reports.
  await expect(page.getByRole('tabpanel').getByTestId('current-limit')).toContainText('60.0 %', {
    timeout: 30_000,
  });
});

test("an NTP setting saved through the companion is in the device's own config.json", async ({
  page,
  pair,
}) => {
  await page.goto('settings/ntp');
  await expect(page.getByRole('heading', { level: 1, name: 'NTP Settings' })).toBeVisible();
  await page.getByLabel('Time server').fill('companion-e2e.pool.ntp.org');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');
  const onDisk = JSON.parse(await readFile(path.join(pair.deviceDir, 'config.json'), 'utf8')) as {
    ntp: { server: string };
  };
  expect(onDisk.ntp.server).toBe('companion-e2e.pool.ntp.org');
});

test("a config backup downloaded through the companion equals the device's file", async ({
  page,
  pair,
}) => {
  await page.goto('settings/config');
  await expect(page.getByRole('heading', { level: 1, name: 'Config Management' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^config-\d{4}-\d{2}-\d{2}\.json$/);
  const backup = await readFile(await download.path());
  const direct = Buffer.from(
    await (await fromDevice(pair, 'api/file/get?file=config.json')).arrayBuffer(),
  );
  expect(backup.length).toBeGreaterThan(100);
  expect(backup.equals(direct)).toBe(true);
});

test("the History screen shows today's curve recorded through the relay", async ({ page }) => {
  await page.goto('');
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Energy history' })).toBeVisible();
  await expect(page.getByLabel('Date')).toHaveValue('2025-06-21');
  // Buckets arrive every 10 s at the companion's speed: reload until a curve of several has a yield.
  await expect(async () => {
    await page.reload();
    const chart = page.getByRole('group', { name: /^Saturday, June 21, 2025: yield \d/ });
    await expect(chart.locator('canvas')).toBeVisible({ timeout: 5_000 });
    await expect(page.getByTestId('stat-Yield')).not.toHaveText('0.00 kWh', { timeout: 1_000 });
    await page.getByRole('button', { name: 'Show as table' }).click();
    const producing = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: /[1-9][\d,]* W/ });
    expect(await producing.count()).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: 90_000 });
  // The device's inverters by name, as the relay delivered them.
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([
    'Time',
    'All inverters [W]',
    'Balcony [W]',
    'Garage roof [W]',
    'Barn [W]',
  ]);
});
