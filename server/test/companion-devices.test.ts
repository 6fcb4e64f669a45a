import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ApiCodeCompanion } from '@heliodtu/contract/codes';
import {
  CompanionStatusSchema,
  DeviceListSchema,
  DEVICES_PATH,
  devicePath,
} from '@heliodtu/contract/companion';
import { HistoryDaySchema, HistoryPeriodSchema } from '@heliodtu/contract/history';
import { LiveDataStatusSchema, type LiveDataStatus } from '@heliodtu/contract/live-data';
import { DEVICES_FILE } from '../src/store/devices-file.js';
import { basicAuth } from './helpers/build-test-app.js';
import { startCompanionApp, type CompanionApp } from './helpers/companion-app.js';
import { startCountingProxy, type CountingProxy } from './helpers/counting-proxy.js';
import {
  lockGatewayProcess,
  startGatewayProcess,
  type GatewayProcess,
} from './helpers/gateway-process.js';
import { DEMO_SERIALS, waitFor } from './helpers/live-gateway.js';
import { openSocket, wsUrl } from './helpers/ws-client.js';

/**
 * Issue 27, several devices behind one companion: three simulated gateways on their own ports
 * (different seeds and fleets: the demo fleet, and one added inverter each on the others),
 * each locked with its own password behind a counting proxy, and the companion in front.
 */

const PASSWORDS = ['Roof-Pass-11', 'Garage-Pass-22', 'Barn-Pass-33'];
const NAMES = ['Roof', 'Garage', 'Barn'];
const IDS = ['roof', 'garage', 'barn'];
/** The one inverter each of the second and third device has (HM-300 serials). */
const OWN_SERIALS = [null, '112100000002', '112100000003'];
/** Lint findings promtool reports for the device's own metric names (as in prometheus.test.ts). */
const ACCEPTED_LINT = [
  / metric names should be written in 'snake_case' not 'camelCase'$/,
  / no help text$/,
  / counter metrics should have "_total" suffix$/,
];
const simEnv = (seed: number, fleet: 'demo' | 'none') => ({
  SIM_FLEET: fleet,
  SIM_SEED: String(seed),
  SIM_START: '2025-06-21T12:00:00',
  SIM_SPEED: '20',
  HISTORY: 'off',
});

let devices: GatewayProcess[] = [];
let proxies: CountingProxy[] = [];
const cleanups: (() => Promise<void>)[] = [];

const form = (data: unknown) => {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  return body;
};

