import { describe, expect, it } from 'vitest';
import { deviceTimeAt, parseNtpLocalTime } from './device-clock';

describe('parseNtpLocalTime', () => {
  it('reads the device format as a wall time', () => {
    expect(parseNtpLocalTime('Saturday, June 21 2025 12:03:07')).toBe(
      Date.UTC(2025, 5, 21, 12, 3, 7),
    );
    expect(parseNtpLocalTime('Monday, November 18 2024 4:03:22')).toBe(
      Date.UTC(2024, 10, 18, 4, 3, 22),
    );
    expect(parseNtpLocalTime('')).toBeNull();
    expect(parseNtpLocalTime('Someday, Smarch 3 2025 12:00:00')).toBeNull();
  });
});

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
