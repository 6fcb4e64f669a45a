import { describe, expect, it } from 'vitest';
import { DeviceClock, parseSimStart } from './clock.js';

function fakeHost(start = 1_700_000_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => (now += ms),
    set: (ms: number) => (now = ms),
  };
}

describe('DeviceClock', () => {
  it('follows the host clock by default and starts unsynced', () => {
    const host = fakeHost();
    const clock = new DeviceClock({ hostNow: host.now });
    expect(clock.now()).toBe(1_700_000_000_000);
    host.advance(1500);
    expect(clock.now()).toBe(1_700_000_001_500);
    expect(clock.isSynced()).toBe(false);
  });

  it('runs speed times as fast from its start point', () => {
    const host = fakeHost();
    const start = Date.UTC(2025, 5, 21, 10);
    const clock = new DeviceClock({ hostNow: host.now, start, speed: 60 });
    host.advance(1000);
    expect(clock.now()).toBe(start + 60_000);
    expect(clock.deviceDuration(1000)).toBe(60_000);
    expect(clock.hostDuration(60_000)).toBe(1000);
  });

  it('never runs backwards when the host clock does', () => {
    const host = fakeHost();
    const clock = new DeviceClock({ hostNow: host.now });
    host.advance(10_000);
    const before = clock.now();
    host.advance(-5_000);
    expect(clock.now()).toBe(before);
    host.advance(6_000);
    expect(clock.now()).toBe(before + 1_000);
  });

  it('set() jumps (also backwards), marks synced and tells listeners', () => {
    const host = fakeHost();
    const clock = new DeviceClock({ hostNow: host.now, speed: 2 });
    const events: { now: number; jumped: boolean }[] = [];
    const off = clock.onChange((e) => events.push(e));
    const target = Date.UTC(2023, 0, 1);
    clock.set(target);
    expect(clock.now()).toBe(target);
    expect(clock.isSynced()).toBe(true);
    host.advance(500);
    expect(clock.now()).toBe(target + 1000);
    expect(events).toEqual([{ now: target, jumped: true }]);
    off();
    clock.set(target + 5);
    expect(events).toHaveLength(1);
    expect(() => clock.set(Number.NaN)).toThrow();
  });

  it('markSynced() keeps the time and reports once', () => {
    const host = fakeHost();
    const clock = new DeviceClock({ hostNow: host.now, start: 42_000 });
    const events: boolean[] = [];
    clock.onChange((e) => events.push(e.jumped));
    clock.markSynced();
    clock.markSynced();
    expect(clock.now()).toBe(42_000);
    expect(clock.isSynced()).toBe(true);
    expect(events).toEqual([false]);
  });

  it('rejects a speed that is not positive', () => {
    expect(() => new DeviceClock({ speed: 0 })).toThrow();
  });
});

describe('parseSimStart', () => {
  const berlin = 'CET-1CEST,M3.5.0,M10.5.0/3';
  it('reads local time in the configured zone', () => {
    expect(parseSimStart('2025-06-21T12:00:00', berlin)).toBe(Date.UTC(2025, 5, 21, 10));
    expect(parseSimStart('2025-01-10T08:30', berlin)).toBe(Date.UTC(2025, 0, 10, 7, 30));
    expect(parseSimStart('2025-01-10', berlin)).toBe(Date.UTC(2025, 0, 9, 23));
    expect(parseSimStart('2025-06-21T12:00:00.250', 'EST5EDT,M3.2.0,M11.1.0')).toBe(
      Date.UTC(2025, 5, 21, 16, 0, 0, 250),
    );
  });

  it('takes an offset or Z as an absolute instant', () => {
    expect(parseSimStart('2025-06-21T12:00:00Z', berlin)).toBe(Date.UTC(2025, 5, 21, 12));
    expect(parseSimStart('2025-06-21T12:00:00+05:30', berlin)).toBe(Date.UTC(2025, 5, 21, 6, 30));
  });

  it('throws on anything else', () => {
    for (const bad of [
      '',
      'tomorrow',
      '2025-13-01T00:00:00',
      '2025-02-30T00:00',
      '2025-06-21T24:00:00',
      '1750000000000',
    ]) {
      expect(() => parseSimStart(bad, berlin), bad).toThrow();
    }
  });
});
