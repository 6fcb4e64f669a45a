import { describe, expect, it } from 'vitest';
import type { LiveDataPartialStatus } from '@heliodtu/contract/live-data';
import type { SimulatedHouse } from '../src/device/house-sim.js';
import { readOptions } from '../src/env.js';
import { buildTestGateway } from './helpers/build-test-app.js';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { FAST_RECONNECT, connectMqtt } from './helpers/mqtt-gateway.js';
import { buildLiveGateway } from './helpers/live-gateway.js';

/**
 * The simulated house (power-control §2) end to end: the gateway, listening on a real port,
 * answers as a Shelly Pro 3EM on /rpc/… and publishes the meter on a real Mosquitto.
 */

const EM_FIELDS = [
  'id',
  ...['a', 'b', 'c'].flatMap((p) =>
    ['current', 'voltage', 'act_power', 'aprt_power', 'pf', 'freq'].map((f) => `${p}_${f}`),
  ),
  'n_current',
  'total_current',
  'total_act_power',
  'total_aprt_power',
  'user_calibrated_phase',
].sort();
const EMDATA_FIELDS = [
  'id',
  ...['a', 'b', 'c'].flatMap((p) => [`${p}_total_act_energy`, `${p}_total_act_ret_energy`]),
  'total_act',
  'total_act_ret',
].sort();

/** A sunny June noon with the demo fleet and the house. */
const HOUSE_DAY = {
  simFleet: 'demo',
  simMeter: 'house',
  simWeather: 'clear',
  simStart: '2026-06-22T12:30:00',
} as const;

async function json(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Record<string, unknown>;
}

const sumOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('the gateway as a Shelly Pro 3EM', () => {
  it('answers EM.GetStatus and EMData.GetStatus without a login, grid = house − fleet', async () => {
    // Time 20× and the clock synced at once: every inverter has been polled when this resolves.
    const gw = await buildLiveGateway(HOUSE_DAY);
    const house = gw.app.simulatedHouse as SimulatedHouse;
    expect(house).toBeDefined();

    const em = await json(await gw.request('GET', '/rpc/EM.GetStatus?id=0', { auth: null }));
    const at = gw.app.clock.now();
    expect(Object.keys(em).sort()).toEqual(EM_FIELDS);
    const consumption = sumOf(house.consumption(at).active);
    const physics = sumOf(gw.app.device.acOutputs().map((o) => o.watts));
    const live = (gw.app.device.liveData() as LiveDataPartialStatus).total.Power.v ?? 0;
    const total = em['total_act_power'] as number;
    // A sunny noon: the roof gives far more than the house draws.
    expect(physics).toBeGreaterThan(2000);
    expect(total).toBeLessThan(-1000);
    expect(Math.abs(total - (consumption - physics))).toBeLessThan(0.01 * physics + 20);
    // The DTU's live data is its last poll: close to what the meter sees, not the same instant.
    expect(Math.abs(total - (consumption - live))).toBeLessThan(0.03 * live + 30);
    const phases = ['a', 'b', 'c'].map((p) => em[`${p}_act_power`] as number);
    expect(Math.abs(sumOf(phases) - total)).toBeLessThan(0.3);

    const data = await json(await gw.request('GET', '/rpc/EMData.GetStatus?id=0', { auth: null }));
    expect(Object.keys(data).sort()).toEqual(EMDATA_FIELDS);
    const exported = ['a', 'b', 'c'].map((p) => data[`${p}_total_act_ret_energy`] as number);
    expect(Math.abs((data['total_act_ret'] as number) - sumOf(exported))).toBeLessThan(0.02);
    expect(data['total_act_ret']).toBeGreaterThan(0);

    const info = await json(await gw.request('GET', '/rpc/Shelly.GetDeviceInfo', { auth: null }));
    expect(info).toMatchObject({
      id: 'shellypro3em-heliodtu',
      gen: 2,
      app: 'Pro3EM',
      auth_en: false,
    });
    const whole = await json(await gw.request('GET', '/rpc/Shelly.GetStatus', { auth: null }));
    expect(Object.keys(whole['em:0'] as object).sort()).toEqual(EM_FIELDS);
    expect(Object.keys(whole['emdata:0'] as object).sort()).toEqual(EMDATA_FIELDS);
    expect(whole['sys']).toMatchObject({ mac: info['mac'], unixtime: expect.any(Number) });
    // Shelly matches method names without regard to case.
    expect((await gw.request('GET', '/rpc/em.getstatus?id=0', { auth: null })).status).toBe(200);

    // The meter port hands out the same figure.
    expect(Math.abs(house.reading().power_w - total)).toBeLessThan(15);
  }, 60_000);

  it("refuses a wrong id or method with Shelly's error JSON, never the interface's page", async () => {
    const gw = await buildTestGateway(HOUSE_DAY);
    const cases: [string, number, number][] = [
      ['/rpc/EM.GetStatus?id=1', 400, -105],
      ['/rpc/EMData.GetStatus?id=7', 400, -105],
      ['/rpc/EM.GetStatus', 400, -103],
      ['/rpc/EM.GetStatus?id=zero', 400, -103],
      ['/rpc/EM.GetStatus?id=0&id=1', 400, -103],
      ['/rpc/Switch.Set?id=0&on=true', 404, 404],
      ['/rpc/EM.GetStatus/extra', 404, 404],
    ];
    for (const [url, status, code] of cases) {
      const response = await gw.request('GET', url, { auth: null });
      expect([url, response.status]).toEqual([url, status]);
      expect(await json(response)).toMatchObject({ code, message: expect.any(String) });
    }
    // Still serving after all of them.
    expect((await gw.request('GET', '/rpc/EM.GetStatus?id=0', { auth: null })).status).toBe(200);
  });

  it('keeps counting its registers up across a reboot', async () => {
    const gw = await buildTestGateway(HOUSE_DAY);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = await json(
      await gw.request('GET', '/rpc/EMData.GetStatus?id=0', { auth: null }),
    );
    expect(before['total_act_ret']).toBeGreaterThan(0);
    const again = await gw.reboot();
    const after = await json(
      await again.request('GET', '/rpc/EMData.GetStatus?id=0', { auth: null }),
    );
    for (const key of EMDATA_FIELDS.filter((k) => k !== 'id')) {
      expect([key, (after[key] as number) >= (before[key] as number)]).toEqual([key, true]);
    }
  });

  it('is not there with SIM_METER=none: no house, /rpc/ is the interface as on a device', async () => {
    const gw = await buildTestGateway({ ...HOUSE_DAY, simMeter: 'none' });
    expect(gw.app.simulatedHouse).toBeUndefined();
    const response = await gw.request('GET', '/rpc/EM.GetStatus?id=0', { auth: null });
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('SIM_METER and SIM_WEATHER', () => {
  it('default to a house with the demo fleet, none without it or on a companion', () => {
    expect(readOptions([], {}).simMeter).toBe('house');
    expect(readOptions([], { SIM_FLEET: 'none' }).simMeter).toBe('none');
    expect(readOptions(['--sim-meter', 'none'], {}).simMeter).toBe('none');
    expect(readOptions([], { SIM_FLEET: 'none', SIM_METER: 'house' }).simMeter).toBe('house');
    expect(readOptions([], { DTU_URL: 'http://192.0.2.1', SIM_METER: 'house' }).simMeter).toBe(
      'none',
    );
    expect(readOptions([], {}).simWeather).toBeUndefined();
    expect(readOptions(['--sim-weather', 'overcast'], {}).simWeather).toBe('overcast');
    expect(readOptions([], { SIM_WEATHER: 'mixed' }).simWeather).toBe('mixed');
  });

  it('SIM_WEATHER reaches the simulated fleet: an overcast noon gives a fraction of a clear one', async () => {
    const noonOf = async (simWeather: 'clear' | 'overcast') => {
      const gw = await buildTestGateway({ ...HOUSE_DAY, simWeather });
      await gw.app.ready();
      return sumOf(gw.app.device.acOutputs().map((o) => o.watts));
    };
    const clear = await noonOf('clear');
    const overcast = await noonOf('overcast');
    expect(clear).toBeGreaterThan(2500);
    expect(overcast).toBeLessThan(0.45 * clear);
  });

  it('refuse a value they do not know, naming it', () => {
    expect(() => readOptions([], { SIM_METER: 'shelly' })).toThrow(/SIM_METER.*"shelly"/);
    expect(() => readOptions([], { SIM_WEATHER: 'sunny' })).toThrow(/SIM_WEATHER.*"sunny"/);
  });
});

describe('the meter on MQTT', () => {
  const mosquitto = useMosquitto();

  it('publishes shellypro3em-heliodtu/status/em:0 and emdata:0 as a Shelly Pro 3EM does', async () => {
    const gw = await buildTestGateway({ ...HOUSE_DAY, ...FAST_RECONNECT });
    const watcher = await mosquitto.watch('shellypro3em-heliodtu/#');
    await connectMqtt(gw, mosquitto.broker, {});
    const first = await watcher.next('shellypro3em-heliodtu/status/em:0', undefined, {
      timeoutMs: 10_000,
    });
    expect(first.retain).toBe(false);
    const em = JSON.parse(first.payload) as Record<string, number>;
    expect(Object.keys(em).sort()).toEqual(EM_FIELDS);
    expect(
      Math.abs(em['total_act_power']! - gw.app.simulatedHouse!.reading().power_w),
    ).toBeLessThan(400);
    const data = await watcher.next('shellypro3em-heliodtu/status/emdata:0');
    expect(Object.keys(JSON.parse(data.payload) as object).sort()).toEqual(EMDATA_FIELDS);
    // And again a few seconds later: a stream, not a single message.
    const seen = watcher.messages.length;
    await watcher.next('shellypro3em-heliodtu/status/em:0', undefined, {
      after: seen,
      timeoutMs: 8_000,
    });
  }, 30_000);
});
