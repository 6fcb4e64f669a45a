import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { ApiCode } from '@heliodtu/contract/codes';
import { FILE_UPLOAD_MAX_BYTES } from '@heliodtu/contract/limits';
import type { GatewayOptions } from './env.js';
import { ConfigStore } from './store/config-store.js';
import { loadChipId } from './store/chip-id.js';
import { ConsoleLog, idfConsoleStyle } from './device/console-log.js';
import { logLineShows } from './device/log-modules.js';
import { loggingSettings, type LoggingSettings } from '@heliodtu/contract/config-file';
import { createDeviceClock, startNtpSync, type DeviceClock } from './device/clock.js';
import { gatewayPlugin } from './plugins/gateway.js';
import { apiResult, apiResultPlugin } from './plugins/api-result.js';
import { ApiFailure } from './plugins/api-failure.js';
import { dataFieldPlugin } from './plugins/data-field.js';
import { authPlugin } from './plugins/auth.js';
import { liveSnapshotOf } from './plugins/rendered-live-page.js';
import { webStaticPlugin } from './plugins/web-static.js';
import { closeWebSocketClients } from './plugins/socket-shutdown.js';
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
import { consoleEventsPlugin, consoleLoggerOptions } from './plugins/console-events.js';
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
import { apiDescriptionRoutes } from './routes/api-description.js';
import { historyPlugin } from './history/history-plugin.js';
import { historyRoutes } from './routes/history.js';
import { companionApiNotFound } from './routes/api-path-unknown.js';
import { companionRoutes } from './routes/companion.js';
import { companionDevicesRoutes } from './routes/companion-devices.js';
import type { RegisteredDevice } from './device/relay/device-registry.js';
import { alertsPlugin } from './alerts/alerts-plugin.js';
import { alertsRoutes } from './routes/alerts.js';
import { gridMeterPlugin } from './grid-meter/grid-meter-plugin.js';
import { gridMeterRoutes } from './routes/gridmeter.js';
import { exportControlRoutes } from './routes/exportcontrol.js';
import {
  registerExportControl,
  type ExportControlPluginOptions,
} from './export-control/export-control-plugin.js';
import { simTestRoutes } from './routes/sim-test.js';
import { ownBrokerHousePlugin } from './plugins/own-broker-house.js';

export interface BuildAppOptions {
  options: GatewayOptions;
  /** Called when the gateway asks to be restarted (reboot, restore, factory reset, firmware). */
  onRestart?: (reason: string) => void;
  /** Host clock in ms; tests inject a fake one. */
  now?: () => number;
  logger?: boolean;
  /** The device clock of an earlier boot: time and sync state survive a reboot. */
  clock?: DeviceClock;
  /** Export control's controller, meter or step interval in place of the gateway's (tests). */
  exportControl?: Partial<ExportControlPluginOptions>;
}

