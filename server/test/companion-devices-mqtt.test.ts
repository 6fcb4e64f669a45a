import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiCodeCompanion } from '@heliodtu/contract/codes';
import {
  CompanionStatusSchema,
  DEVICES_PATH,
  DeviceTestResultSchema,
} from '@heliodtu/contract/companion';
import { DEVICES_FILE } from '../src/store/devices-file.js';
import { startCompanionApp, type CompanionApp } from './helpers/companion-app.js';
import { freePort } from './helpers/mosquitto.js';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { waitFor } from './helpers/mqtt-watcher.js';
import { publishRetainedTree } from './helpers/published-tree.js';

/**
 * Issue 37 on the Devices screen: an `mqtt://` address with a base topic is tested on a real
 * Mosquitto (a listener for anyone and one with a password file) and added like an HTTP device.
 */
const LOGIN = { username: 'cottage-site', password: 'sun-on-the-roof' };
const suite = useMosquitto({ credentials: LOGIN });
const COTTAGE_INVERTERS = [
  { serial: '114181234567', name: 'Roof west' },
  { serial: '116181234568', name: 'Carport' },
];

const form = (data: unknown) => {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  return body;
};

async function post(companion: CompanionApp, action: string, data: unknown) {
  const answer = await companion.fetch(`${DEVICES_PATH}/${action}`, {
    method: 'POST',
    body: form(data),
  });
  expect(answer.status).toBe(200);
  return DeviceTestResultSchema.parse(await answer.json());
}

/** The tree under `prefix` on both listeners' broker (one broker: retained for every listener). */
async function publishCottage(prefix: string) {
  const publisher = await suite.watch('nothing/#');
  await publishRetainedTree(publisher.client, prefix, { hostname: 'Cottage' }, COTTAGE_INVERTERS);
}

/** A companion in front of one MQTT device (another base topic), so it is one with a list. */
async function companionOf(homePrefix: string) {
  const publisher = await suite.watch('nothing/#');
  await publishRetainedTree(publisher.client, homePrefix, { hostname: 'Home' }, [
    { serial: '114180000111', name: 'Garage' },
  ]);
  return startCompanionApp('', '', {
    devices: [{ name: 'Home', url: `${suite.broker.url}/${homePrefix}`, password: '' }],
  });
}

const authUrl = (prefix: string) => `mqtt://127.0.0.1:${suite.broker.authPort}/${prefix}`;

describe('the Devices screen with a device known by its MQTT topics', () => {
  it("finds the DTU's host name and its inverters under the base topic, within a moment", async () => {
    await publishCottage('found-a/');
    const companion = await companionOf('home-a/');
    const started = Date.now();
    const tested = await post(companion, 'test', {
      url: `${suite.broker.url}/found-a`,
      user: '',
      password: '',
    });
    expect(tested).toMatchObject({
      type: 'success',
      code: ApiCodeCompanion.DeviceReachable,
      found: { hostname: 'Cottage', inverters: 2 },
    });
    expect(tested.message).toMatch(/OpenDTU "Cottage" .* with 2 inverters/);
    // Retained topics come at once: no waiting out the 5 s bound.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('with the login the broker asks for: found; with a wrong password: the login refused', async () => {
    await publishCottage('found-b/');
    const companion = await companionOf('home-b/');
    const right = await post(companion, 'test', {
      url: authUrl('found-b/'),
      user: LOGIN.username,
      password: LOGIN.password,
    });
    expect(right).toMatchObject({ type: 'success', found: { hostname: 'Cottage', inverters: 2 } });
    const wrong = await post(companion, 'test', {
      url: authUrl('found-b/'),
      user: LOGIN.username,
      password: 'not-it',
    });
    expect(wrong).toMatchObject({
      code: ApiCodeCompanion.DeviceProblem,
      problem: 'wrong-password',
    });
    expect(wrong.message).toContain('refused the login');
    expect(wrong.message).not.toContain('not-it');
    const none = await post(companion, 'test', {
      url: authUrl('found-b/'),
      user: '',
      password: '',
    });
    expect(none).toMatchObject({
      code: ApiCodeCompanion.DeviceProblem,
      problem: 'password-needed',
    });
  });

  it('says plainly when nothing is published under the base topic, after a bounded wait', async () => {
    const companion = await companionOf('home-c/');
    const started = Date.now();
    const empty = await post(companion, 'test', {
      url: `${suite.broker.url}/no-dtu-here/`,
      user: '',
      password: '',
    });
    const waited = Date.now() - started;
    expect(empty).toMatchObject({ code: ApiCodeCompanion.DeviceProblem, problem: 'not-opendtu' });
    expect(empty.message).toContain('nothing is published under the base topic no-dtu-here/');
    expect(waited).toBeGreaterThanOrEqual(4500);
    expect(waited).toBeLessThan(8000);
  }, 20_000);

  it('says plainly when the broker cannot be reached, and refuses an address with a wildcard', async () => {
    const companion = await companionOf('home-d/');
    const nowhere = await post(companion, 'test', {
      url: `mqtt://127.0.0.1:${await freePort()}/solar/`,
      user: '',
      password: '',
    });
    expect(nowhere).toMatchObject({ code: ApiCodeCompanion.DeviceProblem, problem: 'refused' });
    expect(nowhere.message).toContain('refused the connection');
    const wildcard = await post(companion, 'add', {
      name: 'Odd',
      url: `${suite.broker.url}/solar/#`,
      user: '',
      password: '',
    });
    expect(wildcard).toMatchObject({ code: ApiCodeCompanion.DeviceUrlInvalid });
    await expect(stat(path.join(companion.dataDir, DEVICES_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('adds it like an HTTP device: kept in devices.json with its login, listed, its inverters live', async () => {
    await publishCottage('found-e/');
    const companion = await companionOf('home-e/');
    const added = await post(companion, 'add', {
      name: 'Cottage',
      url: authUrl('found-e'),
      user: LOGIN.username,
      password: LOGIN.password,
    });
    expect(added).toMatchObject({ type: 'success', code: ApiCodeCompanion.DeviceAdded });
    const stored = JSON.parse(
      await readFile(path.join(companion.dataDir, DEVICES_FILE), 'utf8'),
    ) as unknown;
    expect(stored).toMatchObject({
      devices: [
        {
          id: 'cottage',
          name: 'Cottage',
          url: authUrl('found-e/'),
          user: LOGIN.username,
          password: LOGIN.password,
        },
      ],
      order: ['home', 'cottage'],
    });
    const cottage = await waitFor(async () => {
      const status = CompanionStatusSchema.parse(
        await (await companion.fetch('/api/companion/status')).json(),
      );
      const device = status.devices.find((one) => one.id === 'cottage');
      return device?.reachable ? device : undefined;
    }, 'the added device heard');
    expect(cottage).toMatchObject({ source: 'mqtt', origin: 'screen', url: authUrl('found-e/') });
    const serials = await waitFor(async () => {
      const live = (await (await companion.fetch('/api/livedata/status')).json()) as {
        inverters: { serial: string }[];
      };
      const listed = live.inverters.map((inverter) => inverter.serial);
      return COTTAGE_INVERTERS.every(({ serial }) => listed.includes(serial)) ? listed : undefined;
    }, "the added device's inverters in the live data");
    expect(serials).toContain('114180000111');
  });
});
