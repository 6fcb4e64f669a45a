import type { FastifyInstance } from 'fastify';
import { liveSnapshotOf } from './plugins/rendered-live-page.js';
import { webStaticPlugin } from './plugins/web-static.js';
import { companionPlugin } from './plugins/companion.js';
import { consoleEventsPlugin } from './plugins/console-events.js';
import { ownBrokerHousePlugin } from './plugins/own-broker-house.js';
import { securityRoutes } from './routes/security.js';
import { i18nRoutes } from './routes/i18n.js';
import { zonesRoutes } from './routes/zones.js';
import { deviceSocketRoutes } from './routes/sockets/device-sockets.js';
import { livedataSocketRoutes } from './routes/sockets/livedata-socket.js';
import { relayRoutes } from './routes/relay.js';
import { historyPlugin } from './history/history-plugin.js';
import { companionApiNotFound } from './routes/api-path-unknown.js';
import type { RegisteredDevice } from './device/relay/device-registry.js';
import type { ExportControlPluginOptions } from './export-control/export-control-plugin.js';
import { registerSharedAreaPlugins, registerSharedAreaRoutes } from './shared-areas.js';

/**
 * The companion's plugins, after buildApp's common start (issue 24): in front of real OpenDTU
 * devices, no simulated fleet and no OpenDTU MQTT of its own (the devices publish); their live
 * data is recorded instead.
 */
export async function registerCompanionPlugins(
  app: FastifyInstance,
  exportControl: Partial<ExportControlPluginOptions> | undefined,
  now: () => number,
): Promise<void> {
  await app.register(companionPlugin, { now });
  await app.register(consoleEventsPlugin);
  const companion = app.companion!;
  // Days by the device's own time zone, read from it (issue 24).
  await app.register(historyPlugin, { source: companion.live, tz: () => companion.timezone });
  followDevicesInHistory(app);
  await registerSharedAreaPlugins(app, exportControl, now);
  // The house's topics on HelioDTU's own broker: the devices' MQTT settings are theirs.
  await app.register(ownBrokerHousePlugin);
}

/**
 * Several devices (issue 27): every device besides the first is recorded too, each by its own
 * time zone, from when it is added; a removed device's rows stay readable.
 */
function followDevicesInHistory(app: FastifyInstance): void {
  const registry = app.devices!;
  const history = app.history;
  if (!history) return;
  const follow = (device: RegisteredDevice) =>
    history.follow(device.companion.live, () => device.companion.timezone);
  const unfollow = (device: RegisteredDevice) => history.unfollow(device.id);
  for (const device of registry.list()) follow(device);
  registry.on('added', follow);
  registry.on('removed', unfollow);
  app.addHook('onClose', async () => {
    registry.off('added', follow);
    registry.off('removed', unfollow);
  });
}

/**
 * The companion's routes: its own login, history and API description answered here, live data
 * from every device's socket, the console a device's with the companion's lines among it,
 * every other OpenDTU API request relayed to the device it is for.
 */
export async function registerCompanionRoutes(app: FastifyInstance): Promise<void> {
  const registry = app.devices!;
  await app.register(securityRoutes);
  await app.register(i18nRoutes);
  await app.register(zonesRoutes);
  // /console (the first device's), /dtu/<id>/console and /dtu/<id>/livedata.
  await app.register(deviceSocketRoutes, { registry });
  // Every device's inverters on one socket (one device: its frames unchanged).
  await app.register(livedataSocketRoutes, { source: registry });
  await registerSharedAreaRoutes(app);
  await app.register(relayRoutes, { registry });
  await app.register(webStaticPlugin, {
    webDist: app.system.options.webDist,
    // While a device is away: its last frames, their ages grown (RelayLiveStore.liveData).
    liveSnapshot: () => liveSnapshotOf(registry),
    liveChanges: registry,
    notFoundFirst: companionApiNotFound,
  });
}
