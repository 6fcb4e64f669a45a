import { describe, expect, it } from 'vitest';
import { GridMeterStatusSchema, type GridMeterStatus } from '@heliodtu/contract/grid-meter';
import { ADMIN_AUTH } from './helpers/build-test-app.js';
import { startGatewayProcess, type GatewayProcess } from './helpers/gateway-process.js';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { waitFor } from './helpers/mqtt-watcher.js';

/**
 * The simulated house end to end (power-control §1, §2): a gateway process with the demo fleet,
 * SIM_METER=house and time sped up; its grid meter (the `simulated` source, then MQTT through
 * the gateway's own connection reading the house's Shelly topics) follows the grid power the
 * house's Shelly Pro 3EM answers, on the gateway's sped-up clock.
 */

const mosquitto = useMosquitto();
const SPEED = 60;

const houseGateway = () =>
  startGatewayProcess({
    env: {
      SIM_FLEET: 'demo',
      SIM_METER: 'house',
      SIM_SPEED: String(SPEED),
      SIM_START: '2026-06-22T10:00:00',
      SIM_WEATHER: 'mixed',
      SIM_SEED: '7',
      HISTORY: 'off',
    },
  });

async function getJson(gw: GatewayProcess, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(gw.url + path, { headers: { authorization: ADMIN_AUTH } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function postData(gw: GatewayProcess, path: string, data: unknown) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  const response = await fetch(gw.url + path, {
    method: 'POST',
    headers: { authorization: ADMIN_AUTH },
    body: form,
  });
  return (await response.json()) as Record<string, unknown>;
}

interface Sample {
  status: GridMeterStatus;
  /** The house's Shelly Pro 3EM right after: total_act_power, W. */
  shelly: number;
  hostAt: number;
}

/** The meter's status and the house's Shelly side by side, every 250 ms for `ms`. */
async function samples(gw: GatewayProcess, ms: number): Promise<Sample[]> {
  const out: Sample[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const hostAt = Date.now();
    const status = GridMeterStatusSchema.parse(await getJson(gw, '/api/gridmeter/status'));
    const em = await getJson(gw, '/rpc/EM.GetStatus?id=0');
    out.push({ status, shelly: em.total_act_power as number, hostAt });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return out;
}

/** The meter followed the house: usable throughout, near the Shelly's value, moving with it. */
function expectFollowed(taken: Sample[], source: string, tolerance: (w: number) => number) {
  expect(taken.length).toBeGreaterThan(10);
  for (const { status } of taken) {
    expect(status).toMatchObject({ source, state: 'ok' });
    // A reading of the house, not of an old minute: within the stale limit of device time.
    expect(status.age_ms).toBeLessThanOrEqual(30_000);
    expect(status.consumption_w).toBeCloseTo(status.production_w + status.power_w!, 6);
  }
  const near = taken.filter(
    ({ status, shelly }) => Math.abs(status.power_w! - shelly) <= tolerance(shelly),
  );
  expect(near.length / taken.length).toBeGreaterThanOrEqual(0.8);
  // The house lives: its grid power moves over minutes of device time, and the meter with it.
  expect(new Set(taken.map((s) => s.status.power_w)).size).toBeGreaterThan(3);
  // The meter's clock is the gateway's sped-up clock.
  const first = taken[0]!;
  const last = taken.at(-1)!;
  const speed = (last.status.now - first.status.now) / (last.hostAt - first.hostAt);
  expect(speed).toBeGreaterThan(SPEED * 0.7);
  expect(speed).toBeLessThan(SPEED * 1.3);
}

describe('the simulated house measured by the grid meter, in a gateway process', () => {
  it('follows the house’s grid power with the simulated source, then through MQTT', async () => {
    const gw = await houseGateway();
    const config = await getJson(gw, '/api/gridmeter/config');
    expect(config).toMatchObject({ source: 'simulated', simulated_available: true });
    // The simulated source reads the house itself: the same instant, give or take a request.
    expectFollowed(await samples(gw, 5000), 'simulated', (w) => 40 + Math.abs(w) * 0.1);

    // The house's Shelly on the gateway's own MQTT, read back through that connection.
    const mqtt = await getJson(gw, '/api/mqtt/config');
    expect(
      await postData(gw, '/api/mqtt/config', {
        ...mqtt,
        mqtt_enabled: true,
        mqtt_hostname: mosquitto.broker.host,
        mqtt_port: mosquitto.broker.port,
      }),
    ).toMatchObject({ code: 1001 });
    expect(
      await postData(gw, '/api/gridmeter/config', {
        source: 'mqtt',
        invert_sign: false,
        stale_after_s: 30,
        mqtt: { topics: ['shellypro3em-heliodtu/status/em:0'], json_path: 'total_act_power' },
        http: { url: '', json_path: 'total_act_power', auth: 'none', username: '', interval_s: 1 },
        broker: { url: '', username: '' },
      }),
    ).toMatchObject({ ok: true });
    await waitFor(
      async () => (await getJson(gw, '/api/gridmeter/status')).state === 'ok',
      'meter reading the Shelly topic',
      15_000,
    );
    // Published every 5 s of device time: the reading may be that much older than the Shelly's.
    expectFollowed(await samples(gw, 5000), 'mqtt', (w) => 150 + Math.abs(w) * 0.2);
  }, 60_000);
});
