import { EventEmitter } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { GRID_METER_IMPLAUSIBLE_AFTER_MS } from '@heliodtu/contract/limits';
import { EnergyRegisters } from './energy-registers.js';
import type { GridMeterReading } from './grid-meter-port.js';
import { GridMeterService, gridMeterTickMs } from './grid-meter-service.js';
import { defaultGridMeterSettings, type GridMeterSettings } from './grid-meter-settings.js';

function connectedLink() {
  return Object.assign(new EventEmitter<{ connect: []; disconnect: [] }>(), {
    isConnected: () => true,
    subscribe: () => () => undefined,
  });
}

async function meterOn(
  settings: GridMeterSettings,
  over: {
    production?: () => number;
    productionKnown?: () => boolean;
    house?: () => GridMeterReading;
    dir?: string;
    tickMs?: number;
    start?: number;
    dayStart?: (now: number) => number;
  } = {},
) {
  const dir = over.dir ?? (await mkdtemp(path.join(tmpdir(), 'grid-meter-')));
  const clock = { now: over.start ?? Date.UTC(2026, 5, 21, 12) };
  const registers = new EnergyRegisters(path.join(dir, 'grid-energy.json'));
  await registers.load();
  const meter = new GridMeterService({
    settings: () => settings,
    registers,
    now: () => clock.now,
    production: over.production ?? (() => 0),
    ...(over.productionKnown ? { productionKnown: over.productionKnown } : {}),
    productionToday: () => 4000,
    dayStart: over.dayStart ?? (() => Date.UTC(2026, 5, 21)),
    simulatedHouse: over.house ? { reading: over.house } : undefined,
    // A broker connection that is up and brings nothing: the tests hand readings in by accept().
    mqttLink: () => ({ link: connectedLink(), name: 'The test broker' }),
    log: () => undefined,
    ...(over.tickMs === undefined ? {} : { tickMs: over.tickMs }),
  });
  meter.start();
  onTestFinished(() => meter.close());
  return { meter, clock, dir, registers };
}

const mqttSettings = (): GridMeterSettings => ({
  ...defaultGridMeterSettings(false),
  source: 'mqtt',
  mqtt: { topics: ['a', 'b', 'c'], json_path: '' },
});

