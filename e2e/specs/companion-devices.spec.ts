import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { LimitStatus } from '@heliodtu/contract/limit';
import type { LiveDataStatus } from '@heliodtu/contract/live-data';
import { ADMIN_AUTHDATA, expect, prepare, test as appTest } from '../fixtures/app-test.ts';
import { E2E_WEB_DIST, startGateway } from '../fixtures/own-gateway.ts';

// Issue 27 end to end: three simulated gateways on their own ports (different seeds and fleets)
// behind one companion; the browser only talks to the companion, and what it changes is read
// back from each device itself or its data folder. The third speaks current firmware (v26),
// the others the reference (v24): their time zone lists come from different places (issue 34). One set of processes serves every test of
// this file (start-up costs), in order: the last tests kill a device and add and remove one.

type Gateway = Awaited<ReturnType<typeof startGateway>>;
interface Device {
  id: string;
  name: string;
  dir: string;
  gateway: Gateway;
}
interface Fleet {
  devices: Device[];
  companionUrl: string;
  companionDir: string;
  /** Folders and processes started by the tests themselves, cleaned up with the fleet. */
  extra: { dirs: string[]; gateways: Gateway[] };
}

const ADMIN = { Authorization: `Basic ${ADMIN_AUTHDATA}` };
const NAMES = ['Roof', 'Garage', 'Barn'];
const IDS = ['roof', 'garage', 'barn'];
/** The one inverter each of the second and third device has (the first has the demo fleet). */
const OWN_INVERTERS = [
  null,
  { serial: '112100000002', name: 'Carport' },
  { serial: '112100000003', name: 'Workshop' },
];
const SHED = { serial: '112100000004', name: 'Shed panel' };

const tempDir = (prefix: string) => mkdtemp(path.join(process.env['E2E_TMP'] ?? tmpdir(), prefix));

/** The firmware each device speaks: the third one current firmware. */
const FIRMWARE = ['v24.11.7', 'v24.11.7', 'v26.3.30'];

/** A simulated device with its own seed, and either the demo fleet or one inverter of its own. */
async function startDevice(
  dir: string,
  seed: number,
  inverter: { serial: string; name: string } | null,
  firmware = FIRMWARE[0]!,
) {
  const gateway = await startGateway(E2E_WEB_DIST, dir, {
    SIM_SEED: String(seed),
    SIM_FLEET: inverter ? 'none' : 'demo',
    SIM_FIRMWARE: firmware,
    HISTORY: 'off',
  });
  if (inverter) {
    const body = new FormData();
    body.append('data', JSON.stringify(inverter));
    const added = await fetch(`${gateway.url}api/inverter/add`, {
      method: 'POST',
      headers: ADMIN,
      body,
    });
    expect(await added.json()).toMatchObject({ type: 'success' });
  }
  return gateway;
}

const test = appTest.extend<object, { fleet: Fleet }>({
  fleet: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) => {
      const dirs = await Promise.all([0, 1, 2].map((i) => tempDir(`devices-${IDS[i]}-`)));
      const companionDir = await tempDir('devices-companion-');
      const extra: Fleet['extra'] = { dirs: [], gateways: [] };
      const gateways: Gateway[] = [];
      try {
        gateways.push(
          ...(await Promise.all(
            dirs.map((dir, i) => startDevice(dir, i + 1, OWN_INVERTERS[i]!, FIRMWARE[i])),
          )),
        );
        // The companion's clock runs 30 times as fast: its 5-minute history buckets fill every
        // 10 s, so a device added on the Devices screen has history within the test.
        const companion = await startGateway(E2E_WEB_DIST, companionDir, {
          DTU_URL: gateways.map((g, i) => `${NAMES[i]}=${g.url}`).join(','),
          DTU_PASSWORD: 'openDTU42',
          SIM_FLEET: 'none',
          SIM_SPEED: '30',
        });
        try {
          await use({
            devices: gateways.map((gateway, i) => ({
              id: IDS[i]!,
              name: NAMES[i]!,
              dir: dirs[i]!,
              gateway,
            })),
            companionUrl: companion.url,
            companionDir,
            extra,
          });
        } finally {
          await companion.stop();
        }
      } finally {
        await Promise.all([...gateways, ...extra.gateways].map((g) => g.stop()));
        await Promise.all(
          [...dirs, companionDir, ...extra.dirs].map((dir) =>
            rm(dir, { recursive: true, force: true }),
          ),
        );
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ fleet }, use) => use(fleet.companionUrl),
});

