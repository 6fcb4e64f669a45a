import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ALERT_HOLD_OFF_MS } from '@heliodtu/contract/domain/alert-rules';
import { AlertEvaluators } from '../alerts/evaluator-set.js';
import { MemoryAlertRows } from '../history/alert-rows.js';
import { EnergyRegisters } from './energy-registers.js';
import { GridMeterService } from './grid-meter-service.js';
import { defaultGridMeterSettings } from './grid-meter-settings.js';

// The meter's conditions go through the gateway's alert evaluator: each alert opens once and
// clears once, on the gateway's clock.

async function setUp(production: number) {
  const clock = { now: Date.UTC(2026, 5, 21, 12) };
  const dir = await mkdtemp(path.join(tmpdir(), 'grid-meter-alerts-'));
  const settings = { ...defaultGridMeterSettings(false), source: 'mqtt' as const };
  settings.mqtt = { topics: ['shelly/status/em:0'], json_path: 'total_act_power' };
  const meter = new GridMeterService({
    settings: () => settings,
    registers: new EnergyRegisters(path.join(dir, 'grid-energy.json')),
    now: () => clock.now,
    production: () => production,
    productionToday: () => 0,
    dayStart: () => 0,
    log: () => undefined,
  });
  meter.start();
  onTestFinished(() => meter.close());
  const rows = new MemoryAlertRows();
  const evaluators = new AlertEvaluators(
    () => rows,
    () => rows,
    () => clock.now,
    () => undefined,
  );
  evaluators.add({
    device: 'local',
    inverterSerials: () => [],
    liveData: () => ({ inverters: [] }),
    now: () => clock.now,
    daylight: () => true,
    historyRecording: () => null,
    extraConditions: (now, device) => meter.alertConditions(now, device),
  });
  const log: string[] = [];
  evaluators.on('opened', (a) => log.push(`opened ${a.kind} ${a.device}`));
  evaluators.on('cleared', (a) => log.push(`cleared ${a.kind}`));
  /** Advance in 5 s steps, evaluating each, with `reading` (or nothing) each step. */
  const run = (ms: number, reading: number | null) => {
    for (let t = 0; t < ms; t += 5000) {
      clock.now += 5000;
      if (reading !== null) meter.accept([reading]);
      evaluators.evaluate();
    }
  };
  return { meter, run, log };
}

describe('grid meter alerts', () => {
  it('meter-lost opens once after stale_after_s without a reading, and clears once readings are back', async () => {
    const { meter, run, log } = await setUp(0);
    run(20_000, 300);
    run(25_000, null);
    expect(meter.state()).toBe('ok');
    expect(log).toEqual([]);
    run(10_000, null);
    expect(meter.state()).toBe('stale');
    run(60_000, null);
    expect(log).toEqual(['opened meter-lost local']);
    run(ALERT_HOLD_OFF_MS + 10_000, 300);
    expect(log).toEqual(['opened meter-lost local', 'cleared meter-lost']);
  });

  it('a wrong sign: meter-implausible opens once after a minute of negative consumption', async () => {
    const { meter, run, log } = await setUp(200);
    run(55_000, -900);
    expect(log).toEqual([]);
    run(10_000, -900);
    expect(meter.state()).toBe('implausible');
    run(5 * 60_000, -900);
    expect(log).toEqual(['opened meter-implausible local']);
  });
});
