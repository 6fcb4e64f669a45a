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
import { closeWebSocketClients } from './plugins/socket-shutdown.js';
import { consoleLoggerOptions } from './plugins/console-events.js';
import type { ExportControlPluginOptions } from './export-control/export-control-plugin.js';
import { registerSimulatedPlugins, registerSimulatedRoutes } from './simulated-gateway.js';

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
  // In front of real OpenDTU devices (issue 24) the companion's modules are loaded only here: a
  // simulated gateway does not carry the relay.
  const companion = options.companion ? await import('./companion-gateway.js') : undefined;
  if (companion) await companion.registerCompanionPlugins(app, exportControl, now);
  else await registerSimulatedPlugins(app, exportControl, now);

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

  if (companion) await companion.registerCompanionRoutes(app);
  else await registerSimulatedRoutes(app);
  return app;
}
