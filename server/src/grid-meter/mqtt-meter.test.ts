import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MqttConnection } from '../mqtt/connection.js';
import { ownBrokerSource } from '../mqtt/own-broker.js';
import { startMosquitto, type Mosquitto } from '../../test/helpers/mosquitto.js';
import { EnergyRegisters } from './energy-registers.js';
import { GridMeterService } from './grid-meter-service.js';
import { defaultGridMeterSettings, type GridMeterSettings } from './grid-meter-settings.js';

// A real mosquitto, read through a broker connection of HelioDTU's own (the one a companion
// uses): Shelly's and Tasmota's JSON, a plain number, three summed phases, reconnects.

let broker: Mosquitto;
beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(async () => broker.dispose());

async function meterOn(mqtt: GridMeterSettings['mqtt'], clock: { now: number }, chipId = 1) {
  const dir = await mkdtemp(path.join(tmpdir(), 'mqtt-meter-'));
  const settings: GridMeterSettings = {
    ...defaultGridMeterSettings(false),
    source: 'mqtt',
    mqtt,
    broker: { url: broker.url, username: '', password: '' },
  };
  const connection = new MqttConnection({
    source: ownBrokerSource(
      () => settings.broker,
      () => () => undefined,
      chipId,
    ),
    log: () => undefined,
    reconnect: { initialMs: 100, maxMs: 300 },
  });
  connection.start();
  onTestFinished(() => connection.stop());
  const meter = new GridMeterService({
    settings: () => settings,
    registers: new EnergyRegisters(path.join(dir, 'grid-energy.json')),
    now: () => clock.now,
    production: () => 0,
    productionToday: () => 0,
    dayStart: () => 0,
    mqttLink: () => ({ link: connection, name: `The broker ${connection.describe()}` }),
    log: () => undefined,
  });
  meter.start();
  onTestFinished(() => meter.close());
  const publisher = await connectAsync(broker.url);
  onTestFinished(() => publisher.endAsync());
  return { meter, publisher, connection };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  for (let i = 0; i < timeoutMs / 50 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

describe('grid meter on MQTT', () => {
  it('reads Shelly Gen2 em:0 total_act_power and Tasmota SML.Power_curr', async () => {
    const clock = { now: Date.UTC(2026, 5, 21, 12) };
    const shelly = await meterOn(
      { topics: ['shelly/status/em:0'], json_path: 'total_act_power' },
      clock,
      1,
    );
    await until(
      () => (
        shelly.publisher.publish(
          'shelly/status/em:0',
          JSON.stringify({ id: 0, total_act_power: -321.5 }),
        ),
        shelly.meter.usable() !== null
      ),
    );
    expect(shelly.meter.usable()?.power_w).toBe(-321.5);
    const tasmota = await meterOn(
      { topics: ['tele/meter/SENSOR'], json_path: 'SML.Power_curr' },
      clock,
      2,
    );
    await until(
      () => (
        tasmota.publisher.publish('tele/meter/SENSOR', '{"Time":"x","SML":{"Power_curr":612}}'),
        tasmota.meter.usable() !== null
      ),
    );
    expect(tasmota.meter.usable()?.power_w).toBe(612);
  });

  it('sums three plain-number phases; one phase gone stale loses the whole meter, with its alert', async () => {
    const clock = { now: Date.UTC(2026, 5, 21, 12) };
    const topics = ['p/a', 'p/b', 'p/c'];
    const { meter, publisher } = await meterOn({ topics, json_path: '' }, clock, 3);
    const all = () => {
      publisher.publish('p/a', '100');
      publisher.publish('p/b', '200');
      publisher.publish('p/c', '-50');
    };
    await until(() => (all(), meter.usable() !== null));
    // Whatever was still on its way arrives before the gateway's clock moves on.
    await new Promise((r) => setTimeout(r, 200));
    expect(meter.usable()).toMatchObject({ power_w: 250, phases_w: [100, 200, -50] });
    expect(meter.alertConditions(clock.now, 'local')).toEqual([]);
    // Phase c stops; a and b go on, fresh every 10 s of the gateway's clock.
    for (let i = 0; i < 4; i++) {
      clock.now += 10_000;
      publisher.publish('p/a', '110');
      publisher.publish('p/b', '210');
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(meter.state()).toBe('stale');
    expect(meter.usable()).toBeNull();
    expect(meter.status()).toMatchObject({ power_w: null, consumption_w: null });
    expect(meter.alertConditions(clock.now, 'local')).toEqual([
      { kind: 'meter-lost', subject: expect.anything() },
    ]);
    // Phase c back: the whole meter is back, the sum of the three newest values.
    publisher.publish('p/c', '-40');
    await until(() => meter.usable() !== null);
    expect(meter.usable()).toMatchObject({ power_w: 280, phases_w: [110, 210, -40] });
    expect(meter.alertConditions(clock.now, 'local')).toEqual([]);
  });

  it('skips a retained old value, says unreachable while the broker is away and reads again after', async () => {
    const clock = { now: Date.UTC(2026, 5, 21, 12) };
    const retainer = await connectAsync(broker.url);
    await retainer.publishAsync('r/power', '999', { retain: true });
    await retainer.endAsync();
    const { meter, publisher, connection } = await meterOn(
      { topics: ['r/power'], json_path: '' },
      clock,
      4,
    );
    await until(() => connection.isConnected());
    await new Promise((r) => setTimeout(r, 300));
    expect(meter.state()).toBe('waiting');
    await until(() => (publisher.publish('r/power', '42'), meter.usable() !== null));
    expect(meter.usable()?.power_w).toBe(42);

    await broker.stop();
    await until(() => meter.state() === 'unreachable');
    expect(meter.status().detail).toBe(
      `The broker ${broker.host}:${broker.port} is not connected.`,
    );
    await broker.start();
    // Back: no longer unreachable (the reading from before is still young enough to count).
    await until(() => meter.state() !== 'unreachable', 10_000);
    const again = await connectAsync(broker.url);
    onTestFinished(() => again.endAsync());
    await until(() => (again.publish('r/power', '-7'), meter.usable()?.power_w === -7));
    // Nothing retained stays behind for the next test.
    await again.publishAsync('r/power', '', { retain: true });
  }, 20_000);
});
