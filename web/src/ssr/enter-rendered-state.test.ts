import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  liveDataMessageFixture,
  liveDataStatusFixture,
} from '@heliodtu/contract/fixtures/live-data';
import { LiveConnection } from '@/features/live/live-connection';
import { createLiveStore, liveWriterOf, useLiveStore } from '@/features/live/live-store';
import { parseLiveUpdate } from '@/features/live/merge-live-update';
import { clockNow, freezeClock } from '@/hooks/use-now';
import { useAuthStore } from '@/lib/auth-store';
import { FakeSocket } from '@/testing/fake-socket';
import { enterRenderedState } from './enter-rendered-state';

// The state side of a server-rendered live page (issue 26) on a store and a clock of the test's
// own, without rendering the app: what the page came with, and how the browser takes over.

const BALCONY = '114182352592';
const RENDERED_AT = 1_000_000;

function ownStore() {
  const store = createLiveStore();
  let now = RENDERED_AT + 4_000;
  return {
    store,
    live: liveWriterOf(store),
    now: () => now,
    setNow: (ms: number) => (now = ms),
  };
}

beforeEach(() => {
  FakeSocket.reset();
  // The browser's own state: a remembered tab and a login.
  window.localStorage.setItem('liveTab', BALCONY);
  window.localStorage.setItem('user', JSON.stringify({ authdata: 'YWRtaW46b3BlbkRUVTQy' }));
});
afterEach(() => {
  freezeClock(undefined);
  window.localStorage.clear();
});

describe('entering a server-rendered live page', () => {
  it('marks the data as the server’s in the store it is given until the browser’s own data takes over', async () => {
    const { store, live, now, setNow } = ownStore();
    const update = parseLiveUpdate(liveDataStatusFixture)!;
    const takeOver = enterRenderedState(update, RENDERED_AT, { live, now });

    // Exactly what the server rendered from: its moment, the default tab, logged out.
    expect(store.getState()).toMatchObject({
      renderedByServer: true,
      lastUpdateAt: RENDERED_AT,
      selected: null,
    });
    expect(store.getState().receivedAt[BALCONY]).toBe(RENDERED_AT);
    expect(clockNow()).toBe(RENDERED_AT);
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
    // Nothing of it lands in the app's own store.
    expect(useLiveStore.getState().renderedByServer).toBe(false);

    // Hydrated: the browser's clock, tab and login; the data is still the server's.
    takeOver();
    expect(useAuthStore.getState().isLoggedIn).toBe(true);
    expect(store.getState()).toMatchObject({
      renderedByServer: true,
      lastUpdateAt: RENDERED_AT + 4_000,
      selected: BALCONY,
    });
    expect(store.getState().receivedAt[BALCONY]).toBe(RENDERED_AT + 4_000);
    expect(clockNow()).not.toBe(RENDERED_AT);

    // The live view's connection opens the socket without asking for the list again, and the
    // first message of its own ends the mark, stamped by the clock the connection was given.
    const fetchStatus = vi.fn(() => Promise.resolve(liveDataStatusFixture));
    const connection = new LiveConnection({
      fetchStatus,
      socketUrl: () => 'ws://127.0.0.1/livedata',
      createSocket: FakeSocket.create,
      live,
      now,
    });
    await expect(connection.start(store.getState().renderedByServer)).resolves.toBe(true);
    expect(fetchStatus).not.toHaveBeenCalled();
    FakeSocket.latest.acceptOpen();
    expect(store.getState().connected).toBe(true);
    setNow(RENDERED_AT + 9_000);
    FakeSocket.latest.push(liveDataMessageFixture);
    expect(store.getState().renderedByServer).toBe(false);
    expect(store.getState().receivedAt[BALCONY]).toBe(RENDERED_AT + 9_000);
    connection.stop();
    expect(store.getState().connected).toBe(false);
  });

  it('ends the mark on a status answer of the browser’s own and on leaving the page', () => {
    const { store, live } = ownStore();
    const update = parseLiveUpdate(liveDataStatusFixture)!;
    live.rendered(update, RENDERED_AT);
    expect(store.getState().renderedByServer).toBe(true);
    live.snapshot(update, RENDERED_AT + 1_000);
    expect(store.getState().renderedByServer).toBe(false);

    live.rendered(update, RENDERED_AT);
    live.reset();
    expect(store.getState().renderedByServer).toBe(false);
    expect(store.getState().data).toBeNull();
  });
});
