import type { FastifyPluginAsync } from 'fastify';
import { CONSOLE_CHUNK_MAX_BYTES, CONSOLE_SOCKET_PATH } from '@heliodtu/contract/ws';
import { createGuardedHub } from './socket-hub.js';
import { socketCredential, socketGuard } from './socket-auth.js';
import { chunkText } from './text-chunks.js';

/** Lines written within this time go out together; the device flushes at least once a second. */
export const CONSOLE_FLUSH_MS = 100;

/**
 * WS /console, wire-contract §4.2: the gateway's log lines in frames of at most 500 bytes.
 * Unlike the device, each new client first gets the bounded backlog. Client messages (the
 * interface's 'ping') are ignored; WebSocket pings are answered by the ws library.
 */
export const consoleSocketRoutes: FastifyPluginAsync = async (app) => {
  const hub = createGuardedHub(app);
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    const lines = pending;
    pending = [];
    for (const chunk of chunkText(lines, CONSOLE_CHUNK_MAX_BYTES)) hub.broadcast(chunk);
  };
  const onLine = (line: string) => {
    if (hub.size === 0) return;
    pending.push(line);
    timer ??= setTimeout(flush, CONSOLE_FLUSH_MS);
  };
  app.consoleLog.on('line', onLine);
  app.addHook('onClose', async () => {
    app.consoleLog.off('line', onLine);
    clearTimeout(timer);
  });

  app.get(
    CONSOLE_SOCKET_PATH,
    { websocket: true, preHandler: socketGuard(app) },
    (socket, request) => {
      socket.on('message', () => undefined);
      hub.add(socket, socketCredential(request));
      // Pending lines are the newest of the backlog; they reach this client with the next flush.
      const backlog = app.consoleLog.backlog();
      const replay = backlog.slice(0, Math.max(0, backlog.length - pending.length));
      for (const chunk of chunkText(replay, CONSOLE_CHUNK_MAX_BYTES)) hub.send(socket, chunk);
    },
  );
};
