import fp from 'fastify-plugin';
import { configuredRadios } from '@heliodtu/contract/domain/pin-mapping-file';
import type { PinProfile } from '@heliodtu/contract/pin-mapping';
import { FleetSimulator } from '../device/simulator.js';
import { installDemoFleet } from '../device/demo-fleet.js';
import { loadActivePins } from '../device/active-pins.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulated inverter fleet: live data, commands, event log (issue 3). */
    device: FleetSimulator;
    /** The pin profile this boot runs with (pin_mapping.json + device.pinmapping, wire-contract §4.7). */
    activePins: Readonly<PinProfile>;
  }
}

export interface DevicePluginOptions {
  /** Advance on the simulator's own 1-s timer (default); tests may drive it themselves. */
  autoTick?: boolean;
}

/**
 * The simulated fleet behind the OpenDTU API. A boot without config.json (fresh data dir or
 * factory reset) gets the demo fleet when SIM_FLEET=demo (docs/simulation.md, Options). Started when the app is
 * ready, stopped on close so yields are written (a reboot keeps YieldTotal).
 */
export const devicePlugin = fp<DevicePluginOptions>(
  async (app, { autoTick }) => {
    const { options } = app.system;
    if (app.store.createdFresh && options.simFleet === 'demo') {
      const seeded = await app.store.update((draft) =>
        installDemoFleet(draft, options.simFleetVariant ?? 0),
      );
      if (seeded) app.consoleLog.write('Demo fleet installed');
    }
    // Resolved once per boot: the radios the board initialises follow these pins.
    const activePins = await loadActivePins(
      options.dataDir,
      app.store.config.device.pinmapping,
      (line) => app.consoleLog.write(line),
    );
    const radios = configuredRadios(activePins);
    app.decorate('activePins', activePins);
    const device = new FleetSimulator({
      store: app.store,
      clock: app.clock,
      seed: options.simSeed,
      dataDir: options.dataDir,
      faults: options.simFaults,
      consoleLog: app.consoleLog,
      radios: () => radios,
      firmware: app.system.firmware,
      ...(options.simWeather ? { weather: options.simWeather } : {}),
      ...(autoTick === undefined ? {} : { autoTick }),
    });
    app.decorate('device', device);
    app.addHook('onReady', async () => {
      await device.start();
    });
    app.addHook('onClose', async () => {
      await device.stop();
    });
  },
  { name: 'device', dependencies: ['gateway'] },
);
