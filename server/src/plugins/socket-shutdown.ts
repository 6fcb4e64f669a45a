import type { FastifyInstance } from 'fastify';

/** RFC 6455 "going away": the server is shutting down or rebooting. */
export const SOCKET_CLOSE_GOING_AWAY = 1001;
/** A peer that does not answer the close frame by then is cut (ws itself would wait 30 s). */
export const SOCKET_CLOSE_GRACE_MS = 1000;

/**
 * @fastify/websocket's preClose (app.close(): shutdown and reboot): every /livedata and
 * /console client gets a close frame with 1001, new upgrades are refused, and peers that stay
 * silent are terminated after a grace period so that they cannot hold the shutdown open.
 */
export function closeWebSocketClients(this: FastifyInstance, done: () => void): void {
  const server = this.websocketServer;
  for (const client of server.clients) client.close(SOCKET_CLOSE_GOING_AWAY, 'Server going away');
  const cut = setTimeout(() => {
    for (const client of server.clients) client.terminate();
  }, SOCKET_CLOSE_GRACE_MS);
  // With client tracking, ws calls back once the last client is gone.
  server.close(() => clearTimeout(cut));
  done();
}
