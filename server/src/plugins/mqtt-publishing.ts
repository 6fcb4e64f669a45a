import fp from 'fastify-plugin';
import { resolveHostname } from '@heliodtu/contract/domain/hostname';
import { FIRMWARE_RELEASES } from '@heliodtu/contract/domain/firmware-generation';
import { SIMULATED_DEVICE_ID } from '../device/device-id.js';
import { MqttCommandHandler } from '../mqtt/command-handler.js';
import { HassPublisher } from '../mqtt/hass-publisher.js';
import { HouseMqtt, storeTopicSettings } from '../mqtt/house-mqtt.js';
import type { DtuFigures } from '../mqtt/publish-topics.js';
import { MqttPublisher } from '../mqtt/publisher.js';
import { uptimeSeconds } from '../system/boot-record.js';
import { HeapTracker, cpuTemperature } from '../system/host-figures.js';
import { primaryInterface, stationBssid } from '../system/host-network.js';
import { stationRssi } from '../system/network-status.js';
import { exportControlOf, gridMeterOf } from './house-ports.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenDTU topic tree, command topics and Home Assistant discovery (integrations §2, §3, §5). */
    mqttPublishing: {
      publisher: MqttPublisher;
      commands: MqttCommandHandler;
      hass: HassPublisher;
      /** The grid meter's and export control's topics, once the gateway is ready. */
      readonly house: HouseMqtt | undefined;
    };
  }
}

/**
 * Everything the gateway says and hears over MQTT, on top of the connection (`app.mqtt`) and
 * the simulated fleet (`app.device`). Starts when the app is ready, after the fleet.
 */
export const mqttPublishingPlugin = fp(
  async (app) => {
    const { store, system, consoleLog } = app;
    const log = consoleLog.tagged('mqtt');
    const heap = new HeapTracker();
    const hostname = () => resolveHostname(store.config.wifi.hostname, system.chipId);

    const dtuFigures = (): DtuFigures => {
      const uptime = uptimeSeconds(system.bootedAt);
      const figures = heap.sample();
      return {
        uptime,
        ip: primaryInterface().ip,
        hostname: hostname(),
        heap: {
          size: figures.heap_total,
          free: figures.heap_total - figures.heap_used,
          minfree: figures.heap_min_free,
          maxalloc: figures.heap_max_block,
        },
        // The simulated DTU is always a Wi-Fi station (see system/network-status.ts).
        wifi: { rssi: stationRssi(system.chipId, uptime), bssid: stationBssid(system.chipId) },
        temperature: cpuTemperature(),
      };
    };

    const publisher = new MqttPublisher({
      connection: app.mqtt,
      store,
      fleet: app.device,
      dtuFigures,
      now: () => app.clock.now(),
      log,
    });
    const commands = new MqttCommandHandler({
      connection: app.mqtt,
      store,
      fleet: app.device,
      log,
      // Looked up at the command: export control is registered after MQTT.
      onLimitSent: (serial) => app.exportControl?.manualLimit(SIMULATED_DEVICE_ID, serial),
    });
    const identity = () => ({
      hostname: hostname(),
      chipId: system.chipId,
      ip: primaryInterface().ip,
      firmware: FIRMWARE_RELEASES[app.system.firmware],
    });
    const hass = new HassPublisher({ connection: app.mqtt, store, identity, log });
    let house: HouseMqtt | undefined;
    app.decorate('mqttPublishing', {
      publisher,
      commands,
      hass,
      get house() {
        return house;
      },
    });

    // Subscriptions are registered before the first CONNACK, so they go out with it.
    commands.start();
    app.addHook('onReady', async () => {
      publisher.start();
      hass.start();
      // The grid meter and export control (issue 35), when this gateway has them.
      const meter = gridMeterOf(app);
      const control = exportControlOf(app);
      if (meter || control) {
        const settings = storeTopicSettings(store);
        house = new HouseMqtt({ connection: app.mqtt, settings, meter, control, identity, log });
        house.start();
      }
    });
    app.addHook('onClose', async () => {
      house?.stop();
      publisher.stop();
      hass.stop();
      commands.stop();
    });
  },
  { name: 'mqtt-publishing', dependencies: ['gateway', 'mqtt', 'device'] },
);
