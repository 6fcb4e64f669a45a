import { describe, expect, it } from 'vitest';
import { formatDeviceTime } from './format-time.js';

describe('formatDeviceTime', () => {
  it('prints strftime "%A, %B %d %Y %H:%M:%S" in the zone', () => {
    const berlin = 'CET-1CEST,M3.5.0,M10.5.0/3';
    expect(formatDeviceTime(Date.UTC(2024, 10, 18, 13, 3, 22), berlin)).toBe(
      'Monday, November 18 2024 14:03:22',
    );
    expect(formatDeviceTime(Date.UTC(2024, 5, 21, 1, 3, 0), berlin)).toBe(
      'Friday, June 21 2024 03:03:00',
    );
    // Zero-padded day, as %d does.
    expect(formatDeviceTime(Date.UTC(2025, 0, 5, 0, 0, 9), 'UTC0')).toBe(
      'Sunday, January 05 2025 00:00:09',
    );
    expect(formatDeviceTime(Date.UTC(2025, 0, 4, 23, 0, 0), 'IST-5:30')).toBe(
      'Sunday, January 05 2025 04:30:00',
    );
  });
});