test.describe.configure({ mode: 'serial', timeout: 60_000 });

/** GET as admin, answered 200, parsed. */
async function getJson<T>(url: string): Promise<T> {
  const answer = await fetch(url, { headers: ADMIN });
  expect(answer.status, url).toBe(200);
  return (await answer.json()) as T;
}

/** A device's own config.json, or null before it first saved one. */
const configOnDisk = (device: Device) =>
  readFile(path.join(device.dir, 'config.json'), 'utf8').catch(() => null);

/** The text of a figure as the interface shows it ("1,234.5 W") as a number. */
const shownNumber = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

const group = (page: Page, id: string) => page.getByTestId(`device-group-${id}`);

test.beforeEach(async ({ page, fleet }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
  // Never the shared gateway: every page of this file is the companion's.
  expect(fleet.companionUrl).not.toContain(`:${process.env['E2E_PORT']}/`);
});

test('the totals add up the three devices, and the overview groups the inverters by device', async ({
  page,
  fleet,
}) => {
  await page.goto('');
  for (const device of fleet.devices) {
    const section = group(page, device.id);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(device.name);
    await expect(section.getByTestId('device-state')).toHaveText('Connected');
  }
  // Each device's inverters under its own name: the demo fleet under the first, by the names
  // the device itself reports, and one of their own under the second and third. The overview
  // sorts by name by default.
  const demo = await getJson<LiveDataStatus>(`${fleet.devices[0]!.gateway.url}api/livedata/status`);
  const tileNames = (id: string) => group(page, id).getByRole('heading', { level: 3 });
  await expect(tileNames('roof')).toHaveText(demo.inverters.map((i) => i.name).sort());
  await expect(tileNames('garage')).toHaveText([OWN_INVERTERS[1]!.name]);
  await expect(tileNames('barn')).toHaveText([OWN_INVERTERS[2]!.name]);
  await expect(page.getByTestId(/^device-group-/)).toHaveCount(3);

  // The card and the devices' own totals read at the same moment: every device polls on its
  // own, so a read that straddles a poll is taken again.
  await expect(async () => {
    const shown = shownNumber((await page.getByTestId('total-Power').textContent()) ?? '');
    const totals = await Promise.all(
      fleet.devices.map((d) => getJson<LiveDataStatus>(`${d.gateway.url}api/livedata/status`)),
    );
    const decimals = totals[0]!.total.Power.d;
    const sum = totals.reduce((acc, status) => acc + (status.total.Power.v ?? 0), 0);
    expect(totals.every((status) => (status.total.Power.v ?? 0) > 0)).toBe(true);
    expect(Math.abs(shown - sum)).toBeLessThanOrEqual(10 ** -decimals);
  }).toPass({ timeout: 15_000, intervals: [100, 200, 300] });
});

test('a limit set in the live view on an inverter of the second device reaches only that device', async ({
  page,
  fleet,
}) => {
  // What a limit command changes: its value and state (max_power is filled in as inverters are
  // first read, command or not).
  const limits = async (device: Device) =>
    Object.fromEntries(
      Object.entries(await getJson<LimitStatus>(`${device.gateway.url}api/limit/status`)).map(
        ([serial, entry]) => [serial, `${entry.limit_set_status} ${entry.limit_relative}`],
      ),
    );
  const [roofBefore, , barnBefore] = await Promise.all(fleet.devices.map(limits));
  const carport = OWN_INVERTERS[1]!;
  expect(roofBefore).not.toHaveProperty(carport.serial);
  expect(barnBefore).not.toHaveProperty(carport.serial);

  await page.goto('');
  await group(page, 'garage').getByRole('button', { name: carport.name }).click();
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: 'Show or set the inverter limit' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Limit settings' });
  await dialog.getByRole('spinbutton', { name: 'Limit' }).fill('40');
  await dialog.getByRole('button', { name: 'Set limit' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await limits(fleet.devices[1]!))[carport.serial], { timeout: 20_000 })
    .toBe('Ok 40');
  // The other devices' limits are as they were: nothing was sent to them.
  expect(await limits(fleet.devices[0]!)).toEqual(roofBefore);
  expect(await limits(fleet.devices[2]!)).toEqual(barnBefore);
});

