import { describe, expect, it } from 'vitest';
import { Statistics, type InverterPacket } from './statistics.js';

const packet = (yieldDay: number[]): InverterPacket => ({
  dc: yieldDay.map((y) => ({
    power: 100,
    voltage: 30,
    current: 3.33,
    yieldDay: y,
    yieldTotal: 12.5,
  })),
  ac: { power: 190, voltage: 231, current: 0.82, frequency: 50, powerFactor: 1, reactivePower: 3 },
  temperature: 35,
  eventCounter: 1,
});

describe('Statistics (inverter-domain §9.3–9.5)', () => {
  it('keeps the day yield climbing over an inverter reboot with yieldday_correction', () => {
    const stats = new Statistics(2);
    stats.receive(packet([500, 300]), 1000, true);
    expect(stats.receive(packet([10, 5]), 2000, true)).toBe(true);
    expect(stats.dc.map((d) => d.yieldDay)).toEqual([510, 305]);
    stats.receive(packet([40, 20]), 3000, true);
    expect(stats.dc.map((d) => d.yieldDay)).toEqual([540, 320]);
    // A second reboot the same day stacks on top.
    stats.receive(packet([2, 1]), 4000, true);
    expect(stats.dc.map((d) => d.yieldDay)).toEqual([542, 321]);
    stats.resetYieldDayCorrection();
    stats.receive(packet([3, 1]), 5000, true);
    expect(stats.dc.map((d) => d.yieldDay)).toEqual([3, 1]);
  });

  it('shows the inverter counter as is without correction', () => {
    const stats = new Statistics(1);
    stats.receive(packet([500]), 1000, false);
    expect(stats.receive(packet([10]), 2000, false)).toBe(false);
    expect(stats.dc[0]?.yieldDay).toBe(10);
  });

  it('zeroes runtime values but keeps yields; zero_day clears the day yield', () => {
    const stats = new Statistics(1);
    expect(stats.hasData).toBe(false);
    stats.receive(packet([500]), 1000, false);
    stats.zeroRuntime();
    expect(stats.ac.power).toBe(0);
    expect(stats.ac.frequency).toBe(0);
    expect(stats.temperature).toBe(0);
    expect(stats.dc[0]).toMatchObject({
      power: 0,
      voltage: 0,
      current: 0,
      yieldDay: 500,
      yieldTotal: 12.5,
    });
    stats.zeroDaily();
    expect(stats.dc[0]?.yieldDay).toBe(0);
    expect(stats.lastUpdate).toBe(1000);
  });
});
