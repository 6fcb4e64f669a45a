import { describe, expect, it } from 'vitest';
import { currentUptime, uptimeParts } from './uptime';

describe('uptimeParts', () => {
  it('splits seconds into days and hh:mm:ss', () => {
    expect(uptimeParts(93784)).toEqual({ days: 1, time: '02:03:04' });
    expect(uptimeParts(59)).toEqual({ days: 0, time: '00:00:59' });
    expect(uptimeParts(86400 * 12 + 3600 * 23 + 60 * 59 + 59)).toEqual({
      days: 12,
      time: '23:59:59',
    });
  });
});

describe('currentUptime', () => {
  it('adds the whole seconds since the answer arrived', () => {
    expect(currentUptime(100, 1_000, 1_000)).toBe(100);
    expect(currentUptime(100, 1_000, 3_999)).toBe(102);
  });

  it('never runs backwards when the clock reads earlier than the answer', () => {
    expect(currentUptime(100, 5_000, 4_000)).toBe(100);
  });
});
