import { describe, expect, it } from 'vitest';
import { deviceTimeAt } from './clock-readings';

describe('deviceTimeAt', () => {
  it('is the host time without readings, the last reading plus host time after one', () => {
    expect(deviceTimeAt([], 5_000)).toBe(5_000);
    expect(deviceTimeAt([{ device: 1_000_000, host: 10_000 }], 12_000)).toBe(1_002_000);
  });

  it('runs at the rate of the last two readings (a fast simulated clock)', () => {
    const readings = [
      { device: 0, host: 0 },
      { device: 60_000, host: 1_000 },
    ];
    expect(deviceTimeAt(readings, 3_000)).toBe(180_000);
  });
});
