import path from 'node:path';
import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import { gridMeterOf } from '../plugins/house-ports.js';
import { STATE_DIR } from '../store/chip-id.js';
import { HISTORY_DEFAULTS, type HistoryOptions } from './history-options.js';
import type { HistoryService } from './history-service.js';
import type { RecordedFleet } from './recorder.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Energy history (issue 14); absent when HISTORY=off. */
    history?: HistoryService;
  }
}

export interface HistoryPluginOptions {
  /** Overrides GatewayOptions.history (HISTORY* environment variables). */
  history?: Partial<HistoryOptions>;
  /** What is recorded: the simulated fleet (app.device) unless given (a companion's device). */
  source?: RecordedFleet;
  /**
   * POSIX TZ of the local days, read on every use: the source's own time zone. Default: this
   * gateway's NTP time zone (the simulated fleet's).
   */
  tz?: () => string;
}

/**
 * The history recorder for this boot. A boot without config.json (fresh data dir or factory
 * reset) starts with an empty history; a config restore keeps it. A demo fleet with an empty
 * history gets the last days backfilled from the simulation's physics, while already listening.
 */
export const historyPlugin = fp<HistoryPluginOptions>(
  async (app, { history: given, source, tz }) => {
    const options = { ...HISTORY_DEFAULTS, ...app.system.options.history, ...given };
    if (!options.enabled) return;
    // Loaded only now: libsql's native library costs megabytes a gateway without history never needs.
    const [{ HistoryService }, { HISTORY_FILE, HistoryStore }] = await Promise.all([
      import('./history-service.js'),
      import('./store.js'),
    ]);
    const dir = path.join(app.store.dataDir, STATE_DIR);
    const log = (line: string) => app.consoleLog.write(line);
    if (app.store.createdFresh && existsSync(path.join(dir, HISTORY_FILE))) {
      HistoryStore.remove(dir);
      log('History cleared (no configuration: factory reset)');
    }
    const fleet = source ?? app.device;
    let service: HistoryService;
    try {
      service = new HistoryService({
        dir,
        retentionDays: options.retentionDays,
        log,
        device: fleet.deviceId,
        tz: tz ?? (() => app.store.config.ntp.timezone),
        now: () => app.clock.now(),
      });
    } catch (error) {
      // A file that cannot even be created (full disk, no permission): serve everything else.
      log(`History unavailable: ${(error as Error).message}`);
      return;
    }
    app.decorate('history', service);
    app.addHook('onReady', async () => {
      const { simFleet, simSeed } = app.system.options;
      const ntp = app.store.config.ntp;
      const meter = gridMeterOf(app);
      // Past days get a grid flow only from the simulated house the meter reads: never
      // invented for SIM_METER=none or a meter of another source (power-control §4).
      const house =
        app.hasDecorator('simulatedHouse') && meter?.status().source === 'simulated'
          ? { seed: simSeed, timezone: ntp.timezone }
          : undefined;
      // A real device's history starts empty: no demo days are invented for it.
      const demo =
        !source && simFleet === 'demo' && options.backfillDays > 0
          ? {
              slots: app.store.config.inverters,
              seed: simSeed,
              weather: app.system.options.simWeather,
              latitude: ntp.latitude,
              longitude: ntp.longitude,
              nowMs: app.clock.now(),
              days: options.backfillDays,
              house,
            }
          : null;
      // Not awaited: the demo days are written after the listener is up (service.started).
      void service.start(fleet, demo);
      // The house's grid flow (issue 35), recorded whenever a meter is set.
      if (meter) service.followGrid(meter);
    });
    app.addHook('onClose', async () => service.close());
  },
  // Registered after the source: the device plugin, or the companion (app.ts).
  { name: 'history', dependencies: ['gateway'] },
);
