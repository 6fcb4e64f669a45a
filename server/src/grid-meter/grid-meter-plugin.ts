import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { addAlertConditionSource } from '../alerts/extra-conditions.js';
import { LocalCalendar } from '../history/local-day.js';
import { MqttConnection } from '../mqtt/connection.js';
import { ownBrokerSource } from '../mqtt/own-broker.js';
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
    /**
     * HelioDTU's own broker connection (the settings' `broker`; power-control §1, §4): off
     * while no URL is set. On a companion it carries the meter's and the house's topics.
     */
    ownBroker: MqttConnection;
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

/** HelioDTU's own broker connection, following the meter settings' `broker` across saves. */
function ownBrokerConnection(app: FastifyInstance, settings: GridMeterSettingsStore) {
  const mqttLog = app.consoleLog.tagged('mqtt');
  const follow = (onChange: () => void) => {
    settings.on('saved', onChange);
    return () => settings.off('saved', onChange);
  };
  return new MqttConnection({
    source: ownBrokerSource(() => settings.settings.broker, follow, app.system.chipId),
    // Told apart from the gateway's own MQTT connection on the console.
    log: (line) => mqttLog(line.replace(/^MQTT:/, 'MQTT (own broker):')),
    reconnect: app.system.options.mqttReconnect,
  });
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
    const ownBroker = ownBrokerConnection(app, settings);
    const gatewayMqtt = app.hasDecorator('mqtt') ? app.mqtt : null;
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
      // Without a broker URL of its own, a simulated gateway reads through its own MQTT.
      mqttLink: (current) => {
        if (current.broker.url !== '') {
          return { link: ownBroker, name: `The broker ${ownBroker.describe()}` };
        }
        return gatewayMqtt && { link: gatewayMqtt, name: "The gateway's MQTT connection" };
      },
      log,
      tickMs: gridMeterTickMs(app.clock.speed),
    });
    meter.start();
    app.decorate('gridMeter', meter);
    app.decorate('gridMeterSettings', settings);
    app.decorate('ownBroker', ownBroker);
    app.addHook('onReady', async () => ownBroker.start());
    // Added before the meter's: Fastify runs onClose hooks in reverse, so it ends after the meter.
    app.addHook('onClose', async () => ownBroker.stop());
    addAlertConditionSource(app, (now, device) => meter.alertConditions(now, device));
    app.addHook('onClose', async () => meter.close());
  },
  { name: 'grid-meter' },
);