beforeAll(async () => {
  devices = await Promise.all(
    [0, 1, 2].map((i) =>
      startGatewayProcess({
        env: simEnv(i + 1, i === 0 ? 'demo' : 'none'),
        onFinished: (c) => cleanups.push(c),
      }),
    ),
  );
  await Promise.all(
    devices.map(async (device, i) => {
      const serial = OWN_SERIALS[i];
      if (serial) {
        const added = await fetch(`${device.url}/api/inverter/add`, {
          method: 'POST',
          headers: { authorization: basicAuth('openDTU42') },
          body: form({ serial, name: `${NAMES[i]} inverter` }),
        });
        expect(await added.json()).toMatchObject({ type: 'success' });
      }
      await lockGatewayProcess(device, PASSWORDS[i]!);
    }),
  );
  proxies = await Promise.all(
    devices.map((device) => startCountingProxy(device.port, (c) => cleanups.push(c))),
  );
}, 90_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const envDevices = (count = 3) =>
  [0, 1, 2]
    .slice(0, count)
    .map((i) => ({ name: NAMES[i]!, url: proxies[i]!.url, password: PASSWORDS[i]! }));

const liveStatus = async (companion: CompanionApp, urlPath = '/api/livedata/status') => {
  const answer = await companion.fetch(urlPath);
  expect(answer.status).toBe(200);
  return LiveDataStatusSchema.parse(await answer.json());
};

/** Every device's inverters are in the companion's merged live data. */
const waitForAllInverters = (companion: CompanionApp, count: number) =>
  waitFor(
    async () => {
      const status = await liveStatus(companion);
      return status.inverters.length === count ? status : undefined;
    },
    20_000,
    `${count} inverters in the merged live data`,
  );

const serialsOf = (status: LiveDataStatus) => status.inverters.map((i) => [i.dtu, i.serial]);

describe('several devices: live data', () => {
  it('lists every device inverter tagged with its device, the totals the sum of the devices', async () => {
    const companion = await startCompanionApp('', '', { devices: envDevices() });
    await waitForAllInverters(companion, DEMO_SERIALS.length + 2);
    // The relay shares one device answer per second and query: the per-device reads right
    // after the merged one are the very answers it added up. Asked until every device produces.
    const { merged, own } = await waitFor(
      async () => {
        const merged = await liveStatus(companion);
        const own = await Promise.all(
          IDS.map((id) => liveStatus(companion, devicePath(id, '/api/livedata/status'))),
        );
        const producing = own.every((status) => (status.total.Power.v ?? 0) > 0);
        // On a busy machine a second may pass between the reads: then the shared answers differ
        // and the reads are taken again (a wrong sum never matches and times out).
        const ownPower = own.reduce((total, status) => total + (status.total.Power.v ?? 0), 0);
        const sameMoment = Math.abs((merged.total.Power.v ?? 0) - ownPower) < 0.05;
        return producing && sameMoment ? { merged, own } : undefined;
      },
      30_000,
      'every device producing, read at one moment',
    );
    expect(serialsOf(merged)).toEqual([
      ...DEMO_SERIALS.map((serial) => ['roof', serial]),
      ['garage', OWN_SERIALS[1]],
      ['barn', OWN_SERIALS[2]],
    ]);
    expect(serialsOf(merged)).toEqual(own.flatMap(serialsOf));
    const sum = (key: 'Power' | 'YieldDay' | 'YieldTotal') =>
      own.reduce((total, status) => total + (status.total[key].v ?? 0), 0);
    expect(merged.total.Power.v).toBeCloseTo(sum('Power'), 1);
    expect(merged.total.YieldDay.v).toBeCloseTo(sum('YieldDay'), 0);
    expect(merged.total.YieldTotal.v).toBeCloseTo(sum('YieldTotal'), 3);
    expect(merged.total.Power.v).toBeGreaterThan(own[0]!.total.Power.v ?? 0);
    expect(merged.total.YieldTotal).toMatchObject({ u: 'kWh', d: 3 });
    // An inverter's own read goes to the device holding it.
    const barnInverter = await liveStatus(companion, `/api/livedata/status?inv=${OWN_SERIALS[2]}`);
    expect(serialsOf(barnInverter)).toEqual([['barn', OWN_SERIALS[2]]]);
  }, 60_000);

  it('sends every device inverter on one socket, tagged, with the total of all devices', async () => {
    const companion = await startCompanionApp('', '', { devices: envDevices() });
    await waitForAllInverters(companion, DEMO_SERIALS.length + 2);
    const socket = await openSocket(wsUrl(companion.url, '/livedata'));
    for (const [i, id] of IDS.entries()) {
      const serial = OWN_SERIALS[i] ?? DEMO_SERIALS[0]!;
      await socket.next(
        (text) => text.includes(`"serial":"${serial}"`) && text.includes(`"dtu":"${id}"`),
        10_000,
      );
    }
    const frame = JSON.parse(socket.messages.at(-1)!) as LiveDataStatus;
    const registry = companion.app.devices!;
    const expected = registry
      .list()
      .reduce((sum, device) => sum + (device.companion.live.lastTotal?.YieldTotal.v ?? 0), 0);
    // The frame's total was taken a moment ago; the lifetime counters move slowly.
    expect(frame.total.YieldTotal.v).toBeCloseTo(expected, 0);
    // One device's own socket: its frames as the device sent them, untagged.
    const own = await openSocket(wsUrl(companion.url, devicePath('barn', '/livedata')));
    const barnFrame = JSON.parse(await own.next(() => true, 10_000)) as LiveDataStatus;
    expect(barnFrame.inverters.map((i) => [i.serial, i.dtu])).toEqual([
      [OWN_SERIALS[2], undefined],
    ]);
  }, 60_000);

  it('keeps the other devices going while one is away, and takes it back when it returns', async () => {
    const companion = await startCompanionApp('', '', { devices: envDevices() });
    await waitForAllInverters(companion, DEMO_SERIALS.length + 2);
    const socket = await openSocket(wsUrl(companion.url, '/livedata'));
    const status = async () =>
      CompanionStatusSchema.parse(await (await companion.fetch('/api/companion/status')).json());
    await devices[1]!.kill();
    const killedAt = Date.now();
    const away = await waitFor(
      async () =>
        (await status()).devices.find((d) => d.id === 'garage' && d.unreachable_since !== null),
      10_000,
      'the garage away',
    );
    expect(away.reachable).toBe(false);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    const from = socket.messages.length;
    await socket.next((text) => text.includes('"dtu":"roof"'), 12_000, from);
    await socket.next((text) => text.includes('"dtu":"barn"'), 12_000, from);
    // The away device's inverter stays in the live data, its age growing.
    const during = await liveStatus(companion);
    expect(serialsOf(during)).toContainEqual(['garage', OWN_SERIALS[1]]);
    expect((await status()).devices.map((d) => [d.id, d.reachable])).toEqual([
      ['roof', true],
      ['garage', false],
      ['barn', true],
    ]);
    await devices[1]!.start();
    await waitFor(
      async () => (await status()).devices.find((d) => d.id === 'garage' && d.reachable),
      15_000,
      'the garage back',
    );
    const back = socket.messages.length;
    await socket.next((text) => text.includes('"dtu":"garage"'), 15_000, back);
  }, 90_000);
});

describe('several devices: one device at a time', () => {
  it('sends a limit with a device prefix to that device only, an unprefixed one to the holder', async () => {
    const companion = await startCompanionApp('', '', { devices: envDevices() });
    await waitForAllInverters(companion, DEMO_SERIALS.length + 2);
    const before = proxies.map((proxy) => proxy.count('POST', '/api/limit/config'));
    const limit = (serial: string) => form({ serial, limit_type: 1, limit_value: 50 });
    const prefixed = await companion.fetch(devicePath('garage', '/api/limit/config'), {
      method: 'POST',
      body: limit(OWN_SERIALS[1]!),
    });
    expect(await prefixed.json()).toMatchObject({ type: 'success' });
    await waitFor(() => proxies[1]!.count('POST', '/api/limit/config') === before[1]! + 1);
    expect(proxies.map((proxy) => proxy.count('POST', '/api/limit/config'))).toEqual([
      before[0],
      before[1]! + 1,
      before[2],
    ]);
    // Without a prefix the serial decides: the barn holds this one.
    const unprefixed = await companion.fetch('/api/limit/config', {
      method: 'POST',
      body: limit(OWN_SERIALS[2]!),
    });
    expect(await unprefixed.json()).toMatchObject({ type: 'success' });
    await waitFor(() => proxies[2]!.count('POST', '/api/limit/config') === before[2]! + 1);
    expect(proxies[0]!.count('POST', '/api/limit/config')).toBe(before[0]);
    expect(proxies[1]!.count('POST', '/api/limit/config')).toBe(before[1]! + 1);
  }, 60_000);

  it("saves an NTP setting with the third device's prefix in its config.json only", async () => {
    const companion = await startCompanionApp('', '', { devices: envDevices() });
    const configs = () =>
      Promise.all(
        devices.map((device) => readFile(path.join(device.dataDir, 'config.json'), 'utf8')),
      );
    const before = await configs();
    const read = await companion.fetch(devicePath('barn', '/api/ntp/config'));
    const ntp = (await read.json()) as Record<string, unknown>;
    const answer = await companion.fetch(devicePath('barn', '/api/ntp/config'), {
      method: 'POST',
      body: form({ ...ntp, ntp_server: 'ntp.barn.test' }),
    });
    expect(await answer.json()).toMatchObject({ type: 'success' });
    const after = await waitFor(async () => {
      const now = await configs();
      return now[2]!.includes('ntp.barn.test') ? now : undefined;
    });
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  }, 60_000);

  it('answers a device id it does not know with 404, never another device', async () => {
    const companion = await startCompanionApp('', '', { devices: envDevices(2) });
    const before = proxies.map((proxy) => proxy.requests().length);
    const answer = await companion.fetch(devicePath('barn', '/api/ntp/config'));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: ApiCodeCompanion.DeviceUnknown });
    await expect(openSocket(wsUrl(companion.url, devicePath('nope', '/livedata')))).rejects.toThrow(
      /404/,
    );
    // Only the companion's own device reads (live socket, probe) went out, none for this request.
    expect(proxies[2]!.requests().length).toBe(before[2]);
  }, 30_000);
});

