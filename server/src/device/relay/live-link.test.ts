import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  fakeHostClock,
  loopbackDevice as upstream,
  quietly,
  settle,
} from '../../../test/helpers/loopback-device.js';
import { DeviceTarget } from './device-target.js';
import { LiveLink, type LinkAway } from './live-link.js';

/**
 * The link's timing on a fake host clock (timers and `now`), against a real loopback server
 * whose answer the test chooses (test/helpers/loopback-device.ts). Only the time is fake;
 * sockets are real, so each step waits for real I/O to settle.
 */

let clock: ReturnType<typeof fakeHostClock>;

beforeEach(() => {
  clock = fakeHostClock();
});
afterEach(() => {
  vi.useRealTimers();
});

function linkTo(url: string) {
  const lines: string[] = [];
  const away: LinkAway[] = [];
  const link = new LiveLink({
    target: new DeviceTarget({ id: 'dtu', url }),
    log: (line) => lines.push(line),
    now: clock.now,
  });
  link.on('away', (event) => away.push(event));
  onTestFinished(() => link.stop());
  return { link, lines, away };
}

describe('LiveLink back-off', () => {
  it('waits 1 s doubling to 30 s between tries, from 1 s again after a connection, and stops clean', async () => {
    const device = await upstream();
    const { link, lines, away } = linkTo(device.url);
    link.start();
    await settle(() => away.length === 1, 'the first failure');
    expect(away[0]?.reason.code).toBe('unreachable');

    const waits = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000];
    for (const [index, wait] of waits.entries()) {
      const tries = device.upgrades();
      await vi.advanceTimersByTimeAsync(wait - 1);
      await quietly();
      expect(device.upgrades(), `no try before ${wait} ms (step ${index})`).toBe(tries);
      await vi.advanceTimersByTimeAsync(1);
      await settle(() => device.upgrades() === tries + 1, `the try after ${wait} ms`);
      const next = Math.min(wait * 2, 30_000);
      await settle(() => link.nextRetryMs === next && link.state === 'away', 'the failure');
    }
    // The same reason on every try: one away event and one line for the whole outage.
    expect(away).toHaveLength(1);
    expect(lines).toHaveLength(1);

    // A connection resets the back-off: after the device drops it, the next try is 1 s away.
    device.setMode('accept');
    await vi.advanceTimersByTimeAsync(30_000);
    await settle(() => link.state === 'connected', 'connected');
    const tries = device.upgrades();
    device.dropAll();
    await settle(() => link.state === 'away', 'away again');
    expect(away.at(-1)?.reason.code).toBe('connection-lost');
    await vi.advanceTimersByTimeAsync(999);
    await quietly();
    expect(device.upgrades()).toBe(tries);
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => link.state === 'connected', 'connected after 1 s');

    await link.stop();
    expect(link.state).toBe('stopped');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() while away cancels the pending retry', async () => {
    const device = await upstream();
    const { link, away } = linkTo(device.url);
    link.start();
    await settle(() => away.length === 1, 'the first failure');
    // The retry, and the knock on the port of a device whose socket was cut.
    expect(vi.getTimerCount()).toBe(2);
    await link.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    await quietly();
    expect(device.upgrades()).toBe(1);
  });

  it('gives up on a device that stops answering pings (a Wi-Fi drop sends no FIN)', async () => {
    const device = await upstream();
    device.setMode('accept-silent');
    const { link, away } = linkTo(device.url);
    link.start();
    await settle(() => link.state === 'connected', 'connected');
    // The first ping goes out after 10 s; with no pong by the next, the link is away.
    await vi.advanceTimersByTimeAsync(10_000);
    await quietly();
    expect(link.state).toBe('connected');
    await vi.advanceTimersByTimeAsync(10_000);
    await settle(() => link.state === 'away', 'away');
    expect(away[0]?.reason).toEqual({
      code: 'timeout',
      message: `${device.url} did not answer within 10 s`,
    });
    expect(away[0]?.since).toBe(clock.start + 20_000);
  });

  it('gives up on a handshake that takes longer than 10 s', async () => {
    const device = await upstream();
    device.setMode('hold');
    const { link, away } = linkTo(device.url);
    link.start();
    await settle(() => device.upgrades() === 1, 'the upgrade request');
    await vi.advanceTimersByTimeAsync(9999);
    await quietly();
    expect(link.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => link.state === 'away', 'away');
    expect(away[0]?.reason).toEqual({
      code: 'timeout',
      message: `${device.url} did not answer within 10 s`,
    });
    // Away from the moment the handshake was given up on, by the clock the link was given.
    expect(link.awaySince).toBe(clock.start + 10_000);
    expect(away[0]?.since).toBe(clock.start + 10_000);
  });

  it('passes JSON objects on, drops other frames with one line, and survives a throwing listener', async () => {
    const device = await upstream();
    device.setMode('accept');
    const { link, lines } = linkTo(device.url);
    const received: unknown[] = [];
    link.on('message', ({ data }) => {
      received.push(data);
      if (received.length === 1) throw new Error('listener bug');
    });
    link.start();
    await settle(() => link.state === 'connected', 'connected');
    for (const frame of [
      '{"n":1}',
      'not json',
      '[1,2]',
      Buffer.from('{"n":0}'),
      'null',
      '{"n":2}',
    ]) {
      device.send(frame);
    }
    await settle(() => received.length === 2, 'both objects');
    expect(received).toEqual([{ n: 1 }, { n: 2 }]);
    expect(link.state).toBe('connected');
    expect(lines.slice(1)).toEqual([
      'Device dtu: message handler failed: listener bug',
      'Device dtu: ignoring a live frame that is not a JSON object',
    ]);
  });
});
