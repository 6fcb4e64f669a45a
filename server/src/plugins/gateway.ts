import fp from 'fastify-plugin';
import type { FirmwareGeneration } from '@heliodtu/contract/domain/firmware-generation';
import type { GatewayOptions } from '../env.js';
import type { ConfigStore } from '../store/config-store.js';
import type { ConsoleLog } from '../device/console-log.js';
import type { DeviceClock } from '../device/clock.js';

/** What one boot of the gateway knows about itself. */
export interface SystemRuntime {
  options: GatewayOptions;
  /** The firmware generation whose wire this gateway speaks (SIM_FIRMWARE; v24 by default). */
  firmware: FirmwareGeneration;
  /** Host time (ms) at which this boot began; uptime counts from here. */
  bootedAt: number;
  chipId: number;
  /** Reboot: answer first, then the listener goes away and comes back with the config re-read. */
  restart(reason: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    store: ConfigStore;
    consoleLog: ConsoleLog;
    system: SystemRuntime;
    clock: DeviceClock;
  }
}

export interface GatewayDecorations {
  store: ConfigStore;
  consoleLog: ConsoleLog;
  system: SystemRuntime;
  /** The device clock; survives reboots (main.ts hands the same one to every boot). */
  clock: DeviceClock;
}

export const gatewayPlugin = fp<GatewayDecorations>(
  async (app, { store, consoleLog, system, clock }) => {
    app.decorate('store', store);
    app.decorate('consoleLog', consoleLog);
    app.decorate('system', system);
    app.decorate('clock', clock);
    // Registered first, so it runs after the other onClose hooks (fastify runs them in reverse):
    // a save they trigger while closing is still awaited, later ones are refused.
    app.addHook('onClose', () => store.settle());
  },
  { name: 'gateway' },
);