/** One boot of the gateway: config read from disk, plugins, then routes. */
export async function buildApp({
  options,
  onRestart,
  now = Date.now,
  logger = false,
  clock: existingClock,
  exportControl,
}: BuildAppOptions): Promise<FastifyInstance> {
  // The generation switch (SIM_FIRMWARE): routes and the simulator read it from app.system.
  const firmware = options.simFirmware ?? 'v24';
  const bootedAt = now();
  // Until the config is read (its own load messages) every line shows.
  let logLevels: () => LoggingSettings | undefined = () => undefined;
  const consoleLog = new ConsoleLog(
    logger ? (line) => process.stdout.write(`${line}\n`) : undefined,
    firmware === 'v26'
      ? idfConsoleStyle(
          () => now() - bootedAt,
          (tag, level) => {
            const levels = logLevels();
            return !levels || logLineShows(levels, tag, level);
          },
        )
      : undefined,
  );
  const store = await ConfigStore.open(options.dataDir, consoleLog.tagged('config'));
  logLevels = () => loggingSettings(store.config);
  await store.ensureWritten();
  const chipId = await loadChipId(options.dataDir);
  const clock =
    existingClock ??
    createDeviceClock({
      simStart: options.simStart,
      simSpeed: options.simSpeed,
      tz: store.config.ntp.timezone,
      hostNow: now,
    });
  let restarting = false;
  const system = {
    options,
    firmware,
    bootedAt,
    chipId,
    restart(reason: string) {
      if (restarting) return;
      restarting = true;
      store.freeze();
      consoleLog.write(`${reason}: restarting`);
      // About a second later, as the device does, so the answer reaches the client first.
      setTimeout(() => onRestart?.(reason), 1000).unref();
    },
  };

  const app = Fastify({
    logger: consoleLoggerOptions(consoleLog),
    bodyLimit: FILE_UPLOAD_MAX_BYTES * 8,
    // While closing (a reboot, a shutdown) the listener takes no new connections; a request that
    // still arrives on an open keep-alive connection is answered normally rather than with a 503,
    // which a browser reports as an error for a mere favicon fetched during a reboot.
    return503OnClosing: false,
  });

  await app.register(multipart, {
    limits: { fieldSize: 64 * 1024, fields: 10, files: 1, fileSize: FILE_UPLOAD_MAX_BYTES * 8 },
  });
  // Clients only send the keep-alive text; a large message is refused, not buffered.
  // On close (shutdown, reboot): a 1001 close frame to every client, silent peers cut after 1 s.
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    preClose: closeWebSocketClients,
  });
  await app.register(gatewayPlugin, { store, consoleLog, system, clock });
  const cancelNtpSync = startNtpSync(clock, options.simFaults);
  app.addHook('onClose', async () => cancelNtpSync());
  await app.register(apiResultPlugin);
  await app.register(dataFieldPlugin);
  await app.register(authPlugin, { now });
  if (options.companion) {
    // In front of a real OpenDTU (issue 24): no simulated fleet and no OpenDTU MQTT of our own (the
    // device publishes); the device's live data is recorded instead. Its modules are loaded
    // only here: a simulated gateway does not carry the relay.
    const { companionPlugin } = await import('./plugins/companion.js');
    await app.register(companionPlugin, { now });
    await app.register(consoleEventsPlugin);
    const companion = app.companion!;
    // Days by the device's own time zone, read from it (issue 24).
    await app.register(historyPlugin, { source: companion.live, tz: () => companion.timezone });
    followDevicesInHistory(app);
    await app.register(gridMeterPlugin);
    await app.register(alertsPlugin);
    await registerExportControl(app, exportControl, now);
    // The house's topics on HelioDTU's own broker: the devices' MQTT settings are theirs.
    await app.register(ownBrokerHousePlugin);
  } else {
    await app.register(devicePlugin);
    // SIM_METER=house: the house beside the fleet, answering as a Shelly Pro 3EM on /rpc/….
    await app.register(simulatedHousePlugin);
    await app.register(mqttPlugin);
    await app.register(mqttPublishingPlugin);
    await app.register(consoleEventsPlugin);
    await app.register(historyPlugin);
    await app.register(gridMeterPlugin);
    await app.register(alertsPlugin);
    await registerExportControl(app, exportControl, now);
  }

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof ApiFailure)
      return reply.code(200).send(apiResult(error.apiCode, error.param));
    const code = error.code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(200).send(apiResult(ApiCode.GenericDataTooLarge));
    }
    if (code?.startsWith('FST_') && (error.statusCode ?? 500) < 500) {
      return reply.code(200).send(apiResult(ApiCode.GenericParseError));
    }
    consoleLog.write(
      `Internal error on ${request.method} ${request.url.split('?')[0]}: ${error.message}`,
    );
    return reply.code(500).send(apiResult(ApiCode.GenericInternalServerError));
  });

  if (options.companion) {
    await registerCompanionRoutes(app);
    return app;
  }
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
  await app.register(historyRoutes);
  await app.register(companionRoutes);
  await app.register(companionDevicesRoutes);
  await app.register(alertsRoutes);
  await app.register(gridMeterRoutes);
  await app.register(exportControlRoutes);
  await app.register(simTestRoutes);
  await app.register(apiDescriptionRoutes);
  // Last: unmatched paths fall back to the interface, as on the device.
  await app.register(webStaticPlugin, {
    webDist: options.webDist,
    liveSnapshot: () => liveSnapshotOf(app.device, () => app.device.liveData()),
    liveChanges: app.device,
  });

  return app;
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
async function registerCompanionRoutes(app: FastifyInstance): Promise<void> {
  const registry = app.devices!;
  const [{ deviceSocketRoutes }, { relayRoutes }] = await Promise.all([
    import('./routes/sockets/device-sockets.js'),
    import('./routes/relay.js'),
  ]);
  await app.register(securityRoutes);
  await app.register(i18nRoutes);
  await app.register(zonesRoutes);
  // /console (the first device's), /dtu/<id>/console and /dtu/<id>/livedata.
  await app.register(deviceSocketRoutes, { registry });
  // Every device's inverters on one socket (one device: its frames unchanged).
  await app.register(livedataSocketRoutes, { source: registry });
  await app.register(historyRoutes);
  await app.register(companionRoutes);
  await app.register(companionDevicesRoutes);
  await app.register(alertsRoutes);
  await app.register(gridMeterRoutes);
  await app.register(exportControlRoutes);
  await app.register(apiDescriptionRoutes);
  await app.register(relayRoutes, { registry });
  await app.register(webStaticPlugin, {
    webDist: app.system.options.webDist,
    // While a device is away: its last frames, their ages grown (RelayLiveStore.liveData).
    liveSnapshot: () => liveSnapshotOf(registry),
    liveChanges: registry,
    notFoundFirst: companionApiNotFound,
  });
}
