import type { APIRequestContext, Page } from '@playwright/test';
import type { MqttConfig } from '@heliodtu/contract/mqtt';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';
import { readAreaConfig, writeAreaConfig, recordPosts } from '../fixtures/config-api.ts';

// The gateway is shared by every spec: each test reads the MQTT settings first and puts them
// back afterwards. MQTT is only ever switched on towards 127.0.0.1:1, where no broker listens.
const NO_BROKER = { host: '127.0.0.1', port: '1' };

const readConfig = (request: APIRequestContext) => readAreaConfig<MqttConfig>(request, 'mqtt');
const writeConfig = (request: APIRequestContext, config: MqttConfig) =>
  writeAreaConfig(request, 'mqtt', config);
const recordSaves = (page: Page) => recordPosts(page, '/api/mqtt/config');

// One after the other: a test that saves must not be another one's "original".
test.describe.configure({ mode: 'serial' });

let original: MqttConfig;

test.beforeEach(async ({ page }) => {
  original = await readConfig(page.request);
  await prepare(page, { authdata: ADMIN_AUTHDATA });
});

test.afterEach(async ({ page }) => {
  await writeConfig(page.request, original);
  expect(await readConfig(page.request)).toEqual(original);
});

const mqttSwitch = (page: Page) => page.getByRole('switch', { name: 'Enable MQTT' });
const sectionHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

async function openWithMqttOn(page: Page) {
  await page.goto('settings/mqtt');
  await expect(page.getByRole('heading', { level: 1, name: 'MQTT Settings' })).toBeVisible();
  await expect(mqttSwitch(page)).not.toBeChecked();
  await mqttSwitch(page).check();
  await page.getByLabel('Server', { exact: true }).fill(NO_BROKER.host);
  await page.getByLabel('Port', { exact: true }).fill(NO_BROKER.port);
}

test('a changed publish interval and base topic are saved and kept after a reload', async ({
  page,
}) => {
  const sent = recordSaves(page);
  await openWithMqttOn(page);
  const interval = original.mqtt_publish_interval === 17 ? 18 : 17;
  await page.getByLabel('Publish interval').fill(String(interval));
  await page.getByLabel('Base topic').fill('e2e-mqtt/');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Settings saved');

  // The whole object went out, with the stored root CA, so nothing else changed.
  expect(sent).toEqual([
    {
      ...original,
      mqtt_enabled: true,
      mqtt_hostname: NO_BROKER.host,
      mqtt_port: 1,
      mqtt_publish_interval: interval,
      mqtt_topic: 'e2e-mqtt/',
    },
  ]);

  await page.reload();
  await expect(mqttSwitch(page)).toBeChecked();
  await expect(page.getByLabel('Publish interval')).toHaveValue(String(interval));
  await expect(page.getByLabel('Base topic')).toHaveValue('e2e-mqtt/');
  await expect(page.getByLabel('Server', { exact: true })).toHaveValue(NO_BROKER.host);
});

test('bad values show their message and send nothing', async ({ page }) => {
  const sent = recordSaves(page);
  await openWithMqttOn(page);
  const topic = page.getByLabel('Base topic');
  await topic.fill('solar');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The topic must end with a slash (/).')).toBeVisible();
  await expect(topic).toBeFocused();

  await topic.fill('solar/');
  await page.getByLabel('Port', { exact: true }).fill('0');
  await page.getByLabel('Publish interval').fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The port must be a number from 1 to 65535.')).toBeVisible();
  await expect(
    page.getByText('The publish interval must be a number from 5 to 65535.'),
  ).toBeVisible();
  await expect(page.getByText('The topic must end with a slash (/).')).toHaveCount(0);
  await expect(page.getByLabel('Port', { exact: true })).toBeFocused();
  expect(sent).toEqual([]);
  expect(await readConfig(page.request)).toEqual(original);
});

test('sections follow the switches (spec §4)', async ({ page, checkA11y }) => {
  await page.goto('settings/mqtt');
  const hass = page.getByRole('switch', { name: 'Enable Home Assistant auto discovery' });
  await expect(mqttSwitch(page)).not.toBeChecked();
  await expect(hass).toHaveCount(0);
  await expect(sectionHeading(page, 'Broker')).toHaveCount(0);
  await expect(sectionHeading(page, 'Last will (LWT)')).toHaveCount(0);

  await mqttSwitch(page).check();
  await expect(sectionHeading(page, 'Broker')).toBeVisible();
  await expect(sectionHeading(page, 'Last will (LWT)')).toBeVisible();
  await expect(sectionHeading(page, 'Home Assistant auto discovery')).toHaveCount(0);
  await hass.check();
  await expect(sectionHeading(page, 'Home Assistant auto discovery')).toBeVisible();

  const rootCa = page.getByLabel('Root CA certificate');
  const certLogin = page.getByRole('switch', { name: 'Log in with a client certificate' });
  await expect(rootCa).toHaveCount(0);
  await expect(certLogin).toHaveCount(0);
  await page.getByRole('switch', { name: 'Use TLS' }).check();
  await expect(rootCa).toHaveValue(original.mqtt_root_ca_cert);
  await expect(page.getByLabel('Client certificate', { exact: true })).toHaveCount(0);
  await certLogin.check();
  await expect(page.getByLabel('Client certificate', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Client key')).toBeVisible();
  await checkA11y('MQTT settings, every section shown');

  await mqttSwitch(page).uncheck();
  await expect(hass).toHaveCount(0);
  await expect(sectionHeading(page, 'Broker')).toHaveCount(0);
  await expect(sectionHeading(page, 'Home Assistant auto discovery')).toHaveCount(0);
});
