import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  liveDataMessageFixture,
  liveDataStatusFixture,
} from '@heliodtu/contract/fixtures/live-data';
import { gatewayReach, useGatewayReach } from '@/lib/gateway-reach';
import { FakeSocket } from '@/testing/fake-socket';
import {
  FALLBACK_AFTER_MS,
  LiveConnection,
  POLL_INTERVAL_MS,
  RELOAD_PAUSE_MS,
  SOCKET_STABLE_MS,
  WAKE_STALE_MS,
} from './live-connection';
import { liveActions, useLiveStore } from './live-store';

const BALCONY = '114182352592';

/** The full object of one inverter, as `?inv=` answers it. */
function fullStatus(serial: string) {
  const partial = liveDataStatusFixture.inverters.find((i) => i.serial === serial);
  const [full] = liveDataMessageFixture.inverters;
  return { ...liveDataMessageFixture, inverters: [{ ...full, ...partial, data_age: 1 }] };
}

function setup() {
  const calls: (string | undefined)[] = [];
  let failing = false;
  const fetchStatus = vi.fn((inv?: string) => {
    calls.push(inv);
    if (failing) return Promise.reject(new Error('offline'));
    return Promise.resolve(inv ? fullStatus(inv) : liveDataStatusFixture);
  });
  const connection = new LiveConnection({
    fetchStatus,
    socketUrl: () => 'ws://127.0.0.1/livedata',
    createSocket: FakeSocket.create,
  });
  return {
    connection,
    calls,
    setFailing: (value: boolean) => (failing = value),
  };
}