test('a setting saved with the third device selected changes only its config.json; a reload keeps the device', async ({
  page,
  fleet,
}) => {
  const [roofBefore, garageBefore] = await Promise.all(fleet.devices.slice(0, 2).map(configOnDisk));
  await page.goto('settings/ntp');
  await expect(page.getByRole('heading', { level: 1, name: 'NTP Settings' })).toBeVisible();
  const selector = page.getByLabel('Device', { exact: true });
  await expect(selector).toHaveValue('roof');
  await selector.selectOption('Barn');
  await expect(page).toHaveURL(/[?&]dtu=barn\b/);
  const server = page.getByLabel('Time server');
  await expect(server).not.toHaveValue('');
  await server.fill('barn-e2e.pool.ntp.org');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');

  const barn = JSON.parse((await configOnDisk(fleet.devices[2]!)) ?? '{}') as {
    ntp?: { server?: string };
  };
  expect(barn.ntp?.server).toBe('barn-e2e.pool.ntp.org');
  expect(await configOnDisk(fleet.devices[0]!)).toBe(roofBefore);
  expect(await configOnDisk(fleet.devices[1]!)).toBe(garageBefore);

  await page.reload();
  await expect(page).toHaveURL(/[?&]dtu=barn\b/);
  await expect(page.getByLabel('Device', { exact: true })).toHaveValue('barn');
  await expect(page.getByLabel('Time server')).toHaveValue('barn-e2e.pool.ntp.org');
});

