import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { CONSOLE_CHUNK_MAX_BYTES, CONSOLE_SOCKET_PATH } from '@heliodtu/contract/ws';
import type { DeviceConsole } from '../../device/relay/device-console.js';
import { createGuardedHub, type SocketHub } from './socket-hub.js';
import { socketCredential, socketGuard, type SocketCredential } from './socket-auth.js';
import { chunkText } from './text-chunks.js';

/** Lines written within this time go out together; the device flushes at least once a second. */
export const CONSOLE_FLUSH_MS = 100;
/** On a companion, each of its own lines starts with this, so it stands apart from the device's. */
export const COMPANION_LINE_PREFIX = '[companion] ';
/** How long the companion's own lines wait for a device line to end before cutting in. */
export const MID_LINE_WAIT_MS = 1000;

export interface ConsoleSocketOptions {
  /** On a companion: the device's console, relayed to every browser. */
  device?: DeviceConsole;
}

/**
 * WS /console, wire-contract §4.2: the gateway's log lines in frames of at most 500 bytes.
 * Unlike the device, each new client first gets the bounded backlog. Client messages (the
 * interface's 'ping') are ignored; WebSocket pings are answered by the ws library.
 *
 * On a companion the console is the device's and the companion's together. Every browser
 * holds a watch on the device's console socket (one socket for all of them, closed a grace
 * time after the last leaves) and gets each device frame unchanged. The companion's own lines
 * (found the device, device away and back, its warnings) are interleaved, each starting with
 * COMPANION_LINE_PREFIX, and only between device lines: a device frame may end mid-line, and
 * the companion's lines wait for that line to end (at most MID_LINE_WAIT_MS, then they cut it
 * with a line break). A new browser gets the companion's backlog, then the device frames
 * since the device socket opened.
 */
export const consoleSocketRoutes: FastifyPluginAsync<ConsoleSocketOptions> = async (
  app,
  { device },
) => {
  const channel = createConsoleChannel(app, createGuardedHub(app), device);
  app.addHook('onClose', async () => channel.close());
  app.get(
    CONSOLE_SOCKET_PATH,
    { websocket: true, preHandler: socketGuard(app) },
    (socket, request) => channel.add(socket, socketCredential(app, request)),
  );
};

/** One console as browsers receive it: the gateway's lines, and a device's frames on a companion. */
export interface ConsoleChannel {
  add(socket: WebSocket, credential: SocketCredential): void;
  /** Stops following the lines and the device; the hub's clients are the caller's to close. */
  close(): void;
}

/** The console of `device` (or of the gateway itself) sent to the clients of `hub`. */
export function createConsoleChannel(
  app: FastifyInstance,
  hub: SocketHub,
  device: DeviceConsole | undefined,
): ConsoleChannel {
  const ownLine = (line: string) => (device ? COMPANION_LINE_PREFIX + line : line);
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let deviceMidLine = false;
  let waitingForDevice = false;

  const flush = (cutDeviceLine = false) => {
    clearTimeout(timer);
    timer = undefined;
    if (deviceMidLine && !cutDeviceLine) {
      waitingForDevice = true;
      timer = setTimeout(() => flush(true), MID_LINE_WAIT_MS);
      return;
    }
    waitingForDevice = false;
    const lines = deviceMidLine ? ['\r\n', ...pending] : pending;
    deviceMidLine = false;
    pending = [];
    for (const chunk of chunkText(lines, CONSOLE_CHUNK_MAX_BYTES)) hub.broadcast(chunk);
  };
  const onLine = (line: string) => {
    if (hub.size === 0) return;
    pending.push(ownLine(line));
    timer ??= setTimeout(() => flush(), CONSOLE_FLUSH_MS);
  };
  const onDeviceFrame = (text: string) => {
    if (hub.size === 0 || text === '') return;
    hub.broadcast(text);
    deviceMidLine = !text.endsWith('\n');
    if (!deviceMidLine && waitingForDevice) flush();
  };
  app.consoleLog.on('line', onLine);
  device?.on('frame', onDeviceFrame);

  return {
    close() {
      app.consoleLog.off('line', onLine);
      device?.off('frame', onDeviceFrame);
      clearTimeout(timer);
    },
    add(socket, credential) {
      socket.on('message', () => undefined);
      hub.add(socket, credential);
      if (device) {
        const release = device.watch();
        socket.on('close', release);
      }
      // Pending lines are the newest of the backlog; they reach this client with the next flush.
      const backlog = app.consoleLog.backlog();
      const replay = backlog.slice(0, Math.max(0, backlog.length - pending.length)).map(ownLine);
      for (const chunk of chunkText(replay, CONSOLE_CHUNK_MAX_BYTES)) hub.send(socket, chunk);
      for (const frame of device?.recentFrames() ?? []) hub.send(socket, frame);
    },
  };
}
