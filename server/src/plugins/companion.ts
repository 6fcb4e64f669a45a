import fp from 'fastify-plugin';
import { DEFAULT_PASSWORD } from '@heliodtu/contract/limits';
import { DeviceCompanion } from '../device/relay/companion.js';
import { DeviceTarget, readPasswordFile } from '../device/relay/device-target.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The device this gateway stands in front of (DTU_URL, issue 24); absent when simulating. */
    companion?: DeviceCompanion;
  }
}

/**
 * The companion of a real OpenDTU: takes the place of the simulated fleet when DTU_URL is set.
 * The password file is read at every boot, so a rotated credential needs only a reboot.
 */
export const companionPlugin = fp(
  async (app) => {
    const { companion: options, companionReconnect } = app.system.options;
    if (!options) return;
    const target = options.passwordFile
      ? new DeviceTarget({
          id: options.target.id,
          url: options.target.baseUrl,
          user: options.target.user,
          password: await readPasswordFile(options.passwordFile),
        })
      : options.target;
    const companion = new DeviceCompanion({
      target,
      log: (line) => app.consoleLog.write(line),
      // The hint speaks of the login the browser uses here: the companion's own.
      ownDefaultPassword: () => app.store.config.security.password === DEFAULT_PASSWORD,
      // Until the device's own zone is read, its history days follow the companion's.
      fallbackTimezone: () => app.store.config.ntp.timezone,
      ...(companionReconnect ? { reconnect: companionReconnect } : {}),
    });
    app.decorate('companion', companion);
    app.addHook('onReady', async () => companion.start());
    app.addHook('onClose', async () => companion.stop());
  },
  { name: 'companion', dependencies: ['gateway'] },
);
