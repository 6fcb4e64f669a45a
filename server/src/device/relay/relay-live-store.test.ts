import { describe, expect, it } from 'vitest';
import { liveDataMessageFixture } from '@heliodtu/contract/fixtures/live-data';
import { sampleOf } from '../../history/recorder.js';
import { RelayLiveStore } from './relay-live-store.js';

const frame = (changes: Record<string, unknown> = {}) =>
  structuredClone({
    ...liveDataMessageFixture,
    inverters: [{ ...liveDataMessageFixture.inverters[0]!, ...changes }],
  }) as unknown as Record<string, unknown>;

describe('RelayLiveStore', () => {
  it('keeps the last frame per inverter and says which one changed', () => {
    const store = new RelayLiveStore('dtu', () => 1_000_000);
    const updates: string[] = [];
    store.on('update', (serial) => updates.push(serial));
    expect(store.accept(frame({ serial: 'a1' }))).toBe(true);
    expect(store.accept(frame({ serial: 'b2', name: 'Roof' }))).toBe(true);
    expect(store.accept(frame({ serial: 'a1', name: 'Renamed' }))).toBe(true);
    expect(updates).toEqual(['a1', 'b2', 'a1']);
    expect(store.inverterSerials()).toEqual(['a1', 'b2']);
    const status = store.liveData('a1');
    expect(status.inverters.map((i) => i.name)).toEqual(['Renamed']);
    expect(status.total).toEqual(liveDataMessageFixture.total);
    expect(store.liveData('unknown').inverters).toEqual([]);
  });

  it("grows an inverter's data age by the time since its frame came", () => {
    let now = 1_000_000;
    const store = new RelayLiveStore('dtu', () => now);
    store.accept(frame({ serial: 'a1', data_age: 2 }));
    expect(store.liveData('a1').inverters[0]?.data_age).toBe(2);
    // The device is away: the fan-out repeats this frame, its age keeps counting.
    now += 25_400;
    expect(store.liveData('a1').inverters[0]?.data_age).toBe(27);
    // The history reads the packet as it came.
    expect(store.inverterState('a1')!.lastUpdateUptime).toBe(1000 - 2);
  });

  it('drops what is not one inverter of live data, keeping nothing of it', () => {
    const store = new RelayLiveStore('dtu');
    const bad = [
      {},
      { inverters: [] },
      { ...frame(), inverters: [frame().inverters, frame().inverters].flat() },
      { ...frame(), inverters: [{ name: 'no serial' }] },
      { ...frame(), inverters: [null] },
      { ...frame(), total: undefined },
      { ...frame(), hints: 'x' },
    ];
    for (const data of bad) expect(store.accept(data as Record<string, unknown>)).toBe(false);
    expect(store.inverterSerials()).toEqual([]);
  });

  it('gives the history a fresh packet only, told apart by the second it was taken', () => {
    let now = 1_000_000;
    const store = new RelayLiveStore('dtu', () => now);
    store.accept(frame({ serial: 'a1', data_age: 4 }));
    const state = store.inverterState('a1')!;
    expect(state.hasData).toBe(true);
    expect(state.lastUpdateUptime).toBe(1000 - 4);
    expect(sampleOf(state, now)?.acW).toBe(liveDataMessageFixture.inverters[0]!.AC['0']!.Power.v);
    // The same packet a second later: the same stamp, so the recorder skips it.
    now += 1000;
    store.accept(frame({ serial: 'a1', data_age: 5 }));
    expect(store.inverterState('a1')!.lastUpdateUptime).toBe(1000 - 4);
    // An inverter asleep for minutes: its last values are not a new sample.
    store.accept(frame({ serial: 'a1', data_age: 600 }));
    expect(sampleOf(store.inverterState('a1')!, now)).toBeNull();
    expect(store.inverterState('unknown')).toBeNull();
  });
});
