import type { FastifyPluginAsync } from 'fastify';
import { LIVE_DATA_SOCKET_PATH } from '@heliodtu/contract/ws';
import { LiveFanout, type LiveSource } from './live-fanout.js';
import { createGuardedHub } from './socket-hub.js';
import { socketCredential, socketGuard } from './socket-auth.js';

/**
 * WS /livedata, wire-contract §4.2: `{"inverters":[<one full object>],"total":…,"hints":…}`
 * per message. No client cap (the device keeps 8); a client too slow to keep up is closed
 * (socket-hub.ts back-pressure rule), so the others are never delayed.
 * Client messages (the interface's 'ping') are ignored; WebSocket pings are answered by ws.
 */
export const livedataSocketRoutes: FastifyPluginAsync<{ source?: LiveSource }> = async (
  app,
  { source },
) => {
  const hub = createGuardedHub(app);
  // The simulated fleet, or in companion mode the one device socket's relayed data.
  const fanout = new LiveFanout(source ?? app.device, hub, app.system.options.liveSocket);
  fanout.start();
  app.addHook('onClose', async () => fanout.stop());

  app.get(
    LIVE_DATA_SOCKET_PATH,
    { websocket: true, preHandler: socketGuard(app) },
    (socket, request) => {
      // Attached before anything else, so no early message is lost (@fastify/websocket docs).
      socket.on('message', () => undefined);
      hub.add(socket, socketCredential(app, request));
      fanout.welcome(socket);
    },
  );
};
