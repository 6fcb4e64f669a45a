import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { freePort } from '../../../test/helpers/mosquitto.js';
import { DeviceTarget } from './device-target.js';
import { LiveLink, type LinkAway } from './live-link.js';

/**
 * The link's timing under fake timers, against a real loopback server whose answer the test
 * chooses: hang up at once, hold the upgrade unanswered, accept the
 * socket, or accept it and never answer a ping.
 * Only the timers are fake; sockets are real, so each step waits for real I/O to settle.
 */

type Mode = 'hang-up' | 'hold' | 'accept' | 'accept-silent';

async function upstream() {
  let mode: Mode = 'hang-up';
  let upgrades = 0;
  const sockets: WebSocket[] = [];
  const held: Duplex[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const silent = new WebSocketServer({ noServer: true, autoPong: false });
  const server = createServer();
  server.on('upgrade', (request, socket, head) => {
    upgrades++;
    if (mode === 'hang-up') return socket.destroy();
    if (mode === 'hold') return void held.push(socket);
    const target = mode === 'accept' ? wss : silent;
    target.handleUpgrade(request, socket, head, (ws) => sockets.push(ws));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const ws of sockets) ws.terminate();
    for (const socket of held) socket.destroy();
    wss.close();
    silent.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    upgrades: () => upgrades,
    setMode: (next: Mode) => (mode = next),
    /** The device sends a frame on every open socket. */
    send: (frame: string | Buffer) => sockets.forEach((ws) => ws.send(frame)),
    /** The device ends the open socket, as a reboot does. */
    dropAll: () => sockets.splice(0).forEach((ws) => ws.terminate()),
  };
}

/** Lets real I/O run (fake timers leave setImmediate alone) until `done`, for up to 5 s. */
async function settle(done: () => boolean, what: string): Promise<void> {
  const end = performance.now() + 5000;
  while (!done()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A little real time for I/O that should not happen (a retry before its time). */
async function quietly(): Promise<void> {
  const end = performance.now() + 50;
  while (performance.now() < end) await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
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
