import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportControlStatus } from '@heliodtu/contract/export-control';
import type { LimitStatus } from '@heliodtu/contract/limit';
import { CompanionFleet } from '../src/export-control/companion-fleet.js';
import { DEFAULT_EXPORT_CONTROL_CONFIG } from '../src/export-control/export-control-settings.js';
import type { SimLimitCommand } from '../src/routes/sim-test.js';
import { basicAuth } from './helpers/build-test-app.js';
import { startCompanionApp } from './helpers/companion-app.js';
import { spyControl } from './helpers/export-control-spy.js';
import { httpMeterSettings, startHouseMeter } from './helpers/house-meter.js';
import { startGatewayProcess, type GatewayProcess } from './helpers/gateway-process.js';
import { HM_SERIAL, HMT_SERIAL } from './helpers/live-gateway.js';
import { waitFor } from './helpers/mqtt-watcher.js';

// Issue 35: export control's hands on a companion. Two devices, our gateway in simulation mode
// as child processes (the demo fleet on both: the same serials, told apart by the device), the
// roof on the reference firmware, the garage on current firmware. The devices count the limit
// commands they take by kind (SIM_TEST_API), so a persistent one would be seen where it lands.

const PASSWORD = 'openDTU42';
const cleanups: (() => Promise<void>)[] = [];
let roof: GatewayProcess;
let garage: GatewayProcess;

const simulated = (firmware: string): Record<string, string> => ({
  SIM_START: '2025-06-21T12:00:00',
  SIM_SPEED: '4',
  SIM_WEATHER: 'clear',
  SIM_FIRMWARE: firmware,
  SIM_TEST_API: '1',
  HISTORY: 'off',
});

