import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiCodeCompanion } from '@heliodtu/contract/codes';
import {
  CompanionStatusSchema,
  DEVICES_PATH,
  DeviceListSchema,
  DeviceTestResultSchema,
} from '@heliodtu/contract/companion';
import { DEVICES_FILE } from '../src/store/devices-file.js';
import { startCompanionApp, type CompanionApp } from './helpers/companion-app.js';
import { startCompanionFromEnv } from './helpers/companion-env-app.js';
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

  it("keeps the owner's away time: out of range refused with nothing saved, in force at once without a restart", async () => {
    await publishCottage('away-f/');
    const companion = await companionOf('home-f/');
    const file = path.join(companion.dataDir, DEVICES_FILE);
    const cottage = { name: 'Cottage', url: `${suite.broker.url}/away-f/`, user: '', password: '' };
    for (const away_s of [9, 3601, 12.5]) {
      const refused = await post(companion, 'add', { ...cottage, away_s });
      expect(refused).toMatchObject({
        type: 'warning',
        code: ApiCodeCompanion.DeviceAwayInvalid,
        param: { min: 10, max: 3600 },
      });
      expect(refused.message).toContain('whole number of seconds from 10 to 3600');
      await expect(stat(file)).rejects.toThrow(/ENOENT/);
    }
    expect(await post(companion, 'add', { ...cottage, away_s: null })).toMatchObject({
      code: ApiCodeCompanion.DeviceAdded,
    });
    const list = async () =>
      DeviceListSchema.parse(await (await companion.fetch(DEVICES_PATH)).json());
    expect(await list()).toEqual({
      devices: [
        expect.objectContaining({ id: 'home', source: 'mqtt', away_s: null }),
        expect.objectContaining({ id: 'cottage', source: 'mqtt', away_s: null }),
      ],
      shared_away_s: null,
    });
    const link = () => companion.app.devices!.get('cottage')!.companion;
    const running = link();
    // Automatic: the retained tree came once, no publish interval known yet.
    expect(running.mqtt!.silenceMs).toBe(60_000);
    await waitFor(() => running.link.state === 'connected', 'the added device heard');

    const edited = await post(companion, 'edit', { ...cottage, id: 'cottage', away_s: 10 });
    expect(edited).toMatchObject({ code: ApiCodeCompanion.DeviceChanged });
    const stored = () => readFile(file, 'utf8').then((text) => JSON.parse(text) as unknown);
    expect(await stored()).toMatchObject({ devices: [{ id: 'cottage', away_s: 10 }] });
    expect((await list()).devices[1]).toMatchObject({ away_s: 10 });
    // The same link, not a new one: nothing restarted, the new time in force.
    expect(link()).toBe(running);
    expect(running.mqtt!.silenceMs).toBe(10_000);
    const refused = await post(companion, 'edit', { ...cottage, id: 'cottage', away_s: 4000 });
    expect(refused).toMatchObject({ code: ApiCodeCompanion.DeviceAwayInvalid });
    expect(await stored()).toMatchObject({ devices: [{ id: 'cottage', away_s: 10 }] });
    expect(running.mqtt!.silenceMs).toBe(10_000);
    // Nothing more is published under away-f/: away after 10 s of silence, not 60.
    await waitFor(() => running.link.state === 'away', 'the silent device away', 15_000);
    expect(running.problem?.message).toContain('nothing published for 10 s');
    // Absent on an edit keeps it; null goes back to the automatic time.
    await post(companion, 'edit', { ...cottage, id: 'cottage', name: 'Cottage' });
    expect(await stored()).toMatchObject({ devices: [{ id: 'cottage', away_s: 10 }] });
    await post(companion, 'edit', { ...cottage, id: 'cottage', away_s: null });
    expect(JSON.stringify(await stored())).not.toContain('away_s');
    expect(running.mqtt!.silenceMs).toBe(60_000);
  }, 40_000);

  it('lists DTU_URL devices with their own away time or none, and DTU_AWAY_S for the rest', async () => {
    const publisher = await suite.watch('nothing/#');
    for (const prefix of ['env-g/', 'env-h/', 'env-i/', 'env-j/']) {
      await publishRetainedTree(publisher.client, prefix, { hostname: prefix }, COTTAGE_INVERTERS);
    }
    const companion = await startCompanionFromEnv({
      DTU_URL: `Home=${suite.broker.url}/env-g/,Flat=${suite.broker.url}/env-h/`,
      DTU_AWAY_S: '120',
      DTU_AWAY_S_FLAT: '30',
    });
    expect(
      await post(companion, 'add', {
        name: 'Cottage',
        url: `${suite.broker.url}/env-i/`,
        user: '',
        password: '',
      }),
    ).toMatchObject({ code: ApiCodeCompanion.DeviceAdded });
    expect(
      await post(companion, 'add', {
        name: 'Garden',
        url: `${suite.broker.url}/env-j/`,
        user: '',
        password: '',
        away_s: 45,
      }),
    ).toMatchObject({ code: ApiCodeCompanion.DeviceAdded });
    const list = DeviceListSchema.parse(await (await companion.fetch(DEVICES_PATH)).json());
    expect(list.shared_away_s).toBe(120);
    expect(list.devices.map((d) => [d.id, d.origin, d.source, d.away_s])).toEqual([
      ['home', 'env', 'mqtt', null],
      ['flat', 'env', 'mqtt', 30],
      ['cottage', 'screen', 'mqtt', null],
      ['garden', 'screen', 'mqtt', 45],
    ]);
    const silenceOf = (id: string) => companion.app.devices!.get(id)!.companion.mqtt!.silenceMs;
    // A device's own time, else DTU_AWAY_S: the screen's device without one takes it too.
    expect(['home', 'flat', 'cottage', 'garden'].map(silenceOf)).toEqual([
      120_000, 30_000, 120_000, 45_000,
    ]);
  });
});