describe('several devices: the Devices screen', () => {
  it('adds a device only when it answers, lists it without its password, and removes it', async () => {
    const companion = await startCompanionApp('', '', { devices: envDevices(1) });
    const file = path.join(companion.dataDir, DEVICES_FILE);
    const post = async (action: string, data: unknown) =>
      (
        await companion.fetch(`${DEVICES_PATH}/${action}`, { method: 'POST', body: form(data) })
      ).json();
    const garage = { name: 'Garage', url: proxies[1]!.url, user: 'admin' };

    const wrong = await post('add', { ...garage, password: 'not-it' });
    expect(wrong).toMatchObject({
      code: ApiCodeCompanion.DeviceProblem,
      problem: 'wrong-password',
    });
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    const tested = await post('test', { ...garage, password: PASSWORDS[1] });
    expect(tested).toMatchObject({ type: 'success', code: ApiCodeCompanion.DeviceReachable });
    await expect(stat(file)).rejects.toThrow(/ENOENT/);

    // An away time is for a device on a broker: refused for an HTTP one, nothing saved.
    const withAway = (await post('add', { ...garage, password: PASSWORDS[1], away_s: 60 })) as {
      message: string;
    };
    expect(withAway).toMatchObject({ code: ApiCodeCompanion.DeviceAwayInvalid });
    expect(withAway.message).toContain('only for a device on an MQTT broker');
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    const added = await post('add', { ...garage, password: PASSWORDS[1] });
    expect(added).toMatchObject({ type: 'success', code: ApiCodeCompanion.DeviceAdded });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8')) as unknown;
    expect(stored).toMatchObject({
      devices: [{ id: 'garage', name: 'Garage', password: PASSWORDS[1] }],
      order: ['roof', 'garage'],
    });
    const list = await (await companion.fetch(DEVICES_PATH)).text();
    expect(list).not.toContain(PASSWORDS[1]);
    expect(DeviceListSchema.parse(JSON.parse(list)).devices).toEqual([
      {
        id: 'roof',
        name: 'Roof',
        url: proxies[0]!.url,
        user: 'admin',
        has_password: true,
        origin: 'env',
        source: 'http',
      },
      {
        id: 'garage',
        name: 'Garage',
        url: proxies[1]!.url,
        user: 'admin',
        has_password: true,
        origin: 'screen',
        source: 'http',
      },
    ]);
    expect(await post('add', { ...garage, password: PASSWORDS[1] })).toMatchObject({
      code: ApiCodeCompanion.DeviceNameTaken,
    });
    // Live without a restart.
    await waitFor(
      async () => serialsOf(await liveStatus(companion)).some(([dtu]) => dtu === 'garage'),
      20_000,
      'the added device live',
    );
    const status = CompanionStatusSchema.parse(
      await (await companion.fetch('/api/companion/status')).json(),
    );
    expect(status.devices.map((d) => [d.id, d.name, d.origin])).toEqual([
      ['roof', 'Roof', 'env'],
      ['garage', 'Garage', 'screen'],
    ]);

    expect(await post('del', { id: 'roof' })).toMatchObject({
      code: ApiCodeCompanion.DeviceFromEnvironment,
    });
    expect(await post('order', { order: ['garage'] })).toMatchObject({
      code: ApiCodeCompanion.DeviceOrderInvalid,
    });
    expect(await post('order', { order: ['garage', 'roof'] })).toMatchObject({ type: 'success' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ order: ['garage', 'roof'] });
    expect(await post('del', { id: 'garage' })).toMatchObject({
      type: 'success',
      code: ApiCodeCompanion.DeviceDeleted,
    });
    const after = await liveStatus(companion);
    expect(after.inverters.map((i) => i.serial)).toEqual([...DEMO_SERIALS]);
    // One device again: its answers exactly OpenDTU's, no device tag.
    expect(after.inverters.every((i) => i.dtu === undefined)).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ devices: [], order: ['roof'] });
  }, 90_000);

  it('refuses a wrong password on a device whose read-only access is on (its status answers anyone)', async () => {
    // OpenDTU's default: read-only access on, so only its login check can tell the password.
    const open = await startGatewayProcess({ env: simEnv(9, 'none') });
    const companion = await startCompanionApp('', '', { devices: envDevices(1) });
    const file = path.join(companion.dataDir, DEVICES_FILE);
    const post = async (action: string, data: unknown) =>
      (
        await companion.fetch(`${DEVICES_PATH}/${action}`, { method: 'POST', body: form(data) })
      ).json();
    const shed = { name: 'Shed', url: open.url, user: 'admin' };
    for (const action of ['test', 'add']) {
      expect(await post(action, { ...shed, password: 'not-it' })).toMatchObject({
        code: ApiCodeCompanion.DeviceProblem,
        problem: 'wrong-password',
      });
    }
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    expect(await post('test', { ...shed, password: 'openDTU42' })).toMatchObject({
      type: 'success',
      code: ApiCodeCompanion.DeviceReachable,
    });
  }, 60_000);
});

