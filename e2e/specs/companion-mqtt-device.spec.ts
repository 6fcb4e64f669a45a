import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADMIN_AUTHDATA,
  expect,
  PHONE,
  prepare,
  test as appTest,
  type Theme,
} from '../fixtures/app-test.ts';
import { startMosquitto } from '../fixtures/mosquitto.ts';
import { E2E_WEB_DIST, startGateway } from '../fixtures/own-gateway.ts';

// Issue 37 end to end: a companion in front of one device over HTTP (Roof, from DTU_URL) and one
// known only by the MQTT topics it publishes to a real Mosquitto (Cottage: our own simulated
// gateway with MQTT publishing on), added on the Devices screen by the first test (the tests run
// in order on one set of processes). Its inverters are in the live view beside Roof's; its
// one-device screens say where its settings are changed and ask it nothing.

type Gateway = Awaited<ReturnType<typeof startGateway>>;
interface Site {
  companionUrl: string;
  companionDir: string;
  brokerUrl: string;
  /** The host name the MQTT device publishes (`dtu/hostname`). */
  cottageHostname: string;
  /** The IP the MQTT device publishes (`dtu/ip`): its own web interface. */
  cottageIp: string;
  cottageInverters: string[];
}

const DESKTOP = { width: 1280, height: 800 };
const ADMIN = { Authorization: `Basic ${ADMIN_AUTHDATA}` };
const tempDir = (prefix: string) => mkdtemp(path.join(process.env['E2E_TMP'] ?? tmpdir(), prefix));

async function getJson<T>(url: string): Promise<T> {
  const answer = await fetch(url, { headers: ADMIN });
  expect(answer.status, url).toBe(200);
  return (await answer.json()) as T;
}

/** Turns on the gateway's MQTT publishing to `broker` under `prefix`, every 5 s. */
async function publishTo(gateway: Gateway, broker: { host: string; port: number }, prefix: string) {
  const current = await getJson<Record<string, unknown>>(`${gateway.url}api/mqtt/config`);
  const body = new FormData();
  body.append(
    'data',
    JSON.stringify({
      ...current,
      mqtt_enabled: true,
      mqtt_hostname: broker.host,
      mqtt_port: broker.port,
      mqtt_topic: prefix,
      mqtt_publish_interval: 5,
    }),
  );
  const saved = await fetch(`${gateway.url}api/mqtt/config`, {
    method: 'POST',
    headers: ADMIN,
    body,
  });
  expect(await saved.json()).toMatchObject({ code: 1001 });
}

const test = appTest.extend<object, { site: Site }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) => {
      const broker = await startMosquitto();
      const dirs = await Promise.all(
        ['mqtt-roof-', 'mqtt-cottage-', 'mqtt-companion-'].map(tempDir),
      );
      const gateways: Gateway[] = [];
      try {
        const [roof, cottage] = await Promise.all([
          startGateway(E2E_WEB_DIST, dirs[0]!, { SIM_SEED: '1', HISTORY: 'off' }),
          startGateway(E2E_WEB_DIST, dirs[1]!, { SIM_SEED: '2', HISTORY: 'off' }),
        ]);
        gateways.push(roof, cottage);
        await publishTo(cottage, broker, 'cottage/');
        const network = await getJson<{ network_ip: string; network_hostname: string }>(
          `${cottage.url}api/network/status`,
        );
        const live = await getJson<{ inverters: { name: string }[] }>(
          `${cottage.url}api/livedata/status`,
        );
        const companion = await startGateway(E2E_WEB_DIST, dirs[2]!, {
          DTU_URL: `Roof=${roof.url}`,
          DTU_PASSWORD: 'openDTU42',
          SIM_FLEET: 'none',
        });
        gateways.push(companion);
        await use({
          companionUrl: companion.url,
          companionDir: dirs[2]!,
          brokerUrl: broker.url,
          cottageHostname: network.network_hostname,
          cottageIp: network.network_ip,
          cottageInverters: live.inverters.map((inverter) => inverter.name),
        });
      } finally {
        await Promise.all(gateways.map((gateway) => gateway.stop()));
        await broker.stop();
        await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ site }, use) => use(site.companionUrl),
});

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await prepare(page, { authdata: ADMIN_AUTHDATA });
});