beforeAll(async () => {
  [roof, garage] = await Promise.all([
    startGatewayProcess({
      env: simulated('v24.11.7'),
      onFinished: (cleanup) => cleanups.push(cleanup),
    }),
    startGatewayProcess({
      env: simulated('v26.3.30'),
      onFinished: (cleanup) => cleanups.push(cleanup),
    }),
  ]);
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The limit commands a device took, as it counted them. */
async function limitsTaken(device: GatewayProcess) {
  const answer = await fetch(`${device.url}/api/test/sim-limits`, {
    headers: { authorization: basicAuth(PASSWORD) },
  });
  return (await answer.json()) as {
    temporary: number;
    persistent: number;
    last: SimLimitCommand[];
  };
}

describe('the fleet of a companion with several devices', () => {
  it('reports every device’s inverters, sends each device temporary limits and reads them back', async () => {
    const companion = await startCompanionApp('', '', {
      devices: [
        { name: 'Roof', url: roof.url, password: PASSWORD },
        { name: 'Garage', url: garage.url, password: PASSWORD },
      ],
    });
    const fleet = new CompanionFleet({
      registry: companion.app.devices!,
      clock: companion.app.clock,
    });
    const find = (device: string, serial: string) =>
      fleet.inverters().find((i) => i.device === device && i.serial === serial);

    await waitFor(
      () =>
        ['roof', 'garage'].every((device) =>
          [HM_SERIAL, HMT_SERIAL].every((serial) => {
            const inverter = find(device, serial);
            return inverter?.reachable && inverter.max_power_w !== null && inverter.power_w! > 0;
          }),
        ),
      'both devices’ inverters with power and max power',
      40_000,
    );
    expect(find('roof', HM_SERIAL)?.max_power_w).toBe(800);
    expect(find('garage', HMT_SERIAL)?.max_power_w).toBe(2250);
    expect(find('garage', HMT_SERIAL)?.inputs_w).toHaveLength(6);

    const sentAt = fleet.now();
    await Promise.all([
      fleet.sendTemporaryLimit('roof', HM_SERIAL, 300),
      fleet.sendTemporaryLimit('garage', HMT_SERIAL, 1000),
    ]);
    const confirmed = (device: string, serial: string, watts: number) => {
      const inverter = find(device, serial);
      return (
        inverter?.readback_w != null &&
        Math.abs(inverter.readback_w - watts) <= watts * 0.02 &&
        inverter.readback_at !== null &&
        inverter.readback_at >= sentAt
      );
    };
    await waitFor(
      () => confirmed('roof', HM_SERIAL, 300) && confirmed('garage', HMT_SERIAL, 1000),
      'both limits read back',
      40_000,
    );
    // The other device's inverter of the same serial was left alone.
    expect(find('garage', HM_SERIAL)?.readback_w).not.toBe(300);

    const [roofTaken, garageTaken] = await Promise.all([limitsTaken(roof), limitsTaken(garage)]);
    expect(roofTaken).toMatchObject({ temporary: 1, persistent: 0 });
    expect(roofTaken.last).toEqual([
      { serial: HM_SERIAL, value: 300, relative: false, persistent: false },
    ]);
    expect(garageTaken).toMatchObject({ temporary: 1, persistent: 0 });
    expect(garageTaken.last).toEqual([
      { serial: HMT_SERIAL, value: 1000, relative: false, persistent: false },
    ]);
    fleet.close();
  }, 120_000);

  it('refuses plainly what a device refuses or cannot take, and marks a device away unreachable', async () => {
    const companion = await startCompanionApp('', '', {
      devices: [
        { name: 'Roof', url: roof.url, password: PASSWORD },
        { name: 'Garage', url: garage.url, password: PASSWORD },
      ],
    });
    const fleet = new CompanionFleet({
      registry: companion.app.devices!,
      clock: companion.app.clock,
    });
    await waitFor(
      () => fleet.inverters().filter((i) => i.reachable).length === 6,
      'six inverters',
      40_000,
    );
    await expect(fleet.sendTemporaryLimit('cellar', HM_SERIAL, 300)).rejects.toThrow(
      'No device cellar behind this gateway',
    );
    await expect(fleet.sendTemporaryLimit('roof', '999999999999', 300)).rejects.toThrow(
      /Device roof refused the limit for 999999999999/,
    );
    await expect(fleet.sendTemporaryLimit('roof', HM_SERIAL, 3000)).rejects.toThrow('0–2250 W');

    await garage.kill();
    await waitFor(
      () =>
        fleet
          .inverters()
          .filter((i) => i.device === 'garage')
          .every((i) => !i.reachable),
      'the garage inverters unreachable',
      20_000,
    );
    expect(fleet.inverters().filter((i) => i.device === 'roof' && i.reachable)).toHaveLength(3);
    await expect(fleet.sendTemporaryLimit('garage', HM_SERIAL, 300)).rejects.toThrow(
      /Device garage is away/,
    );
    await garage.start();
    fleet.close();
  }, 120_000);
});

describe('an owner’s limit through the companion', () => {
  it('tells control which device and inverter took it, unprefixed or by device; not a refused one', async () => {
    const spy = spyControl();
    const companion = await startCompanionApp('', '', {
      devices: [
        { name: 'Roof', url: roof.url, password: PASSWORD },
        { name: 'Garage', url: garage.url, password: PASSWORD },
      ],
      exportControl: spy.options,
    });
    await waitFor(
      () => companion.app.devices!.list().every((d) => d.companion.live.hasInverter(HMT_SERIAL)),
      'both devices’ live data',
      30_000,
    );
    const limit = async (urlPath: string, data: unknown) => {
      const body = new FormData();
      body.append('data', JSON.stringify(data));
      return (await (await companion.fetch(urlPath, { method: 'POST', body })).json()) as {
        type: string;
      };
    };
    const garageBefore = (await limitsTaken(garage)).temporary;
    expect(
      await limit('/dtu/garage/api/limit/config', {
        serial: HMT_SERIAL,
        limit_value: 1500,
        limit_type: 0,
      }),
    ).toMatchObject({ type: 'success' });
    expect(spy.calls.manual).toEqual([['garage', HMT_SERIAL]]);
    expect((await limitsTaken(garage)).temporary).toBe(garageBefore + 1);
    // Unprefixed: the first device holding the serial (the roof).
    expect(
      await limit('/api/limit/config', { serial: HM_SERIAL, limit_value: 50, limit_type: 1 }),
    ).toMatchObject({ type: 'success' });
    expect(spy.calls.manual).toEqual([
      ['garage', HMT_SERIAL],
      ['roof', HM_SERIAL],
    ]);
    // Refused by the device (an inverter it does not have, a type it does not know): nothing.
    expect(
      await limit('/dtu/roof/api/limit/config', {
        serial: '999999999999',
        limit_value: 50,
        limit_type: 0,
      }),
    ).toMatchObject({ type: 'warning' });
    expect(
      await limit('/api/limit/config', { serial: HM_SERIAL, limit_value: 50, limit_type: 9 }),
    ).toMatchObject({ type: 'warning' });
    expect(spy.calls.manual).toHaveLength(2);
  }, 90_000);

  it('tells it on a companion of one device too (its body is otherwise streamed unread)', async () => {
    const spy = spyControl();
    const companion = await startCompanionApp(roof.url, PASSWORD, { exportControl: spy.options });
    await waitFor(
      () => companion.app.devices!.first?.companion.live.hasInverter(HM_SERIAL),
      'roof',
    );
    const body = new FormData();
    body.append('data', JSON.stringify({ serial: HM_SERIAL, limit_value: 80, limit_type: 1 }));
    const answer = await companion.fetch('/api/limit/config', { method: 'POST', body });
    expect(await answer.json()).toMatchObject({ type: 'success' });
    expect(spy.calls.manual).toEqual([['dtu', HM_SERIAL]]);
  }, 60_000);
});

describe('export control across the devices of a companion', () => {
  it('governs inverters of both devices together, temporary limits only, and gives them back on stop', async () => {
    const OWNER_W = 2000;
    const limitStatus = async (device: GatewayProcess) => {
      const answer = await fetch(`${device.url}/api/limit/status`, {
        headers: { authorization: basicAuth(PASSWORD) },
      });
      return ((await answer.json()) as LimitStatus)[HMT_SERIAL]!;
    };
    // A DTU turns an absolute limit into its relative read-back only once it knows the
    // inverter's maximum (read from the inverter after start), as an owner's dialog waits too.
    await waitFor(
      async () =>
        (await limitStatus(roof)).max_power > 0 && (await limitStatus(garage)).max_power > 0,
      'both devices know the HMT maximum',
      120_000,
    );
    // The owner's own limit on both devices' HMT first: what control must give back.
    for (const device of [roof, garage]) {
      const body = new FormData();
      body.append(
        'data',
        JSON.stringify({ serial: HMT_SERIAL, limit_value: OWNER_W, limit_type: 0 }),
      );
      const sent = await fetch(`${device.url}/api/limit/config`, {
        method: 'POST',
        headers: { authorization: basicAuth(PASSWORD) },
        body,
      });
      expect(await sent.json()).toMatchObject({ type: 'success' });
    }
    const companion = await startCompanionApp('', '', {
      devices: [
        { name: 'Roof', url: roof.url, password: PASSWORD },
        { name: 'Garage', url: garage.url, password: PASSWORD },
      ],
    });
    const registry = companion.app.devices!;
    const production = () =>
      registry
        .list()
        .flatMap(({ companion: c }) =>
          c.live
            .inverterSerials()
            .map((s) => c.live.liveData(s).inverters[0]?.AC['0']?.Power.v ?? 0),
        )
        .reduce((sum, watts) => sum + watts, 0);
    const meter = await startHouseMeter(production, 800);
    const post = async (urlPath: string, data: unknown) => {
      const body = new FormData();
      body.append('data', JSON.stringify(data));
      return (await (await companion.fetch(urlPath, { method: 'POST', body })).json()) as Record<
        string,
        unknown
      >;
    };
    expect(await post('/api/gridmeter/config', httpMeterSettings(meter.url))).toMatchObject({
      ok: true,
    });
    const readback = async (device: GatewayProcess) => {
      const entry = await limitStatus(device);
      return (entry.limit_relative * entry.max_power) / 100;
    };
    await waitFor(
      async () =>
        Math.abs((await readback(roof)) - OWNER_W) < 40 &&
        Math.abs((await readback(garage)) - OWNER_W) < 40,
      'the owner limits read back on both devices',
      30_000,
    );
    const governed = (device: string) => ({
      device,
      serial: HMT_SERIAL,
      lower_w: 50,
      upper_w: 2250,
      fallback_w: null,
      restore_w: null,
    });
    const saved = await post('/api/exportcontrol/config', {
      ...DEFAULT_EXPORT_CONTROL_CONFIG,
      enabled: true,
      inverters: [governed('roof'), governed('garage')],
    });
    expect(saved).toMatchObject({ ok: true });
    const status = async () =>
      (await (await companion.fetch('/api/exportcontrol/status')).json()) as ExportControlStatus;
    await waitFor(
      async () => {
        const { inverters } = await status();
        return (
          inverters.length === 2 &&
          inverters.every(
            (i) =>
              i.confirmed &&
              i.taken_over_w !== null &&
              i.readback_w !== null &&
              i.readback_w < 1800,
          )
        );
      },
      'both devices’ HMT limited and confirmed',
      120_000,
    );
    // Taken over as read back: the relative limit the device reports, times its maximum.
    const taken = (await status()).inverters.map((i) => [i.device, i.taken_over_w] as const);
    expect(taken.map(([device]) => device)).toEqual(['roof', 'garage']);
    for (const [, watts] of taken) expect(watts).toBeCloseTo(OWNER_W, 0);
    expect(await readback(roof)).toBeLessThan(1800);
    expect(await readback(garage)).toBeLessThan(1800);
    const [roofTaken, garageTaken] = await Promise.all([limitsTaken(roof), limitsTaken(garage)]);
    expect(roofTaken.persistent).toBe(0);
    expect(garageTaken.persistent).toBe(0);
    expect(roofTaken.last.at(-1)).toMatchObject({ serial: HMT_SERIAL, relative: false });

    // Stopping the companion gives both inverters their own limit back, through their devices.
    await companion.app.close();
    await waitFor(
      async () =>
        Math.abs((await readback(roof)) - OWNER_W) < 40 &&
        Math.abs((await readback(garage)) - OWNER_W) < 40,
      'both limits given back',
      20_000,
    );
    expect((await limitsTaken(roof)).persistent).toBe(0);
    expect((await limitsTaken(garage)).persistent).toBe(0);
  }, 240_000);
});
