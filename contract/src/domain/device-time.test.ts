import { describe, expect, it } from 'vitest';
import { parseDeviceTime } from './device-time.js';

describe('parseDeviceTime', () => {
  it('reads the device text as a wall time', () => {
    expect(parseDeviceTime('Saturday, June 21 2025 12:04:18')).toBe(
      Date.UTC(2025, 5, 21, 12, 4, 18),
    );
    expect(parseDeviceTime('Monday, November 4 2024 03:00:09')).toBe(
      Date.UTC(2024, 10, 4, 3, 0, 9),
    );
  });

  it('refuses what is no time', () => {
    expect(parseDeviceTime('--')).toBeNull();
    expect(parseDeviceTime('')).toBeNull();
    expect(parseDeviceTime('Someday, Smarch 1 2025 10:00:00')).toBeNull();
  });
  it('takes a one-digit hour', () => {
    expect(parseDeviceTime('Monday, November 18 2024 4:03:22')).toBe(
      Date.UTC(2024, 10, 18, 4, 3, 22),
    );
  });
});