test('the Devices screen finds the MQTT device on its broker, adds it with its away time, and the live view shows its inverters', async ({
  page,
  site,
}) => {
  await page.goto('settings/devices');
  const form = page.getByTestId('device-form');
  await form.getByLabel('Name', { exact: true }).fill('Cottage');
  await form.getByLabel('Address (URL)').fill(`${site.brokerUrl}/cottage/`);
  await expect(form.getByLabel('User name')).toHaveValue('');
  await form.getByRole('button', { name: 'Test connection' }).click();
  const count = site.cottageInverters.length;
  await expect(form.getByRole('alert')).toHaveText(
    `Found the OpenDTU "${site.cottageHostname}" on the broker, with ${count} inverter${count === 1 ? '' : 's'}.`,
    { timeout: 15_000 },
  );
  // An MQTT device's own away time, in the form only for a broker address.
  await form.getByLabel('Away after').fill('90');
  await form.getByRole('button', { name: 'Add device' }).click();
  const added = page.getByTestId('device-cottage');
  await expect(added).toContainText(`${site.brokerUrl}/cottage/`);
  const broker = new URL(site.brokerUrl).host;
  await expect(added.getByTestId('device-source')).toHaveText(
    `Through the MQTT broker ${broker}, base topic cottage/`,
  );
  await expect(added.getByTestId('device-away')).toHaveText('90 s');
  await expect(page.getByTestId('device-roof').getByTestId('device-source')).toHaveText(
    'Over HTTP',
  );
  // Kept like a device over HTTP: a restart of the companion finds it in devices.json.
  const stored = JSON.parse(
    await readFile(path.join(site.companionDir, 'devices.json'), 'utf8'),
  ) as {
    devices: { id: string; url: string; away_s: number }[];
  };
  expect(stored.devices).toEqual([
    expect.objectContaining({ id: 'cottage', url: `${site.brokerUrl}/cottage/`, away_s: 90 }),
  ]);

  await page.goto('');
  const cottage = page.getByTestId('device-group-cottage');
  await expect(cottage.getByRole('heading', { level: 2 })).toHaveText('Cottage', {
    timeout: 20_000,
  });
  await expect(cottage.getByRole('heading', { level: 3 })).toHaveText(
    [...site.cottageInverters].sort(),
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByTestId('device-group-roof')).toBeVisible();
});

for (const theme of ['light', 'dark'] as Theme[]) {
  test(`a settings screen of the MQTT device says where its settings are changed, asking nothing (${theme})`, async ({
    page,
    site,
    checkA11y,
    snapshot,
  }) => {
    await prepare(page, { theme, authdata: ADMIN_AUTHDATA });
    const failed: string[] = [];
    const deviceRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/dtu/cottage/'))
        deviceRequests.push(request.url());
    });
    await page.goto('settings/network?dtu=cottage');
    const notice = page.getByTestId('mqtt-device-notice');
    await expect(notice).toContainText('Its settings can only be changed on the device itself.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Network Settings');
    await expect(page.getByRole('combobox', { name: 'Device' })).toHaveValue('cottage');
    await expect(
      page.getByRole('link', { name: 'Open the web interface of Cottage' }),
    ).toHaveAttribute('href', `http://${site.cottageIp}/`);
    await expect(page.locator('.toast, [role="alert"]')).toHaveCount(0);
    await checkA11y(`MQTT device notice (${theme})`);
    await snapshot(`mqtt-device-notice-desktop-${theme}`);
    await page.setViewportSize(PHONE);
    await snapshot(`mqtt-device-notice-360-${theme}`);

    // The HTTP device beside it keeps its form, loaded from that device.
    await page.getByRole('combobox', { name: 'Device' }).selectOption('roof');
    await expect(page.getByLabel('Hostname')).not.toHaveValue('');
    await expect(notice).toHaveCount(0);
    expect(deviceRequests).toEqual([]);
    expect(failed).toEqual([]);

    // The Devices screen with both: how each is reached, and the away time set above.
    await page.setViewportSize(DESKTOP);
    await page.goto('settings/devices');
    await expect(page.getByTestId('device-cottage').getByTestId('device-away')).toHaveText('90 s');
    await checkA11y(`Devices screen with an MQTT device (${theme})`);
    await snapshot(`devices-mqtt-desktop-${theme}`);
    await page.setViewportSize(PHONE);
    await snapshot(`devices-mqtt-360-${theme}`);
  });
}
