import fp from 'fastify-plugin';
import { resolveHostname } from '@heliodtu/contract/domain/hostname';
import { FIRMWARE_RELEASES } from '@heliodtu/contract/domain/firmware-generation';
import { HouseMqtt, fixedTopicSettings } from '../mqtt/house-mqtt.js';
import { OWN_BROKER_TOPICS } from '../mqtt/own-broker.js';
import { primaryInterface } from '../system/host-network.js';
import { exportControlOf, gridMeterOf } from './house-ports.js';

/**
 * A companion's house on MQTT (power-control §4): its devices' MQTT settings are theirs, so the
 * grid meter's and export control's topics, the `…/set` topics and their Home Assistant
 * discovery go through HelioDTU's own broker connection (`app.ownBroker`, the Power control
 * settings' broker) under the fixed layout of OWN_BROKER_TOPICS. Registered after export control.
 */
export const ownBrokerHousePlugin = fp(
  async (app) => {
    const { store, system } = app;
    let house: HouseMqtt | undefined;
    app.addHook('onReady', async () => {
      const meter = gridMeterOf(app);
      const control = exportControlOf(app);
      if (!meter && !control) return;
      house = new HouseMqtt({
        connection: app.ownBroker,
        settings: fixedTopicSettings(OWN_BROKER_TOPICS),
        meter,
        control,
        identity: () => ({
          hostname: resolveHostname(store.config.wifi.hostname, system.chipId),
          chipId: system.chipId,
          ip: primaryInterface().ip,
          firmware: FIRMWARE_RELEASES[system.firmware],
        }),
        log: app.consoleLog.tagged('mqtt'),
      });
      house.start();
    });
    app.addHook('onClose', async () => house?.stop());
  },
  { name: 'own-broker-house', dependencies: ['gateway', 'grid-meter'] },
);
