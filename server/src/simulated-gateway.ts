import type { FastifyInstance } from 'fastify';
import { liveSnapshotOf } from './plugins/rendered-live-page.js';
import { webStaticPlugin } from './plugins/web-static.js';
import { mqttPlugin } from './mqtt/mqtt-plugin.js';
import { mqttPublishingPlugin } from './plugins/mqtt-publishing.js';
import { securityRoutes } from './routes/security.js';
import { networkRoutes } from './routes/network.js';
import { ntpRoutes } from './routes/ntp.js';
import { mqttRoutes } from './routes/mqtt.js';
import { dtuRoutes } from './routes/dtu.js';
import { deviceRoutes } from './routes/device.js';
import { inverterRoutes } from './routes/inverter.js';
import { fileRoutes } from './routes/file.js';
import { systemRoutes } from './routes/system.js';
import { i18nRoutes } from './routes/i18n.js';
import { maintenanceRoutes } from './routes/maintenance.js';
import { zonesRoutes } from './routes/zones.js';
import { loggingRoutes } from './routes/logging.js';
import { consoleEventsPlugin } from './plugins/console-events.js';
import { consoleSocketRoutes } from './routes/sockets/console-socket.js';
import { devicePlugin } from './plugins/device.js';
import { simulatedHousePlugin } from './plugins/simulated-house.js';
import { livedataRoutes } from './routes/livedata.js';
import { limitRoutes } from './routes/limit.js';
import { powerRoutes } from './routes/power.js';
import { devinfoRoutes } from './routes/devinfo.js';
import { eventlogRoutes } from './routes/eventlog.js';
import { gridprofileRoutes } from './routes/gridprofile.js';
import { inverterStatsRoutes } from './routes/inverter-stats.js';
import { livedataSocketRoutes } from './routes/sockets/livedata-socket.js';
import { firmwareRoutes } from './routes/firmware.js';
import { prometheusRoutes } from './routes/prometheus.js';
import { historyPlugin } from './history/history-plugin.js';
import type { ExportControlPluginOptions } from './export-control/export-control-plugin.js';
import { registerSharedAreaPlugins, registerSharedAreaRoutes } from './shared-areas.js';
import { simTestRoutes } from './routes/sim-test.js';

/**
 * The simulated gateway's plugins, after buildApp's common start: the fleet, the house beside
 * it, OpenDTU's MQTT, then what records and watches it.
 */
export async function registerSimulatedPlugins(
  app: FastifyInstance,
  exportControl: Partial<ExportControlPluginOptions> | undefined,
  now: () => number,
): Promise<void> {
  await app.register(devicePlugin);
  // SIM_METER=house: the house beside the fleet, answering as a Shelly Pro 3EM on /rpc/….
  await app.register(simulatedHousePlugin);
  await app.register(mqttPlugin);
  await app.register(mqttPublishingPlugin);
  await app.register(consoleEventsPlugin);
  await app.register(historyPlugin);
  await registerSharedAreaPlugins(app, exportControl, now);
}

/** The simulated gateway's routes: OpenDTU's whole API over the fleet, then the interface. */
export async function registerSimulatedRoutes(app: FastifyInstance): Promise<void> {
  await app.register(securityRoutes);
  await app.register(networkRoutes);
  await app.register(ntpRoutes);
  await app.register(mqttRoutes);
  await app.register(dtuRoutes);
  await app.register(deviceRoutes);
  await app.register(inverterRoutes);
  await app.register(fileRoutes);
  await app.register(systemRoutes);
  await app.register(i18nRoutes);
  await app.register(maintenanceRoutes);
  await app.register(zonesRoutes);
  await app.register(loggingRoutes);
  await app.register(consoleSocketRoutes);
  await app.register(livedataRoutes);
  await app.register(limitRoutes);
  await app.register(powerRoutes);
  await app.register(devinfoRoutes);
  await app.register(eventlogRoutes);
  await app.register(gridprofileRoutes);
  await app.register(inverterStatsRoutes);
  await app.register(livedataSocketRoutes);
  await app.register(firmwareRoutes);
  await app.register(prometheusRoutes);
  await app.register(simTestRoutes);
  await registerSharedAreaRoutes(app);
  // Last: unmatched paths fall back to the interface, as on the device.
  await app.register(webStaticPlugin, {
    webDist: app.system.options.webDist,
    liveSnapshot: () => liveSnapshotOf(app.device, () => app.device.liveData()),
    liveChanges: app.device,
  });
}