const state = () => useLiveStore.getState();

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
  liveActions.reset();
  gatewayReach.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LiveConnection', () => {
  it('loads the list, then opens the socket and shows online', async () => {
    const { connection, calls } = setup();
    await expect(connection.start()).resolves.toBe(true);
    expect(calls).toEqual([undefined]);
    expect(state().data?.inverters).toHaveLength(3);
    expect(FakeSocket.all).toHaveLength(1);
    expect(state().connected).toBe(false);
    FakeSocket.latest.acceptOpen();
    expect(state().connected).toBe(true);
    connection.stop();
  });

  it('merges socket messages into the store with their arrival time', async () => {
    const { connection } = setup();
    await connection.start();
    FakeSocket.latest.acceptOpen();
    vi.setSystemTime(1_000_000);
    FakeSocket.latest.push(liveDataMessageFixture);
    expect(state().data?.inverters[0]?.AC).toEqual(liveDataMessageFixture.inverters[0]?.AC);
    expect(state().receivedAt[BALCONY]).toBe(1_000_000);
    expect(state().lastUpdateAt).toBe(1_000_000);
    FakeSocket.latest.push('garbage');
    expect(state().data?.inverters).toHaveLength(3);
    connection.stop();
  });

  it("on '{}' goes offline and reconnects 10 s later", async () => {
    const { connection } = setup();
    await connection.start();
    FakeSocket.latest.acceptOpen();
    FakeSocket.latest.push('{}');
    expect(state().connected).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.latest.acceptOpen();
    expect(state().connected).toBe(true);
    connection.stop();
  });

  it('reload closes the socket, waits 1 s, refetches, then reconnects', async () => {
    const { connection, calls } = setup();
    await connection.start();
    const first = FakeSocket.latest;
    first.acceptOpen();
    const reloaded = connection.reload();
    expect(first.isClosed).toBe(true);
    expect(state().connected).toBe(false);
    await vi.advanceTimersByTimeAsync(RELOAD_PAUSE_MS - 1);
    expect(calls).toEqual([undefined]);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(reloaded).resolves.toBe(true);
    expect(calls).toEqual([undefined, undefined]);
    expect(FakeSocket.all).toHaveLength(2);
    connection.stop();
  });

  it('falls back to polling every inverter when the socket stays closed', async () => {
    const { connection, calls } = setup();
    await connection.start();
    await vi.advanceTimersByTimeAsync(FALLBACK_AFTER_MS - 1);
    expect(state().transport).toBe('socket');
    await vi.advanceTimersByTimeAsync(1);
    expect(state().transport).toBe('polling');
    const serials = liveDataStatusFixture.inverters.map((i) => i.serial);
    expect(calls).toEqual([undefined, undefined, ...serials]);
    expect(state().data?.inverters.every((i) => i.DC !== undefined)).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(calls).toHaveLength(1 + 2 * (1 + serials.length));
    connection.stop();
  });

  it('polls on after a failed round', async () => {
    const { connection, calls, setFailing } = setup();
    await connection.start();
    setFailing(true);
    await vi.advanceTimersByTimeAsync(FALLBACK_AFTER_MS);
    expect(calls).toHaveLength(2);
    setFailing(false);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(calls).toHaveLength(3 + liveDataStatusFixture.inverters.length);
    connection.stop();
  });

  it('tells every notice the gateway answers when the socket opens or brings a message', async () => {
    const { connection } = setup();
    await connection.start();
    gatewayReach.lost();
    FakeSocket.latest.acceptOpen();
    expect(useGatewayReach.getState().unreachable).toBe(false);
    gatewayReach.lost();
    FakeSocket.latest.push(liveDataMessageFixture);
    expect(useGatewayReach.getState()).toEqual({ unreachable: false, seenAt: Date.now() });
    connection.stop();
  });

  it('stops polling once a socket stayed open for a while', async () => {
    const { connection, calls } = setup();
    await connection.start();
    await vi.advanceTimersByTimeAsync(FALLBACK_AFTER_MS + 1);
    expect(state().transport).toBe('polling');
    // The socket's own retries keep running meanwhile; one of them gets through.
    FakeSocket.latest.acceptOpen();
    expect(state().connected).toBe(true);
    await vi.advanceTimersByTimeAsync(SOCKET_STABLE_MS);
    expect(state().transport).toBe('socket');
    const count = calls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(calls).toHaveLength(count);
    connection.stop();
  });

  it('keeps polling while the socket only opens briefly', async () => {
    const { connection } = setup();
    await connection.start();
    await vi.advanceTimersByTimeAsync(FALLBACK_AFTER_MS + 1);
    for (let i = 0; i < 4; i += 1) {
      FakeSocket.latest.acceptOpen();
      await vi.advanceTimersByTimeAsync(SOCKET_STABLE_MS - 1_000);
      FakeSocket.latest.drop();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(state().transport).toBe('polling');
    }
    connection.stop();
  });

  it('does not poll when the socket opens in time', async () => {
    const { connection, calls } = setup();
    await connection.start();
    await vi.advanceTimersByTimeAsync(FALLBACK_AFTER_MS - 1_000);
    FakeSocket.latest.acceptOpen();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state().transport).toBe('socket');
    expect(calls).toEqual([undefined]);
    connection.stop();
  });

  it('stop() leaves no timer running and drops late answers', async () => {
    const { connection } = setup();
    void connection.start();
    connection.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().data).toBeNull();
    expect(state().connected).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wake() reconnects when the socket is closed or nothing arrived lately', async () => {
    const { connection } = setup();
    await connection.start();
    FakeSocket.latest.acceptOpen();
    FakeSocket.latest.push(liveDataMessageFixture);
    connection.wake(Date.now() + WAKE_STALE_MS);
    expect(FakeSocket.all).toHaveLength(1);
    connection.wake(Date.now() + WAKE_STALE_MS + 1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[0]?.isClosed).toBe(true);
    connection.wake();
    expect(FakeSocket.all).toHaveLength(3);
    connection.stop();
  });

  it('retryNow reconnects a closed socket at once', async () => {
    const { connection } = setup();
    await connection.start();
    FakeSocket.latest.drop();
    connection.retryNow();
    expect(FakeSocket.all).toHaveLength(2);
    connection.stop();
  });
});
