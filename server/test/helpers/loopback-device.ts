import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { onTestFinished, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { freePort } from './mosquitto.js';

/**
 * A stand-in OpenDTU on the loopback interface for the relay's unit tests, whose socket answer
 * the test chooses: hang up at once, hold the upgrade unanswered, accept the socket, or accept
 * it and never answer a ping. REST paths answer what the test set, 404 otherwise.
 */

/**
 * A plain HTTP server on the loopback interface for one test, closed (connections and all) when
 * the test finishes; its base URL.
 */
export async function loopbackHttp(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export type LoopbackMode = 'hang-up' | 'hold' | 'accept' | 'accept-silent';

export async function loopbackDevice() {
  let mode: LoopbackMode = 'hang-up';
  let upgrades = 0;
  const sockets: WebSocket[] = [];
  const held: Duplex[] = [];
  const answers = new Map<string, unknown>();
  const wss = new WebSocketServer({ noServer: true });
  const silent = new WebSocketServer({ noServer: true, autoPong: false });
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (answer === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
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
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    upgrades: () => upgrades,
    setMode: (next: LoopbackMode) => (mode = next),
    /** What GET `path` answers from now on (as JSON, status 200). */
    answer: (path: string, body: unknown) => answers.set(path, body),
    /** The device sends a frame on every open socket. */
    send: (frame: string | Buffer) => sockets.forEach((ws) => ws.send(frame)),
    /** The device ends the open socket, as a reboot does. */
    dropAll: () => sockets.splice(0).forEach((ws) => ws.terminate()),
  };
}

/** Lets real I/O run (fake timers leave setImmediate alone) until `done`, for up to 5 s. */
export async function settle(done: () => boolean, what: string): Promise<void> {
  const end = performance.now() + 5000;
  while (!done()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A little real time for I/O that should not happen (a retry before its time). */
export async function quietly(): Promise<void> {
  const end = performance.now() + 50;
  while (performance.now() < end) await new Promise((resolve) => setImmediate(resolve));
}

/** A moment far from the real one, so a time read from Date.now instead of the clock shows. */
export const FAKE_EPOCH = Date.UTC(2031, 2, 4, 5, 6, 7);

/**
 * A fake host clock for code that takes `now`: Node's timers are faked and move only with
 * vi.advanceTimersByTime*, and `now()` reads the same fake time. Date stays real, so a part that
 * calls Date.now itself instead of the clock it was given reads a time years away. Undo with
 * vi.useRealTimers().
 */
export function fakeHostClock(start = FAKE_EPOCH): { now: () => number; start: number } {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    now: start,
  });
  return { now: () => vi.getMockedSystemTime()!.getTime(), start };
}
