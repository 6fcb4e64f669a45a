import { describe, expect, it, onTestFinished } from 'vitest';
import { GridMeterStatusSchema, type GridMeterStatus } from '@heliodtu/contract/grid-meter';
import { buildTestGateway, type TestGateway } from './helpers/build-test-app.js';
import { startMosquitto } from './helpers/mosquitto.js';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { FAST_RECONNECT, configureMqtt, connectMqtt } from './helpers/mqtt-gateway.js';
import { waitFor } from './helpers/mqtt-watcher.js';

/**
 * The MQTT grid meter on a simulated gateway without a broker URL of its own
 * (power-control §1): read through the gateway's own MQTT connection (the MQTT settings), so it
 * follows that connection's reconnects and changes of settings. Real Mosquittos, a real listener.
 */

const mosquitto = useMosquitto();
const PHASES = ['house/l1', 'house/l2', 'house/l3'];

const threePhaseMeter = {
  source: 'mqtt',
  invert_sign: false,
  stale_after_s: 2,
  mqtt: { topics: PHASES, json_path: '' },
  http: { url: '', json_path: 'total_act_power', auth: 'none', username: '', interval_s: 1 },
  broker: { url: '', username: '' },
};

const statusOf = async (gw: TestGateway): Promise<GridMeterStatus> =>
  GridMeterStatusSchema.parse(await gw.get('/api/gridmeter/status'));

/** Publishes the phases on `url` every 100 ms until the test ends; `phases` is read each time. */
async function phasesOn(url: string, phases: { values: (number | null)[] }) {
  const watcher = await mosquitto.watchAt(url, 'nothing/#');
  const timer = setInterval(() => {
    phases.values.forEach((value, i) => {
      if (value !== null) watcher.client.publish(PHASES[i]!, String(value));
    });
  }, 100);
  onTestFinished(() => clearInterval(timer));
}

describe('the MQTT grid meter through the gateway’s own MQTT connection', () => {
  it('sums three phases, loses the whole meter when one goes stale, and follows the MQTT settings', async () => {
    const gw = await buildTestGateway(FAST_RECONNECT);
    await connectMqtt(gw, mosquitto.broker, { mqtt_topic: 'g1/' });
    expect(await gw.post('/api/gridmeter/config', threePhaseMeter)).toMatchObject({ ok: true });
    const phases = { values: [120, 80.5, -300] as (number | null)[] };
    await phasesOn(mosquitto.broker.url, phases);

    await waitFor(async () => (await statusOf(gw)).state === 'ok', 'meter ok');
    expect(await statusOf(gw)).toMatchObject({
      source: 'mqtt',
      power_w: -99.5,
      phases_w: [120, 80.5, -300],
    });

    // One phase goes quiet, the other two go on: the whole meter is lost, and its alert opens.
    phases.values[2] = null;
    await waitFor(async () => (await statusOf(gw)).state === 'stale', 'meter stale', 6000);
    expect(await statusOf(gw)).toMatchObject({ power_w: null, phases_w: [], consumption_w: null });
    expect(gw.app.gridMeter.usable()).toBeNull();
    await waitFor(async () => {
      gw.app.alerts!.evaluator.evaluate();
      const open = JSON.stringify(await gw.get('/api/alerts/status'));
      return open.includes('meter-lost');
    }, 'meter-lost alert');
    phases.values[2] = -310;
    await waitFor(async () => (await statusOf(gw)).power_w === -109.5, 'phase three back');

    // MQTT moved to another broker: the meter follows it, and the old broker's readings stop.
    const other = await startMosquitto();
    onTestFinished(() => other.dispose());
    await configureMqtt(gw, other, { mqtt_topic: 'g1/' });
    await waitFor(async () => (await statusOf(gw)).state !== 'ok', 'meter lost with the move');
    const moved = { values: [10, 20, 30] as (number | null)[] };
    await phasesOn(other.url, moved);
    await waitFor(async () => (await statusOf(gw)).power_w === 60, 'meter on the other broker');

    // MQTT switched off: the meter says why, rather than going on with old values.
    await configureMqtt(gw, other, { mqtt_enabled: false });
    await waitFor(async () => (await statusOf(gw)).state === 'unreachable', 'meter unreachable');
    expect((await statusOf(gw)).detail).toBe("The gateway's MQTT connection is not connected.");
    // …and back on: readings again, without touching the meter's settings.
    await configureMqtt(gw, other, { mqtt_enabled: true });
    await waitFor(async () => (await statusOf(gw)).state === 'ok', 'meter back');
  }, 40_000);
});
