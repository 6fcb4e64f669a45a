import fp from 'fastify-plugin';
import type { SimulatedHousePort } from '../grid-meter/grid-meter-port.js';
import { HouseMeterStore } from '../device/house-meter-store.js';
import { SimulatedHouse, spreadOverPhases } from '../device/house-sim.js';
import { localParts } from '../device/posix-tz.js';
import {
  SHELLY_DEVICE_ID,
  deviceInfo,
  deviceStatus,
  emDataStatus,
  emStatus,
} from '../device/shelly-em.js';
import { ShellyEmPublisher } from '../mqtt/shelly-em-publisher.js';
import { shellyRpcRoutes } from '../routes/shelly-rpc.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulated house (SIM_METER=house, power-control §2); absent otherwise. */
    simulatedHouse?: SimulatedHousePort;
  }
}

/** Host ms between two integrations of the meter's registers (and checks for a save). */
const TICK_MS = 1_000;

/**
 * SIM_METER=house (power-control §2): the seeded household beside the simulated fleet, its
 * grid power as `app.simulatedHouse` (the grid meter's `simulated` source), a Shelly Pro 3EM's
 * `/rpc/…` answers on the gateway's port, its status on MQTT when that is on, and its
 * registers kept in DATA_DIR/.heliodtu/house-meter.json. Nothing at all without SIM_METER=house.
 */
export const simulatedHousePlugin = fp(
  async (app) => {
    const { options, chipId } = app.system;
    if (options.simMeter !== 'house') return;
    const log = (line: string) => app.consoleLog.write(line);
    const store = new HouseMeterStore(options.dataDir, Date.now, log);
    const saved = await store.load();
    const house = new SimulatedHouse({
      seed: options.simSeed,
      now: () => app.clock.now(),
      fleetAc: () => spreadOverPhases(app.device.acOutputs()),
      timezone: () => app.store.config.ntp.timezone,
      ...(saved ? { counters: saved } : {}),
    });
    app.decorate('simulatedHouse', house);

    const status = () => {
      const { at, grid, load } = house.snapshot();
      return {
        em: emStatus(options.simSeed, at, grid, load),
        emdata: emDataStatus(house.counters()),
      };
    };
    const mac = `A0B765${(chipId & 0xffffff).toString(16).padStart(6, '0')}`.toUpperCase();
    await app.register(shellyRpcRoutes, {
      meter: {
        emStatus: () => status().em,
        emDataStatus: () => emDataStatus(house.counters()),
        deviceInfo: () => deviceInfo(mac),
        status: () => {
          const { em, emdata } = status();
          const at = app.clock.now();
          const local = localParts(at, app.store.config.ntp.timezone);
          const localTime = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
          const uptimeSeconds = (Date.now() - app.system.bootedAt) / 1000;
          return deviceStatus(em, emdata, { mac, at, uptimeSeconds, localTime });
        },
      },
    });

    const save = (force = false) =>
      store.maybeSave(() => ({ ...house.counters(), savedAt: app.clock.now() }), force);
    // A clock set (or a jump) is not time that passed: the registers do not count across it.
    const stopWatchingClock = app.clock.onChange(({ jumped }) => {
      if (jumped) house.restartIntegration();
    });
    let timer: NodeJS.Timeout | undefined;
    let publisher: ShellyEmPublisher | undefined;
    app.addHook('onReady', async () => {
      house.advance();
      timer = setInterval(() => {
        house.advance();
        void save();
      }, TICK_MS);
      timer.unref();
      if (app.hasDecorator('mqtt')) {
        publisher = new ShellyEmPublisher({
          connection: app.mqtt,
          prefix: SHELLY_DEVICE_ID,
          status,
          speed: app.clock.speed,
        });
        publisher.start();
      }
      log(`Simulated house: answering as a Shelly Pro 3EM on /rpc (MQTT ${SHELLY_DEVICE_ID})`);
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      publisher?.stop();
      stopWatchingClock();
      await save(true);
    });
  },
  { name: 'simulated-house', dependencies: ['gateway', 'device'] },
);
