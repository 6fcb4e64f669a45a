import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ExportControlConfig } from '@heliodtu/contract/export-control';
import type { GridMeterPort } from '../grid-meter/grid-meter-port.js';
import { SIMULATED_DEVICE_ID } from '../device/device-id.js';
import { CompanionFleet } from './companion-fleet.js';
import type { KnownFleet } from './config-checks.js';
import type { ExportControlPort, InverterFleetPort } from './export-control-port.js';
import {
  ExportControlSettingsFile,
  type ExportControlSettings,
} from './export-control-settings.js';
import { SimulatedFleet } from './simulated-fleet.js';
import { ExportController } from './export-controller.js';
import { minutesInZone } from './local-minutes.js';
import { addAlertConditionSource } from '../alerts/extra-conditions.js';

/** What the plugin runs: the port, plus the life cycle the host drives. */
export interface ExportControlController extends ExportControlPort {
  /** Takes the settings in force (control on at boot: fallback limits first). */
  start(): void | Promise<void>;
  /** One look at the meter and the fleet; called from the host timer. */
  step(): void | Promise<void>;
  /** Gives every governed inverter its limit back; resolves once the commands are accepted. */
  stop(): Promise<void>;
  /** The settings were saved from outside (the settings route). */
  reload(): void;
}

export interface ExportControlDependencies {
  fleet: InverterFleetPort;
  meter: GridMeterPort;
  settings: ExportControlSettings;
  log: (line: string) => void;
}

export type ExportControlFactory = (deps: ExportControlDependencies) => ExportControlController;

/** What the settings route needs beside the port. */
export interface ExportControlAdmin {
  /** Saving through it puts the settings in force at once. */
  settings: ExportControlSettings;
  /** The devices and inverters governed ones are checked against. */
  fleet: KnownFleet;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Export control (issue 35): what routes, MQTT and the limit route see. */
    exportControl?: ExportControlPort;
    exportControlAdmin?: ExportControlAdmin;
  }
}

export interface ExportControlPluginOptions {
  createController: ExportControlFactory;
  /** The grid meter; app.gridMeter when not given. */
  meter?: GridMeterPort;
  /** Host ms between steps (the controller's own timers run on the gateway's clock). */
  stepMs?: number;
  /** Host clock of the companion's live ages; tests may pass a fake one. */
  now?: () => number;
}

/** Steps of control: often enough that a load switched off is answered within a second. */
export const EXPORT_CONTROL_STEP_MS = 250;
/** On close, how long the simulated fleet is given to carry the given-back limits to the inverters. */
const SETTLE_MS = 6_000;

/**
 * Export control on every gateway: its settings file, the fleet port over the simulated fleet
 * or the companion's devices, and the controller stepped from a host timer. On close the
 * controller gives the limits back BEFORE the fleet stops (onClose hooks run in reverse order of
 * registration, and this plugin comes after the device and the companion).
 */
export const exportControlPlugin = fp<ExportControlPluginOptions>(
  async (app, { createController, meter, stepMs = EXPORT_CONTROL_STEP_MS, now = Date.now }) => {
    const log = (line: string) => app.consoleLog.write(line);
    const settings = new ExportControlSettingsFile(app.system.options.dataDir);
    await settings.load(log, app.store.createdFresh);
    const { fleet, known, settle, close } = fleetOf(app, now);
    const gridMeter = meter ?? (app as { gridMeter?: GridMeterPort }).gridMeter;
    if (!gridMeter) throw new Error('export control needs the grid meter (app.gridMeter)');
    const controller = createController({ fleet, meter: gridMeter, settings, log });
    app.decorate('exportControl', controller);
    app.decorate('exportControlAdmin', {
      fleet: known,
      settings: {
        get: () => settings.get(),
        async save(next: ExportControlConfig) {
          await settings.save(next);
          controller.reload();
        },
      },
    });

    let timer: NodeJS.Timeout | undefined;
    let stepping = false;
    let saidError: string | undefined;
    const step = async () => {
      if (stepping) return;
      stepping = true;
      try {
        await controller.step();
        saidError = undefined;
      } catch (error) {
        // One line per distinct failure, never one per step; the next step tries again.
        const message = (error as Error).message;
        if (message !== saidError) log(`Export control: step failed: ${message}`);
        saidError = message;
      } finally {
        stepping = false;
      }
    };
    app.addHook('onReady', async () => {
      await controller.start();
      timer = setInterval(() => void step(), stepMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      try {
        await controller.stop();
        await settle();
      } catch (error) {
        log(`Export control: limits not all given back: ${(error as Error).message}`);
      }
      close();
    });
  },
  { name: 'export-control', dependencies: ['gateway'] },
);

/**
 * Registers export control; app.ts calls it after the grid meter, so that on close the limits
 * are given back before the fleet stops (onClose hooks run in reverse order of registration).
 */
export async function registerExportControl(
  app: FastifyInstance,
  given: Partial<ExportControlPluginOptions> | undefined,
  now: () => number,
): Promise<void> {
  const createController =
    given?.createController ??
    ((deps: ExportControlDependencies) => {
      const controller = new ExportController({
        ...deps,
        // The daily window reads the gateway's own time zone (the NTP settings).
        localMinutes: minutesInZone(() => app.store.config.ntp.timezone),
      });
      addAlertConditionSource(app, () => controller.alertConditions());
      return controller;
    });
  await app.register(exportControlPlugin, { now, ...given, createController });
}

interface FleetHandle {
  fleet: InverterFleetPort;
  known: KnownFleet;
  /** Resolves once the limits sent are carried out (or given up on). */
  settle: () => Promise<void>;
  close: () => void;
}

function fleetOf(app: FastifyInstance, now: () => number): FleetHandle {
  const registry = app.devices;
  if (registry) {
    const fleet = new CompanionFleet({ registry, clock: app.clock, hostNow: now });
    return {
      fleet,
      known: {
        get devices() {
          return registry.list().map((device) => device.id);
        },
        serials: (id) => registry.get(id)?.companion.live.inverterSerials() ?? [],
      },
      // The device's own DTU carries the command on; the companion needs to wait for nothing.
      settle: async () => undefined,
      close: () => fleet.close(),
    };
  }
  const device = app.device;
  const fleet = new SimulatedFleet({ device, firmware: app.system.firmware });
  return {
    fleet,
    known: {
      devices: [SIMULATED_DEVICE_ID],
      serials: (id) => (id === SIMULATED_DEVICE_ID ? device.inverterSerials() : []),
    },
    settle: () => settlePending(() => Object.values(device.limitStatus()), SETTLE_MS),
    close: () => undefined,
  };
}

/** Waits (host time) until no limit command is pending, at most `withinMs`. */
async function settlePending(
  statuses: () => { limit_set_status: string }[],
  withinMs: number,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (statuses().some((s) => s.limit_set_status === 'Pending') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
