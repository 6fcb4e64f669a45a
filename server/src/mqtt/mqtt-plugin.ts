import fp from 'fastify-plugin';
import { MqttConnection, storeSettingsSource } from './connection.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The MQTT client following the stored settings (integrations §1). */
    mqtt: MqttConnection;
  }
}

/**
 * Decorates `app.mqtt`. Connecting starts once the app is ready and runs in the background,
 * so an unreachable broker never delays the gateway; closing the app disconnects cleanly.
 */
export const mqttPlugin = fp(
  async (app) => {
    const connection = new MqttConnection({
      source: storeSettingsSource(app.store, app.system.chipId),
      log: app.consoleLog.tagged('mqtt'),
      reconnect: app.system.options.mqttReconnect,
    });
    app.decorate('mqtt', connection);
    app.addHook('onReady', async () => connection.start());
    app.addHook('onClose', async () => connection.stop());
  },
  { name: 'mqtt', dependencies: ['gateway'] },
);
