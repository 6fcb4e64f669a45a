import fp from 'fastify-plugin';
import { DEFAULT_PASSWORD } from '@heliodtu/contract/limits';
import { DeviceCompanion } from '../device/relay/companion.js';
import { DeviceRegistry } from '../device/relay/device-registry.js';
import { readBrokerCaFile } from '../device/relay/broker-trust.js';
import { MqttBrokerPool } from '../device/relay/mqtt-broker-pool.js';
import { DeviceTarget, readPasswordFile } from '../device/relay/device-target.js';
import { envDevices } from '../companion-env.js';
import { readDevicesFile, writeDevicesFile, type StoredDevice } from '../store/devices-file.js';

/** devices.json's devices (passwords included: never answered, never logged). */
export interface ScreenDevices {
  /** As last saved. */
  readonly entries: StoredDevice[];
  /**
   * Writes these entries and the order of every device (DTU_URL's too) to devices.json; they
   * are the entries from then on. A failed write throws and keeps the old ones.
   */
  save(entries: StoredDevice[], order: string[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The first device this gateway stands in front of (issue 24); absent when simulating. */
    readonly companion?: DeviceCompanion;
    /** Every device behind the companion (issue 27); absent when simulating. */
    devices?: DeviceRegistry;
    /** The Devices screen's devices as stored in devices.json (issue 27); absent when simulating. */
    screenDevices?: ScreenDevices;
    /** DTU_MQTT_CA_FILE's certificates, trusted by every mqtts:// broker connection of devices. */
    readonly brokerCa?: readonly string[];
  }
}

export interface CompanionPluginOptions {
  /** Host clock in ms (the devices' away times, their kept data's age); tests inject a fake one. */
  now?: () => number;
  /** An MQTT device's shortest silence before it is away (tests shorten it); 60 s by default. */
  mqttSilenceMinMs?: number;
}

/**
 * The companion of real OpenDTU devices: takes the place of the simulated fleet when DTU_URL is
 * set. One DeviceCompanion per device (DTU_URL's, then devices.json's), in the owner's order.
 * Password files are read at every boot, so a rotated credential needs only a reboot.
 */
export const companionPlugin = fp<CompanionPluginOptions>(
  async (app, { now = Date.now, mqttSilenceMinMs }) => {
    const { companion: options, companionReconnect, dataDir } = app.system.options;
    if (!options) return;
    const log = (line: string) => app.consoleLog.write(line);
    // Read before anything starts: a wrong file stops the start with a line naming it.
    const brokerCa = options.mqttCaFile ? await readBrokerCaFile(options.mqttCaFile) : undefined;
    app.decorate('brokerCa', brokerCa);
    // One connection per broker and login, however many devices' base topics use it.
    const brokers = new MqttBrokerPool(companionReconnect, brokerCa);
    const stored = await readDevicesFile(dataDir);
    // Kept as read, so a device that cannot be used now is not lost from the file.
    let entries = stored.devices;
    // The owner's away time of an MQTT device: its own (DTU_AWAY_S_<NAME> or the Devices
    // screen's), else the shared DTU_AWAY_S; read when its link is made, so a changed login
    // takes the saved time.
    const envAway = new Map(envDevices(options).map((d) => [d.target.id, d.awaySeconds]));
    const awayMsOf = (id: string) => {
      const seconds =
        envAway.get(id) ??
        entries.find((entry) => entry.id === id)?.away_s ??
        options.sharedAwaySeconds;
      return seconds === undefined ? {} : { mqttAwayMs: seconds * 1000 };
    };
    const registry = new DeviceRegistry(
      (target) =>
        new DeviceCompanion({
          target,
          log,
          // The hint speaks of the login the browser uses here: the companion's own.
          ownDefaultPassword: () => app.store.config.security.password === DEFAULT_PASSWORD,
          // Until the device's own zone is read, its history days follow the companion's.
          fallbackTimezone: () => app.store.config.ntp.timezone,
          now,
          brokers,
          ...(mqttSilenceMinMs === undefined ? {} : { mqttSilenceMinMs }),
          ...awayMsOf(target.id),
          ...(companionReconnect ? { reconnect: companionReconnect } : {}),
        }),
      log,
    );
    for (const device of envDevices(options)) {
      const target = device.passwordFile
        ? new DeviceTarget({
            id: device.target.id,
            url: device.target.baseUrl,
            user: device.target.user,
            password: await readPasswordFile(device.passwordFile),
          })
        : device.target;
      registry.add(target, device.name, 'env');
    }
    const screen: ScreenDevices = {
      get entries() {
        return entries;
      },
      async save(newEntries, order) {
        await writeDevicesFile(dataDir, { devices: newEntries, order });
        entries = newEntries;
      },
    };
    for (const entry of stored.devices) {
      if (registry.get(entry.id)) {
        log(`devices.json: ${entry.id} is also in DTU_URL; the DTU_URL device is used`);
        continue;
      }
      try {
        registry.add(new DeviceTarget(entry), entry.name, 'screen');
      } catch (error) {
        log(`devices.json: ${entry.id} left out: ${(error as Error).message}`);
      }
    }
    registry.setOrder(stored.order);
    app.decorate('devices', registry);
    app.decorate('companion', { getter: () => registry.first?.companion });
    app.decorate('screenDevices', screen);
    app.addHook('onReady', async () => registry.start());
    app.addHook('onClose', async () => registry.stop());
  },
  { name: 'companion', dependencies: ['gateway'] },
);
