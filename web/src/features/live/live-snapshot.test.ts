import { afterEach, describe, expect, it } from 'vitest';
import { liveDataStatusFixture } from '@heliodtu/contract/fixtures/live-data';
import { keepSnapshots, readSnapshot, restoreSnapshot, SNAPSHOT_EVERY_MS } from './live-snapshot';
import { liveActions, useLiveStore } from './live-store';
import { parseLiveUpdate } from './merge-live-update';

const update = parseLiveUpdate(liveDataStatusFixture)!;
const serial = update.inverters[0]!.serial;
const T0 = Date.UTC(2025, 5, 21, 10, 0, 0);

afterEach(() => liveActions.reset());

describe('keepSnapshots', () => {
  it('stores the live data with its arrival times, at most every SNAPSHOT_EVERY_MS', () => {
    const stop = keepSnapshots();
    liveActions.snapshot(update, T0);
    expect(readSnapshot()).toMatchObject({ savedAt: T0, receivedAt: { [serial]: T0 } });
    expect(readSnapshot()?.data.inverters).toHaveLength(update.inverters.length);

    liveActions.snapshot(update, T0 + SNAPSHOT_EVERY_MS - 1);
    expect(readSnapshot()?.savedAt).toBe(T0);
    liveActions.snapshot(update, T0 + SNAPSHOT_EVERY_MS);
    expect(readSnapshot()?.savedAt).toBe(T0 + SNAPSHOT_EVERY_MS);

    stop();
    liveActions.snapshot(update, T0 + 10 * SNAPSHOT_EVERY_MS);
    expect(readSnapshot()?.savedAt).toBe(T0 + SNAPSHOT_EVERY_MS);
  });
});

describe('restoreSnapshot', () => {
  it('puts the stored data into an empty store with its own times', () => {
    const stop = keepSnapshots();
    liveActions.snapshot(update, T0);
    stop();
    liveActions.reset();

    expect(restoreSnapshot()).toBe(T0);
    const state = useLiveStore.getState();
    expect(state.data?.inverters.map((inverter) => inverter.serial)).toEqual(
      update.inverters.map((inverter) => inverter.serial),
    );
    expect(state.lastUpdateAt).toBe(T0);
    expect(state.receivedAt[serial]).toBe(T0);
  });

  it('leaves live data alone and ignores what is not a snapshot', () => {
    liveActions.snapshot(update, T0);
    window.localStorage.setItem('liveSnapshot', JSON.stringify({ savedAt: 1, data: {} }));
    expect(restoreSnapshot()).toBeNull();
    liveActions.reset();
    expect(restoreSnapshot()).toBeNull();
    window.localStorage.setItem('liveSnapshot', '{not json');
    expect(readSnapshot()).toBeNull();
    expect(useLiveStore.getState().data).toBeNull();
  });
});