describe('several devices: history', () => {
  it('records every device, answers one by dtu=, and exports with a device column', async () => {
    const companion = await startCompanionApp('', '', { devices: envDevices(), history: true });
    const history = companion.app.history!;
    await waitFor(
      () => {
        history.flush();
        return IDS.every((id) =>
          history.db.inverters(id).some((i) => history.db.buckets(i.id, 0, 2e9).length > 0),
        );
      },
      20_000,
      'a recorded poll on every device',
    );
    const range = async (query: string) => {
      const answer = await companion.fetch(`/api/history/range${query}`);
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const serials = (body: Record<string, unknown>) =>
      (body['inverters'] as { serial: string }[]).map((i) => i.serial);
    // Without dtu=: every device, each inverter with its device.
    const all = (await range('')).body['inverters'] as { dtu?: string; serial: string }[];
    expect(all.map((i) => [i.dtu, i.serial])).toEqual([
      ...DEMO_SERIALS.map((serial) => ['roof', serial]),
      ['garage', OWN_SERIALS[1]],
      ['barn', OWN_SERIALS[2]],
    ]);
    expect(serials((await range('?dtu=roof')).body)).toEqual([...DEMO_SERIALS]);
    expect(serials((await range('?dtu=garage')).body)).toEqual([OWN_SERIALS[1]]);
    expect(serials((await range('?dtu=barn')).body)).toEqual([OWN_SERIALS[2]]);
    expect(await range('?dtu=nope')).toMatchObject({
      status: 400,
      body: { error: 'unknown_device', param: 'dtu' },
    });
    const today = (await range('?dtu=barn')).body['today'] as string;
    const json = async (urlPath: string) => (await companion.fetch(urlPath)).json();
    // The day of all devices is the sum of each device's day; an inverter alone is its device's.
    const days = await Promise.all(
      ['', ...IDS.map((id) => `&dtu=${id}`)].map(async (query) =>
        HistoryDaySchema.parse(await json(`/api/history/day?date=${today}${query}`)),
      ),
    );
    const [allDay, ...ownDays] = days;
    expect(allDay!.inverters.map((i) => [i.dtu, i.serial])).toEqual([
      ...DEMO_SERIALS.map((serial) => ['roof', serial]),
      ['garage', OWN_SERIALS[1]],
      ['barn', OWN_SERIALS[2]],
    ]);
    const ownSum = ownDays.reduce((sum, d) => sum + d.total.yield_wh, 0);
    expect(allDay!.total.yield_wh).toBeCloseTo(ownSum, 0);
    const oneInverter = HistoryDaySchema.parse(
      await json(`/api/history/day?date=${today}&serial=${OWN_SERIALS[2]}`),
    );
    expect(oneInverter.inverters.map((i) => i.serial)).toEqual([OWN_SERIALS[2]]);
    const month = HistoryPeriodSchema.parse(
      await json(`/api/history/month?month=${today.slice(0, 7)}`),
    );
    expect(new Set(month.inverters.map((i) => i.dtu))).toEqual(new Set(IDS));
    const allCsv = await (
      await companion.fetch(`/api/history/export.csv?from=${today}&to=${today}&resolution=day`)
    ).text();
    const devicesInCsv = allCsv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(',').at(-1));
    expect(new Set(devicesInCsv)).toEqual(new Set(IDS));
    const csv = await (
      await companion.fetch(`/api/history/export.csv?from=${today}&to=${today}&dtu=barn`)
    ).text();
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header!.split(',').at(-1)).toBe('device');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.split(',')[1]).toBe(OWN_SERIALS[2]);
      expect(row.split(',').at(-1)).toBe('barn');
    }
  }, 60_000);
});

