import { describe, expect, it } from 'vitest';
import { formatDeviceTime, parseDeviceTime } from './device-time';

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
});

describe('formatDeviceTime', () => {
  it('writes the wall time out unchanged by the browser zone, in the language shown', () => {
    const wall = Date.UTC(2025, 5, 21, 23, 36, 43);
    expect(formatDeviceTime(wall, 'en-US')).toBe('Saturday, June 21, 2025 at 23:36:43');
    expect(formatDeviceTime(wall, 'de')).toBe('Samstag, 21. Juni 2025 um 23:36:43');
  });
});
