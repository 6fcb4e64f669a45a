import { describe, expect, it } from 'vitest';
import { formatDeviceTime } from './device-time';

describe('formatDeviceTime', () => {
  it('writes the wall time out unchanged by the browser zone, in the language shown', () => {
    const wall = Date.UTC(2025, 5, 21, 23, 36, 43);
    expect(formatDeviceTime(wall, 'en-US')).toBe('Saturday, June 21, 2025 at 23:36:43');
    expect(formatDeviceTime(wall, 'de')).toBe('Samstag, 21. Juni 2025 um 23:36:43');
  });
});
