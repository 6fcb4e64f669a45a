import { describe, expect, it } from 'vitest';
import { deviceIdOfName, envSuffixOfName } from './device-names.js';
import { mergedHints, mergedTotal } from './merged-live.js';

const total = (power: number, day: number, lifetime: number, d = { p: 1, y: 3 }) => ({
  Power: { v: power, u: 'W', d: d.p },
  YieldDay: { v: day, u: 'Wh', d: 0 },
  YieldTotal: { v: lifetime, u: 'kWh', d: d.y },
});

describe('mergedTotal', () => {
  it('adds up every device, rounded to the most decimals one of them sent', () => {
    expect(mergedTotal([total(100.1, 200, 1.001), total(0.2, 50, 2.002)])).toEqual({
      Power: { v: 100.3, u: 'W', d: 1 },
      YieldDay: { v: 250, u: 'Wh', d: 0 },
      YieldTotal: { v: 3.003, u: 'kWh', d: 3 },
    });
  });

  it('keeps 0 decimals only while no device counts, and is zero without devices', () => {
    const idle = total(0, 0, 0, { p: 0, y: 0 });
    expect(mergedTotal([idle, total(5.5, 1, 0.5)]).Power).toEqual({ v: 5.5, u: 'W', d: 1 });
    expect(mergedTotal([idle])).toEqual(idle);
    expect(mergedTotal([]).Power).toEqual({ v: 0, u: 'W', d: 0 });
  });
});

describe('mergedHints', () => {
  it('gives a hint any device gives, pin_mapping_issue only when one sent it', () => {
    const off = { time_sync: false, radio_problem: false, default_password: false };
    expect(mergedHints([off, { ...off, radio_problem: true }])).toEqual({
      ...off,
      radio_problem: true,
    });
    expect(mergedHints([off, { ...off, pin_mapping_issue: false }])).toEqual({
      ...off,
      pin_mapping_issue: false,
    });
  });
});

describe('device names', () => {
  it('makes an id of a name and the suffix of its environment variables', () => {
    expect(deviceIdOfName(' Garage 2 ')).toBe('garage-2');
    expect(deviceIdOfName('Dach Süd')).toBe('dach-sud');
    expect(deviceIdOfName('--')).toBeNull();
    expect(deviceIdOfName('x'.repeat(33))).toBeNull();
    expect(envSuffixOfName('Garage 2')).toBe('GARAGE_2');
  });
});
