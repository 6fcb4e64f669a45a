import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCodeCompanion } from '@heliodtu/contract/codes';
import { DEVICE_PATH_PREFIX } from '@heliodtu/contract/companion';
import {
  CONSOLE_SOCKET_PATH,
  LIVE_DATA_SOCKET_PATH,
  SOCKET_CLOSE_UNAUTHORIZED,
} from '@heliodtu/contract/ws';
import type { DeviceRegistry, RegisteredDevice } from '../../device/relay/device-registry.js';
import { apiResult } from '../../plugins/api-result.js';
import { createConsoleChannel, type ConsoleChannel } from './console-socket.js';
import { LiveFanout } from './live-fanout.js';
import { SocketHub } from './socket-hub.js';
import { socketAllowed, socketCredential, socketGuard } from './socket-auth.js';

/** A socket closed because its device was removed on the Devices screen (going away). */
const SOCKET_CLOSE_DEVICE_REMOVED = 1001;

interface DeviceChannels {
  liveHub: SocketHub;
  fanout: LiveFanout;
  consoleHub: SocketHub;
  console: ConsoleChannel;
}

/**
 * The companion's sockets of one device (issue 27): `/dtu/<id>/livedata` and
 * `/dtu/<id>/console` reach exactly that device, and the unprefixed `/console` the first one
 * (the merged `/livedata` is livedata-socket.ts over the registry). Each device's hubs are
 * made on its first client, since devices come and go at run time, and closed when it goes.
 */
export const deviceSocketRoutes: FastifyPluginAsync<{ registry: DeviceRegistry }> = async (
  app,
  { registry },
) => {
  const channels = new Map<string, DeviceChannels>();
  const channelsOf = (device: RegisteredDevice): DeviceChannels => {
    let found = channels.get(device.id);
    if (found) return found;
    const liveHub = new SocketHub();
    const fanout = new LiveFanout(device.companion.live, liveHub, app.system.options.liveSocket);
    fanout.start();
    const consoleHub = new SocketHub();
    found = {
      liveHub,
      fanout,
      consoleHub,
      console: createConsoleChannel(app, consoleHub, device.companion.console),
    };
    channels.set(device.id, found);
    return found;
  };
  const closeChannels = (id: string, code: number, reason: string) => {
    const found = channels.get(id);
    if (!found) return;
    channels.delete(id);
    found.fanout.stop();
    found.console.close();
    found.liveHub.closeUnless(() => false, code, reason);
    found.consoleHub.closeUnless(() => false, code, reason);
  };
  const onRemoved = (device: RegisteredDevice) =>
    closeChannels(device.id, SOCKET_CLOSE_DEVICE_REMOVED, 'Device removed');
  // As createGuardedHub does for one hub: a changed password closes the clients it no longer lets in.
  const onSaved = (changed: readonly string[]) => {
    if (!changed.includes('security')) return;
    const keep = (credential: Parameters<typeof socketAllowed>[1]) =>
      socketAllowed(app, credential);
    for (const found of channels.values()) {
      found.liveHub.closeUnless(keep, SOCKET_CLOSE_UNAUTHORIZED, 'Unauthorized');
      found.consoleHub.closeUnless(keep, SOCKET_CLOSE_UNAUTHORIZED, 'Unauthorized');
    }
  };
  registry.on('removed', onRemoved);
  app.store.on('saved', onSaved);
  app.addHook('onClose', async () => {
    registry.off('removed', onRemoved);
    app.store.off('saved', onSaved);
    for (const id of [...channels.keys()]) closeChannels(id, 1001, 'Going away');
  });

  const guard = socketGuard(app);
  const knownDevice = deviceParamGuard(registry);

  app.get(
    `${DEVICE_PATH_PREFIX}:dtu${LIVE_DATA_SOCKET_PATH}`,
    { websocket: true, preHandler: [knownDevice, guard] },
    (socket, request) => {
      socket.on('message', () => undefined);
      const device = registry.get(deviceParam(request));
      if (!device) return socket.close(SOCKET_CLOSE_DEVICE_REMOVED, 'Device removed');
      const { liveHub, fanout } = channelsOf(device);
      liveHub.add(socket, socketCredential(app, request));
      fanout.welcome(socket);
    },
  );
  const consoleRoute = (device: RegisteredDevice | undefined) =>
    device ? channelsOf(device).console : undefined;
  app.get(
    `${DEVICE_PATH_PREFIX}:dtu${CONSOLE_SOCKET_PATH}`,
    { websocket: true, preHandler: [knownDevice, guard] },
    (socket, request) => {
      const channel = consoleRoute(registry.get(deviceParam(request)));
      if (!channel) return socket.close(SOCKET_CLOSE_DEVICE_REMOVED, 'Device removed');
      channel.add(socket, socketCredential(app, request));
    },
  );
  app.get(CONSOLE_SOCKET_PATH, { websocket: true, preHandler: guard }, (socket, request) => {
    const channel = consoleRoute(registry.first);
    if (!channel) return socket.close(SOCKET_CLOSE_DEVICE_REMOVED, 'No device');
    channel.add(socket, socketCredential(app, request));
  });
};

/** The `:dtu` route parameter. */
export function deviceParam(request: FastifyRequest): string {
  return (request.params as { dtu?: string }).dtu ?? '';
}

/** 404 with a JSON result for a `/dtu/<id>/` path naming no device: never another device's answer. */
export function deviceParamGuard(registry: DeviceRegistry) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (registry.get(deviceParam(request))) return;
    return reply.code(404).type('application/json').send(apiResult(ApiCodeCompanion.DeviceUnknown));
  };
}
