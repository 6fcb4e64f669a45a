import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SHADE_PERCENT, parseFaults } from './faults.js';
import { createKit, type Kit } from './sim-test-kit.js';

const HM800 = '114182352592';

describe('SIM_FAULTS shade (issue 15)', () => {
  it('parses shade:<serial>:<string>[:<percent>], strings counted from 1', () => {
    const faults = parseFaults([
      'shade:114182352592:2',
      'SHADE:0x01164A113C7E2:1:55',
      'shade:114182352592:0',
      'shade:114182352592:3:101',
      'shade:xyz:1',
    ]);
    expect(DEFAULT_SHADE_PERCENT).toBe(30);
    expect([...faults.shade.keys()]).toEqual(['114182352592', '1164a113c7e2']);
    expect([...(faults.shade.get('114182352592') ?? [])]).toEqual([[1, 0.3]]);
    expect([...(faults.shade.get('1164a113c7e2') ?? [])]).toEqual([[0, 0.55]]);
    expect(parseFaults(['radio']).shade.size).toBe(0);
  });
});

describe('a shaded string in the simulator', () => {
  let kit: Kit | undefined;
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
  }, 30_000);

  it('delivers about the given share of what its twin string delivers', async () => {
    kit = await createKit({
      start: '2025-06-21T11:00:00',
      inverters: [
        {
          serial: HM800,
          strings: [
            ['Balcony left', 410],
            ['Balcony right', 410],
          ],
        },
      ],
      sim: { faults: [`shade:${HM800}:2`], weather: 'clear' },
    });
    kit.advance(10 * 60_000, 5_000);
    const inverter = kit.sim.liveData(HM800).inverters[0];
    const left = inverter?.DC['0']?.Irradiation?.v ?? 0;
    const right = inverter?.DC['1']?.Irradiation?.v ?? 0;
    expect(left).toBeGreaterThan(20);
    expect(right / left).toBeGreaterThan(0.25);
    expect(right / left).toBeLessThan(0.35);
  }, 60_000);
});