test('the time zone list loads for a v24 and a v26 device, and the zone saved reaches the chosen one', async ({
  page,
  fleet,
}) => {
  const [roof, , barn] = fleet.devices;
  const ntpConfig = (device: Device) =>
    getJson<{ ntp_timezone: string; ntp_timezone_descr: string }>(
      `${device.gateway.url}api/ntp/config`,
    );
  const barnBefore = await ntpConfig(barn!);
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  const listFailed = page.getByText('The list of time zones could not be loaded');

  await page.goto('settings/ntp?dtu=roof');
  await expect(zone.locator('optgroup[label="Asia"]')).toHaveCount(1);
  await expect(listFailed).toHaveCount(0);
  await zone.selectOption({ label: 'Tokyo' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');
  expect(await ntpConfig(roof!)).toMatchObject({
    ntp_timezone: 'JST-9',
    ntp_timezone_descr: 'Asia/Tokyo',
  });
  expect(await ntpConfig(barn!)).toEqual(barnBefore);

  // The v26 device: its own list (it looks the zone up by name in it).
  await page.getByLabel('Device', { exact: true }).selectOption('Barn');
  await expect(page).toHaveURL(/[?&]dtu=barn\b/);
  await expect(zone.locator('optgroup[label="America"]')).toHaveCount(1);
  await expect(listFailed).toHaveCount(0);
  await zone.selectOption({ label: 'Argentina/Buenos Aires' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');
  expect(await ntpConfig(barn!)).toMatchObject({
    ntp_timezone: '<-03>3',
    ntp_timezone_descr: 'America/Argentina/Buenos_Aires',
  });
  expect((await ntpConfig(roof!)).ntp_timezone_descr).toBe('Asia/Tokyo');

  // An API path the device lacks is a JSON 404 from the companion, never the web page.
  for (const urlPath of ['dtu/roof/api/ntp/zones', 'dtu/roof/api/no/such/thing']) {
    const answer = await fetch(`${fleet.companionUrl}${urlPath}`, { headers: ADMIN });
    expect([urlPath, answer.status]).toEqual([urlPath, 404]);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  }
});

test('the second device killed: its group says away within 10 s, the others keep updating; back, it rejoins without a reload', async ({
  page,
  fleet,
}) => {
  await page.goto('');
  const garage = group(page, 'garage');
  await expect(garage.getByTestId('device-state')).toHaveText('Connected');
  await fleet.devices[1]!.gateway.kill();
  await expect(garage.getByTestId('device-state')).toHaveText(/^Away since /, {
    timeout: 10_000,
  });
  // Devices 1 and 3 keep updating: a figure or a data age in their groups changes.
  for (const id of ['roof', 'barn']) {
    // Tiles off screen keep their figures until they are back (issue 26): look at the group.
    await group(page, id).scrollIntoViewIfNeeded();
    const before = await group(page, id).textContent();
    await expect.poll(() => group(page, id).textContent(), { timeout: 10_000 }).not.toBe(before);
    await expect(group(page, id).getByTestId('device-state')).toHaveText('Connected');
  }
  // Its tiles keep the last values, under its name.
  await expect(garage.getByRole('button', { name: OWN_INVERTERS[1]!.name })).toBeVisible();

  await fleet.devices[1]!.gateway.start();
  await expect(garage.getByTestId('device-state')).toHaveText('Connected', { timeout: 20_000 });
  await garage.scrollIntoViewIfNeeded();
  const rejoined = await garage.textContent();
  await expect.poll(() => garage.textContent(), { timeout: 10_000 }).not.toBe(rejoined);
});

test('Devices screen: a wrong password saves nothing; a good device shows live at once; removed, its history stays', async ({
  page,
  fleet,
}) => {
  const shedDir = await tempDir('devices-shed-');
  fleet.extra.dirs.push(shedDir);
  const shed = await startDevice(shedDir, 4, SHED);
  fleet.extra.gateways.push(shed);
  const devicesFile = path.join(fleet.companionDir, 'devices.json');
  const fileBefore = await readFile(devicesFile, 'utf8').catch(() => null);

  await page.goto('settings/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  const form = page.getByTestId('device-form');
  await form.getByLabel('Name', { exact: true }).fill('Shed');
  await form.getByLabel('Address (URL)').fill(shed.url);
  await form.getByLabel('Password', { exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Add device' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    "The device cannot be used: The device refused this password: enter the device's admin password.",
  );
  expect(await readFile(devicesFile, 'utf8').catch(() => null)).toBe(fileBefore);
  await expect(page.getByTestId('device-shed')).toHaveCount(0);

  await form.getByLabel('Password', { exact: true }).fill('openDTU42');
  await form.getByRole('button', { name: 'Add device' }).click();
  await expect(page.getByTestId('device-shed')).toBeVisible();
  expect(await readFile(devicesFile, 'utf8')).toContain(shed.url.replace(/\/$/, ''));

  // The live view shows its inverter under its name, with no restart of the companion.
  await page.goto('');
  await expect(group(page, 'shed').getByRole('button', { name: SHED.name })).toBeVisible({
    timeout: 15_000,
  });
  // Its history starts: the companion records it (10 s per bucket at its speed).
  const shedHistory = async () => {
    const answer = await fetch(`${fleet.companionUrl}api/history/range?dtu=shed`, {
      headers: ADMIN,
    });
    if (answer.status !== 200) return [];
    return ((await answer.json()) as { inverters: { serial: string }[] }).inverters.map(
      (i) => i.serial,
    );
  };
  await expect.poll(shedHistory, { timeout: 30_000 }).toEqual([SHED.serial]);

  await page.goto('settings/devices');
  await page.getByTestId('device-shed').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('device-shed')).toHaveCount(0);

  await page.goto('');
  await expect(page.getByTestId(/^device-group-/)).toHaveCount(3);
  await expect(group(page, 'shed')).toHaveCount(0);
  await expect(page.getByRole('button', { name: SHED.name })).toHaveCount(0);
  expect(await shedHistory()).toEqual([SHED.serial]);
});
