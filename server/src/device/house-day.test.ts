import { describe, expect, it, onTestFinished } from 'vitest';
import { DEMO_INVERTERS } from './demo-fleet.js';
import { SimulatedHouse, spreadOverPhases } from './house-sim.js';
import { createKit } from './sim-test-kit.js';

/**
 * The house beside the real simulator, in process as the export control bench builds it: a
 * June day with passing clouds, the demo fleet on the roof, no control. Energy balances: what
 * the meter counts in and out is what the house used minus what the roof gave.
 */

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('a June day of the demo fleet and the house', () => {
  it('balances: import − export = consumption − production, with export at midday', async () => {
    const kit = await createKit({
      inverters: DEMO_INVERTERS.map((demo) => ({
        serial: demo.serial,
        name: demo.name,
        strings: demo.strings,
      })),
      start: '2026-06-22T00:00:00',
      sim: { seed: 3, weather: 'mixed' },
    });
    onTestFinished(() => kit.close());
    const house = new SimulatedHouse({
      seed: 3,
      now: () => kit.clock.now(),
      fleetAc: () => spreadOverPhases(kit.sim.acOutputs()),
      timezone: () => kit.store.config.ntp.timezone,
    });
    house.advance();
    let consumedWh = 0;
    let producedWh = 0;
    let lowestGrid = Infinity;
    kit.advanceUntil('2026-06-22T23:59:00', 5000, () => {
      const at = kit.clock.now();
      consumedWh += sum(house.consumption(at).active) / 720;
      producedWh += sum(kit.sim.acOutputs().map((o) => o.watts)) / 720;
      const reading = house.reading();
      lowestGrid = Math.min(lowestGrid, reading.power_w);
    });
    const { import_wh, export_wh } = house.counters();
    const imported = sum(import_wh);
    const exported = sum(export_wh);
    expect(consumedWh / 1000).toBeGreaterThan(6);
    expect(consumedWh / 1000).toBeLessThan(14);
    expect(producedWh / 1000).toBeGreaterThan(8);
    // Without control the roof sends most of a June day's production to the grid.
    expect(exported).toBeGreaterThan(0.4 * producedWh);
    expect(lowestGrid).toBeLessThan(-2000);
    expect(imported).toBeGreaterThan(1000);
    const balance = imported - exported - (consumedWh - producedWh);
    expect(Math.abs(balance)).toBeLessThan(0.01 * (imported + exported));
  }, 60_000);
});