describe('grid meter service', () => {
  it('is stale once the newest reading is older than stale_after_s on the gateway clock, and hands nothing stale out', async () => {
    const { meter, clock } = await meterOn(mqttSettings());
    expect(meter.state()).toBe('waiting');
    meter.accept([100, 200, -50]);
    expect(meter.usable()).toMatchObject({ power_w: 250, phases_w: [100, 200, -50] });
    clock.now += 30_000;
    expect(meter.state()).toBe('ok');
    clock.now += 1;
    expect(meter.state()).toBe('stale');
    expect(meter.usable()).toBeNull();
    expect(meter.status()).toMatchObject({ state: 'stale', power_w: null, age_ms: 30_001 });
  });

  it('applies the sign setting first', async () => {
    const { meter } = await meterOn({ ...mqttSettings(), invert_sign: true });
    meter.accept([300]);
    expect(meter.usable()?.power_w).toBe(-300);
  });

  it('calls a meter implausible after consumption stayed below zero for the limit', async () => {
    const states: string[] = [];
    const { meter, clock } = await meterOn(mqttSettings(), { production: () => 500 });
    meter.on('state', (s) => states.push(s));
    meter.accept([-800]);
    clock.now += GRID_METER_IMPLAUSIBLE_AFTER_MS - 1000;
    meter.accept([-800]);
    expect(meter.state()).toBe('ok');
    clock.now += 1000;
    meter.accept([-800]);
    expect(meter.state()).toBe('implausible');
    expect(meter.usable()).toBeNull();
    meter.accept([-200]);
    expect(meter.state()).toBe('ok');
    expect(states).toEqual(['ok', 'implausible', 'ok']);
  });

  it('judges nothing implausible while an inverter does not answer (it may still feed)', async () => {
    let known = false;
    const { meter, clock } = await meterOn(mqttSettings(), {
      production: () => 500,
      productionKnown: () => known,
    });
    for (let i = 0; i <= 3; i++) {
      meter.accept([-800]);
      clock.now += GRID_METER_IMPLAUSIBLE_AFTER_MS / 2;
    }
    expect(meter.state()).toBe('ok');
    known = true;
    meter.accept([-800]);
    clock.now += GRID_METER_IMPLAUSIBLE_AFTER_MS;
    meter.accept([-800]);
    expect(meter.state()).toBe('implausible');
  });

  it('integrates import and export between readings, never across a stale gap, and keeps them across a restart', async () => {
    const first = await meterOn(mqttSettings());
    first.meter.accept([1000]);
    first.clock.now += 3_600_000 / 100; // 36 s > 30 s stale: a gap, nothing counted
    first.meter.accept([1000]);
    expect(first.meter.energy()).toEqual({ import_wh: 0, export_wh: 0 });
    first.clock.now += 18_000;
    first.meter.accept([1000]);
    expect(first.meter.energy().import_wh).toBeCloseTo(5, 6);
    first.clock.now += 18_000;
    first.meter.accept([-1000]); // crosses zero halfway: 1.25 Wh each side
    expect(first.meter.energy().import_wh).toBeCloseTo(6.25, 6);
    expect(first.meter.energy().export_wh).toBeCloseTo(1.25, 6);
    expect(first.meter.status().today).toMatchObject({
      export_wh: expect.closeTo(1.25, 6),
    });
    await first.meter.close();
    const second = await meterOn(mqttSettings(), { dir: first.dir });
    expect(second.meter.energy().import_wh).toBeCloseTo(6.25, 6);
    expect(second.meter.energy().export_wh).toBeCloseTo(1.25, 6);
  });

  it('a meter started during the day counts only the production since, beside its import and export', async () => {
    // The fleet made 4 kWh this morning; the meter starts at noon and sees 1 kW fed, 200 W of it out.
    const { meter, clock } = await meterOn(mqttSettings(), { production: () => 1000 });
    const noon = clock.now;
    for (let s = 0; s <= 3600; s += 10) {
      meter.accept([-200]);
      clock.now += 10_000;
    }
    const today = meter.status().today;
    expect(today?.counted_from).toBe(noon);
    expect(today?.production_wh).toBeCloseTo(1000, 6);
    expect(today?.export_wh).toBeCloseTo(200, 6);
    // Not 4000 + 0 − 200: the morning's production was never the house's consumption.
    expect(today?.consumption_wh).toBeCloseTo(800, 6);
    expect(today?.self_consumption_pct).toBeCloseTo(80, 6);
  });

  it('counting that runs on across midnight covers the whole new day with the fleet’s own day yield', async () => {
    const day = 86_400_000;
    const { meter, clock } = await meterOn(mqttSettings(), {
      production: () => 0,
      start: Date.UTC(2026, 5, 21, 23, 59, 32),
      dayStart: (now) => Math.floor(now / day) * day,
    });
    for (let s = 0; s < 60; s += 5) {
      meter.accept([300]);
      clock.now += 5_000;
    }
    const today = meter.status().today;
    expect(today?.counted_from).toBeNull();
    expect(today?.production_wh).toBe(4000);
    // Only the half minute after midnight is today’s (the interval across it counts to the new day).
    expect(today?.import_wh).toBeCloseTo((300 * 30) / 3600, 1);
  });

  it('a day base saved before production was counted beside the grid still covers the whole day', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'grid-meter-'));
    const midnight = Date.UTC(2026, 5, 21);
    await writeFile(
      path.join(dir, 'grid-energy.json'),
      JSON.stringify({
        import_wh: 500,
        export_wh: 100,
        midnight: { day_start: midnight, import_wh: 400, export_wh: 50 },
      }),
    );
    const { meter } = await meterOn(mqttSettings(), { dir });
    expect(meter.status().today).toMatchObject({
      production_wh: 4000,
      import_wh: 100,
      export_wh: 50,
      consumption_wh: 4050,
      counted_from: null,
    });
  });

  it('reads the simulated house every tick', async () => {
    let watts = 420;
    const settings = { ...defaultGridMeterSettings(true) };
    const { meter } = await meterOn(settings, {
      house: () => ({ power_w: watts, phases_w: [], at: 0 }),
    });
    expect(meter.status()).toMatchObject({ source: 'simulated', state: 'ok', power_w: 420 });
    watts = -90;
    expect((await meter.readNow()).power_w).toBe(-90);
  });

  it('reads the simulated house often enough on a sped-up clock that it never goes stale', async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const speed = 60;
    const settings = { ...defaultGridMeterSettings(true) };
    for (const [tickMs, state] of [
      [gridMeterTickMs(speed), 'ok'],
      // One host second is a device minute at this speed: older than stale_after_s (30 s).
      [1000, 'stale'],
    ] as const) {
      const { meter, clock } = await meterOn(settings, {
        house: () => ({ power_w: 300, phases_w: [], at: 0 }),
        tickMs,
      });
      const states = new Set<string>();
      for (let hostMs = 0; hostMs < 3000; hostMs += 10) {
        vi.advanceTimersByTime(10);
        clock.now += 10 * speed;
        states.add(meter.state());
      }
      expect(states.has(state)).toBe(true);
      if (state === 'ok') expect([...states]).toEqual(['ok']);
    }
  });
});
