import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startMosquitto, type Mosquitto } from '../../test/helpers/mosquitto.js';
import { EnergyRegisters } from './energy-registers.js';
import { GridMeterService } from './grid-meter-service.js';
import { defaultGridMeterSettings, type GridMeterSettings } from './grid-meter-settings.js';

// A real mosquitto: Shelly's and Tasmota's JSON, a plain number, three summed phases.

let broker: Mosquitto;
beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(async () => broker.dispose());

async function meterOn(mqtt: GridMeterSettings['mqtt'], clock: { now: number }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'mqtt-meter-'));
  const settings: GridMeterSettings = {
    ...defaultGridMeterSettings(false),
    source: 'mqtt',
    mqtt,
    broker: { url: broker.url, username: '', password: '' },
  };
  const meter = new GridMeterService({
    settings: () => settings,
    registers: new EnergyRegisters(path.join(dir, 'grid-energy.json')),
    now: () => clock.now,
    production: () => 0,
    productionToday: () => 0,
    dayStart: () => 0,
    log: () => undefined,
  });
  meter.start();
  onTestFinished(() => meter.close());
  const publisher = await connectAsync(broker.url);
  onTestFinished(() => publisher.endAsync());
  return { meter, publisher };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

describe('grid meter on MQTT', () => {
  it('reads Shelly Gen2 em:0 total_act_power and Tasmota SML.Power_curr', async () => {
    const clock = { now: Date.UTC(2026, 5, 21, 12) };
    const shelly = await meterOn(
      { topics: ['shelly/status/em:0'], json_path: 'total_act_power' },
      clock,
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
    );
    await until(
      () => (
        tasmota.publisher.publish('tele/meter/SENSOR', '{"Time":"x","SML":{"Power_curr":612}}'),
        tasmota.meter.usable() !== null
      ),
    );
    expect(tasmota.meter.usable()?.power_w).toBe(612);
  });

  it('sums three plain-number phases; one phase gone stale makes the whole meter stale', async () => {
    const clock = { now: Date.UTC(2026, 5, 21, 12) };
    const topics = ['p/a', 'p/b', 'p/c'];
    const { meter, publisher } = await meterOn({ topics, json_path: '' }, clock);
    const all = () => {
      publisher.publish('p/a', '100');
      publisher.publish('p/b', '200');
      publisher.publish('p/c', '-50');
    };
    await until(() => (all(), meter.usable() !== null));
    expect(meter.usable()).toMatchObject({ power_w: 250, phases_w: [100, 200, -50] });
    // Phase c stops; a and b go on.
    for (let i = 0; i < 5; i++) {
      clock.now += 10_000;
      publisher.publish('p/a', '110');
      publisher.publish('p/b', '210');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(meter.state()).toBe('stale');
    expect(meter.usable()).toBeNull();
  });
});
