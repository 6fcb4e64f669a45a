import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { addAlertConditionSource } from '../alerts/extra-conditions.js';
import { LocalCalendar } from '../history/local-day.js';
import { STATE_DIR } from '../store/chip-id.js';
import { EnergyRegisters } from './energy-registers.js';
import type { SimulatedHousePort } from './grid-meter-port.js';
import { GridMeterService, gridMeterTickMs } from './grid-meter-service.js';
import { GridMeterSettingsStore } from './grid-meter-settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The grid meter (issue 35), on every gateway; source 'none' until the owner sets one. */
    gridMeter: GridMeterService;
    /** Its settings file. */
    gridMeterSettings: GridMeterSettingsStore;
  }
}

interface LiveField {
  v: number;
}

interface FleetProduction {
  now: () => number;
  today: () => number;
  /** Every inverter answers (and every device is there): `now` is the whole production. */
  known: () => boolean;
}

/** Production now and today over every inverter of every device the gateway fronts. */
function fleetProduction(app: FastifyInstance): FleetProduction {
  const registry = app.devices;
  if (registry) {
    const total = () => registry.merged().total as unknown as Partial<Record<string, LiveField>>;
    return {
      now: () => total().Power?.v ?? 0,
      today: () => total().YieldDay?.v ?? 0,
      known: () => registry.list().every((device) => device.companion.awaySince === undefined),
    };
  }
  const sum = (pick: (live: Record<string, Record<string, Record<string, LiveField>>>) => number) =>
    app.device.inverterSerials().reduce((acc, serial) => {
      const state = app.device.inverterState(serial);
      const live = state?.live as unknown as Record<
        string,
        Record<string, Record<string, LiveField>>
      >;
      return acc + (live ? pick(live) : 0);
    }, 0);
  return {
    now: () => sum((live) => live.AC?.['0']?.Power?.v ?? 0),
    today: () => sum((live) => live.INV?.['0']?.YieldDay?.v ?? 0),
    known: () =>
      app.device.inverterSerials().every((serial) => {
        const state = app.device.inverterState(serial);
        return state !== null && state.hasData && state.live.reachable;
      }),
  };
}

/** Registered after the device or companion plugin and MQTT (app.ts). */
export const gridMeterPlugin = fp(
  async (app: FastifyInstance) => {
    const house = app.hasDecorator('simulatedHouse')
      ? (app as unknown as { simulatedHouse?: SimulatedHousePort }).simulatedHouse
      : undefined;
    const dir = path.join(app.store.dataDir, STATE_DIR);
    const settings = new GridMeterSettingsStore(app.store.dataDir, house !== undefined);
    const log = (line: string) => app.consoleLog.write(line);
    await settings.load(log);
    const registers = EnergyRegisters.inDir(dir);
    await registers.load();
    const production = fleetProduction(app);
    let calendar: LocalCalendar | null = null;
    const tz = () => app.companion?.timezone ?? app.store.config.ntp.timezone;
    const meter = new GridMeterService({
      settings: () => settings.settings,
      registers,
      now: () => app.clock.now(),
      production: production.now,
      productionKnown: production.known,
      productionToday: production.today,
      dayStart: (now) => {
        const zone = tz();
        if (calendar?.tz !== zone) calendar = new LocalCalendar(zone);
        return calendar.startOf(calendar.dayOf(now));
      },
      simulatedHouse: house,
      log,
      tickMs: gridMeterTickMs(app.clock.speed),
    });
    meter.start();
    app.decorate('gridMeter', meter);
    app.decorate('gridMeterSettings', settings);
    addAlertConditionSource(app, (now, device) => meter.alertConditions(now, device));
    app.addHook('onClose', async () => meter.close());
  },
  { name: 'grid-meter' },
);
