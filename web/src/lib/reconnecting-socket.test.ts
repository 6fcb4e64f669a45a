import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/testing/fake-socket';
import { ReconnectingSocket, type ReconnectingSocketOptions } from './reconnecting-socket';

function setup(overrides: Partial<ReconnectingSocketOptions> = {}) {
  const messages: string[] = [];
  const states: boolean[] = [];
  let n = 0;
  const socket = new ReconnectingSocket({
    urlFactory: () => `ws://host/livedata?n=${(n += 1)}`,
    onMessage: (text) => messages.push(text),
    onOpenChange: (open) => states.push(open),
    keepAliveMs: 59_000,
    createSocket: FakeSocket.create,
    ...overrides,
  });
  return { socket, messages, states };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ReconnectingSocket', () => {
  it('connects with a fresh URL from the factory and reports open', () => {
    const { socket, states } = setup();
    socket.start();
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.latest.url).toBe('ws://host/livedata?n=1');
    expect(socket.isOpen).toBe(false);
    FakeSocket.latest.acceptOpen();
    expect(socket.isOpen).toBe(true);
    expect(states).toEqual([true]);
  });

  it('passes text frames through', () => {
    const { socket, messages } = setup();
    socket.start();
    FakeSocket.latest.acceptOpen();
    FakeSocket.latest.push({ inverters: [] });
    FakeSocket.latest.push('hello');
    expect(messages).toEqual(['{"inverters":[]}', 'hello']);
  });

  it('sends the keep-alive ping every 59 s while open', () => {
    const { socket } = setup();
    socket.start();
    FakeSocket.latest.acceptOpen();
    vi.advanceTimersByTime(58_999);
    expect(FakeSocket.latest.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.latest.sent).toEqual(['ping']);
    vi.advanceTimersByTime(59_000);
    expect(FakeSocket.latest.sent).toEqual(['ping', 'ping']);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('uses the configured keep-alive text and period (console: 5 s)', () => {
    const { socket } = setup({ keepAliveMs: 5_000, keepAliveText: 'keep' });
    socket.start();
    FakeSocket.latest.acceptOpen();
    vi.advanceTimersByTime(15_000);
    expect(FakeSocket.latest.sent).toEqual(['keep', 'keep', 'keep']);
  });

  it("on '{}' closes the socket, reports closed and reconnects at the check 10 s later", () => {
    const { socket, messages, states } = setup();
    socket.start();
    const first = FakeSocket.latest;
    first.acceptOpen();
    first.push('{}');
    expect(messages).toEqual([]);
    expect(first.isClosed).toBe(true);
    expect(first.closedWith).toBe(1000);
    expect(states).toEqual([true, false]);
    vi.advanceTimersByTime(9_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.latest.acceptOpen();
    expect(states).toEqual([true, false, true]);
  });

  it("after '{}' and a reconnect the keep-alive is 59 s again", () => {
    const { socket } = setup();
    socket.start();
    FakeSocket.latest.acceptOpen();
    FakeSocket.latest.push(' {} ');
    vi.advanceTimersByTime(10_000);
    const second = FakeSocket.latest;
    second.acceptOpen();
    vi.advanceTimersByTime(58_000);
    expect(second.sent).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(second.sent).toEqual(['ping']);
  });

  it('retries an unexpected close after 1, 2, 5 and then 10 s', () => {
    const { socket, states } = setup();
    socket.start();
    FakeSocket.latest.acceptOpen();
    FakeSocket.latest.drop();
    expect(states).toEqual([true, false]);
    const expectRetryAfter = (ms: number) => {
      const before = FakeSocket.all.length;
      vi.advanceTimersByTime(ms - 1);
      expect(FakeSocket.all).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(before + 1);
      FakeSocket.latest.drop();
    };
    expectRetryAfter(1_000);
    expectRetryAfter(2_000);
    expectRetryAfter(5_000);
    expectRetryAfter(10_000);
    expectRetryAfter(10_000);
  });

  it('starts the retries from 1 s again after a successful open', () => {
    const { socket } = setup();
    socket.start();
    FakeSocket.latest.drop();
    vi.advanceTimersByTime(1_000);
    FakeSocket.latest.drop();
    vi.advanceTimersByTime(2_000);
    FakeSocket.latest.acceptOpen();
    FakeSocket.latest.drop();
    const before = FakeSocket.all.length;
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(before + 1);
  });

  it('with retries off, the keep-alive check alone reconnects (the spec behaviour)', () => {
    const { socket } = setup({ retryDelaysMs: [] });
    socket.start();
    FakeSocket.latest.acceptOpen();
    vi.advanceTimersByTime(30_000);
    FakeSocket.latest.drop();
    vi.advanceTimersByTime(28_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('leaves a socket that is still connecting alone at the check', () => {
    const { socket } = setup();
    socket.start();
    vi.advanceTimersByTime(59_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('close() detaches every handler and stops every timer', () => {
    const { socket, messages, states } = setup();
    socket.start();
    const first = FakeSocket.latest;
    first.acceptOpen();
    socket.close();
    expect(first.isClosed).toBe(true);
    expect(states).toEqual([true, false]);
    expect(first.onmessage).toBeNull();
    expect(first.onclose).toBeNull();
    first.push('late');
    first.drop();
    vi.advanceTimersByTime(600_000);
    expect(messages).toEqual([]);
    expect(FakeSocket.all).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('close() while connecting closes the socket once it opens, without reporting it', () => {
    const { socket, states } = setup();
    socket.start();
    const first = FakeSocket.latest;
    socket.close();
    expect(first.isClosed).toBe(false);
    first.acceptOpen();
    expect(first.closedWith).toBe(1000);
    expect(states).toEqual([]);
  });

  it('a factory that throws (bad URL) is retried like a failed connection', () => {
    let calls = 0;
    const { socket } = setup({
      createSocket: (url) => {
        calls += 1;
        if (calls === 1) throw new SyntaxError('bad url');
        return FakeSocket.create(url);
      },
    });
    socket.start();
    expect(FakeSocket.all).toHaveLength(0);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('start() twice opens one socket', () => {
    const { socket } = setup();
    socket.start();
    socket.start();
    expect(FakeSocket.all).toHaveLength(1);
  });
});