describe('several devices: metrics and the same serial twice', () => {
  it('serves every device metrics with a dtu label, one series each, promtool-clean', async () => {
    // The roof device twice, as a moved or doubly configured inverter would look: same serials.
    const companion = await startCompanionApp('', '', {
      devices: [...envDevices(), { name: 'Attic', url: proxies[0]!.url, password: PASSWORDS[0]! }],
    });
    await waitForAllInverters(companion, DEMO_SERIALS.length * 2 + 2);
    // Once every device has sent channel values, the scrape holds every kind of line.
    const text = await waitFor(
      async () => {
        const answer = await companion.fetch('/api/prometheus/metrics');
        expect(answer.status).toBe(200);
        const body = await answer.text();
        return ['roof', 'garage', 'barn', 'attic'].every((id) =>
          body.includes(`opendtu_YieldTotal{dtu="${id}"`),
        )
          ? body
          : undefined;
      },
      20_000,
      'channel metrics of every device',
    );
    for (const id of [...IDS, 'attic']) expect(text).toContain(`heliodtu_device_up{dtu="${id}"} 1`);
    expect(text).toContain(`opendtu_last_update{dtu="barn",serial="${OWN_SERIALS[2]}"`);
    expect(text).toContain(`opendtu_last_update{dtu="attic",serial="${DEMO_SERIALS[0]}"`);
    const series = text
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.slice(0, line.lastIndexOf(' ')));
    expect(new Set(series).size).toBe(series.length);
    const helps = text.split('\n').filter((line) => line.startsWith('# HELP '));
    expect(new Set(helps).size).toBe(helps.length);
    // promtool parses it (exit 3: lint findings only) and finds only what the device's own
    // names cause (kept for dashboards, as on the device, prometheus.test.ts), no duplicate or
    // split family.
    const checked = spawnSync('/usr/bin/promtool', ['check', 'metrics'], {
      input: text,
      encoding: 'utf8',
    });
    const findings = `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean);
    expect(findings.filter((line) => !ACCEPTED_LINT.some((lint) => lint.test(line)))).toEqual([]);
    expect(checked.status).toBe(3);
    // Shown on both devices, said once on the console, never merged.
    const live = await liveStatus(companion);
    expect(serialsOf(live).filter(([, serial]) => serial === DEMO_SERIALS[0])).toEqual([
      ['roof', DEMO_SERIALS[0]],
      ['attic', DEMO_SERIALS[0]],
    ]);
    const said = companion.app.consoleLog
      .backlog()
      .filter((line) => line.includes(`Inverter ${DEMO_SERIALS[0]} is on two devices`));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('attic and roof');
  }, 60_000);
});

describe('several devices: devices.json', () => {
  it('starts the devices saved there in the saved order, and edits them', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-devices-'));
    const file = path.join(dataDir, DEVICES_FILE);
    const saved = {
      devices: [
        {
          id: 'garage',
          name: 'Garage',
          url: proxies[1]!.url,
          user: 'admin',
          password: PASSWORDS[1],
        },
      ],
      order: ['garage', 'roof'],
    };
    await writeFile(file, JSON.stringify(saved));
    const companion = await startCompanionApp('', '', { devices: envDevices(1), dataDir });
    const status = async () =>
      CompanionStatusSchema.parse(await (await companion.fetch('/api/companion/status')).json())
        .devices;
    expect((await status()).map((d) => [d.id, d.origin])).toEqual([
      ['garage', 'screen'],
      ['roof', 'env'],
    ]);
    const post = async (action: string, data: unknown) =>
      (
        await companion.fetch(`${DEVICES_PATH}/${action}`, { method: 'POST', body: form(data) })
      ).json();
    const edit = { id: 'garage', name: 'Garage', url: proxies[1]!.url, user: 'admin' };

    // A wrong new password: refused, the file as it was.
    expect(await post('edit', { ...edit, password: 'wrong-one' })).toMatchObject({
      code: ApiCodeCompanion.DeviceProblem,
      problem: 'wrong-password',
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(saved);
    // A rename with the password left empty keeps the stored one and the id.
    expect(await post('edit', { ...edit, name: 'Big Garage', password: '' })).toMatchObject({
      code: ApiCodeCompanion.DeviceChanged,
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      ...saved,
      devices: [{ ...saved.devices[0], name: 'Big Garage' }],
    });
    expect((await status()).map((d) => [d.id, d.name])).toEqual([
      ['garage', 'Big Garage'],
      ['roof', 'Roof'],
    ]);
    expect(await post('edit', { ...edit, id: 'roof', password: '' })).toMatchObject({
      code: ApiCodeCompanion.DeviceFromEnvironment,
    });
    expect(await post('edit', { ...edit, name: 'roof', password: '' })).toMatchObject({
      code: ApiCodeCompanion.DeviceNameTaken,
    });
    expect(await post('add', { ...edit, name: '  ', password: 'x' })).toMatchObject({
      code: ApiCodeCompanion.DeviceNameInvalid,
    });
    expect(
      await post('add', { ...edit, name: 'Shed', url: 'ftp://x', password: 'x' }),
    ).toMatchObject({
      code: ApiCodeCompanion.DeviceUrlInvalid,
    });
  }, 60_000);

  it('refuses to start on a damaged devices.json, naming the file, never a password', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-devices-'));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    await writeFile(
      path.join(dataDir, DEVICES_FILE),
      JSON.stringify({
        devices: [{ id: 'Bad Id', name: 'x', url: 'http://x', user: 'a', password: 'Secret-9' }],
        order: [],
      }),
    );
    const error = await startCompanionApp('', '', { devices: envDevices(1), dataDir }).catch(
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/devices\.json has a bad entry at "devices\.0\.id"/);
    expect((error as Error).message).not.toContain('Secret-9');
  }, 30_000);
});

describe('several devices: DTU_URL', () => {
  it('starts from a named DTU_URL list with each device its own password', async () => {
    const companion = await startGatewayProcess({
      env: {
        DTU_URL: `Roof=${proxies[0]!.url}, Barn=${proxies[2]!.url}`,
        DTU_PASSWORD_ROOF: PASSWORDS[0]!,
        DTU_PASSWORD: PASSWORDS[2]!,
        HISTORY: 'off',
      },
    });
    const status = await waitFor(
      async () => {
        const answer = await fetch(`${companion.url}/api/companion/status`, {
          headers: { authorization: basicAuth('openDTU42') },
        });
        const devices = CompanionStatusSchema.parse(await answer.json()).devices;
        return devices.every((d) => d.git_hash !== null && d.inverter_count !== null)
          ? devices
          : undefined;
      },
      20_000,
      'both devices found',
    );
    expect(status.map((d) => [d.id, d.name, d.origin, d.problem, d.inverter_count])).toEqual([
      ['roof', 'Roof', 'env', null, DEMO_SERIALS.length],
      ['barn', 'Barn', 'env', null, 1],
    ]);
    expect(companion.output()).not.toContain(PASSWORDS[0]);
    expect(companion.output()).not.toContain(PASSWORDS[2]);
  }, 60_000);

  it('refuses a DTU_URL with two devices of one name before starting', async () => {
    const error = await startGatewayProcess({
      env: { DTU_URL: `Roof=${proxies[0]!.url},roof=${proxies[1]!.url}` },
    }).catch((e: unknown) => e as Error);
    expect((error as Error).message).toMatch(
      /exited \(2\): HelioDTU: DTU_URL: two devices named like "roof"/,
    );
  }, 30_000);
});
