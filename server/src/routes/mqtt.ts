import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import type { ConfigFile } from '@heliodtu/contract/config-file';
import {
  MqttConfigPostSchema,
  type MqttConfig,
  type MqttConfigPost,
  type MqttStatus,
} from '@heliodtu/contract/mqtt';
import { checkMqttConfig, truncateMqttConfig } from '@heliodtu/contract/rules/mqtt-rules';
import { certificateInfo } from '../mqtt/cert-info.js';
import { effectiveClientId, lwtTopic } from '../mqtt/connection-settings.js';

type MqttFile = ConfigFile['mqtt'];

/** The stored settings as GET /api/mqtt/config answers them, wire-contract §4.10. */
export function mqttConfigOf(mqtt: MqttFile): MqttConfig {
  return {
    mqtt_enabled: mqtt.enabled,
    mqtt_hostname: mqtt.hostname,
    mqtt_port: mqtt.port,
    mqtt_clientid: mqtt.clientid,
    mqtt_username: mqtt.username,
    mqtt_password: mqtt.password,
    mqtt_topic: mqtt.topic,
    mqtt_retain: mqtt.retain,
    mqtt_tls: mqtt.tls.enabled,
    mqtt_root_ca_cert: mqtt.tls.root_ca_cert,
    mqtt_tls_cert_login: mqtt.tls.certlogin,
    mqtt_client_cert: mqtt.tls.client_cert,
    mqtt_client_key: mqtt.tls.client_key,
    mqtt_lwt_topic: mqtt.lwt.topic,
    mqtt_lwt_online: mqtt.lwt.value_online,
    mqtt_lwt_offline: mqtt.lwt.value_offline,
    mqtt_lwt_qos: mqtt.lwt.qos,
    mqtt_publish_interval: mqtt.publish_interval,
    mqtt_clean_session: mqtt.clean_session,
    mqtt_hass_enabled: mqtt.hass.enabled,
    mqtt_hass_expire: mqtt.hass.expire,
    mqtt_hass_retain: mqtt.hass.retain,
    mqtt_hass_topic: mqtt.hass.topic,
    mqtt_hass_individualpanels: mqtt.hass.individual_panels,
  };
}

function applyMqttConfig(mqtt: MqttFile, data: MqttConfigPost): void {
  mqtt.enabled = data.mqtt_enabled;
  mqtt.hostname = data.mqtt_hostname;
  mqtt.port = data.mqtt_port;
  mqtt.clientid = data.mqtt_clientid;
  mqtt.username = data.mqtt_username;
  mqtt.password = data.mqtt_password;
  mqtt.topic = data.mqtt_topic;
  mqtt.retain = data.mqtt_retain;
  mqtt.publish_interval = data.mqtt_publish_interval;
  mqtt.clean_session = data.mqtt_clean_session;
  mqtt.tls.enabled = data.mqtt_tls;
  if (data.mqtt_root_ca_cert !== undefined) mqtt.tls.root_ca_cert = data.mqtt_root_ca_cert;
  mqtt.tls.certlogin = data.mqtt_tls_cert_login;
  mqtt.tls.client_cert = data.mqtt_client_cert;
  mqtt.tls.client_key = data.mqtt_client_key;
  mqtt.lwt.topic = data.mqtt_lwt_topic;
  mqtt.lwt.value_online = data.mqtt_lwt_online;
  mqtt.lwt.value_offline = data.mqtt_lwt_offline;
  mqtt.lwt.qos = data.mqtt_lwt_qos;
  mqtt.hass.enabled = data.mqtt_hass_enabled;
  mqtt.hass.expire = data.mqtt_hass_expire;
  mqtt.hass.retain = data.mqtt_hass_retain;
  mqtt.hass.topic = data.mqtt_hass_topic;
  mqtt.hass.individual_panels = data.mqtt_hass_individualpanels;
}

/** GET/POST /api/mqtt/config and GET /api/mqtt/status, wire-contract §4.10. */
export const mqttRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/mqtt/status',
    { preHandler: app.requireReadonly },
    async (): Promise<MqttStatus> => {
      const mqtt = app.store.config.mqtt;
      return {
        mqtt_enabled: mqtt.enabled,
        mqtt_hostname: mqtt.hostname,
        mqtt_port: mqtt.port,
        mqtt_clientid: effectiveClientId(mqtt.clientid, app.system.chipId),
        mqtt_username: mqtt.username,
        mqtt_topic: mqtt.topic,
        mqtt_connected: app.mqtt.isConnected(),
        mqtt_retain: mqtt.retain,
        mqtt_tls: mqtt.tls.enabled,
        mqtt_root_ca_cert_info: certificateInfo(mqtt.tls.root_ca_cert),
        mqtt_tls_cert_login: mqtt.tls.certlogin,
        mqtt_client_cert_info: certificateInfo(mqtt.tls.client_cert),
        mqtt_lwt_topic: lwtTopic(mqtt),
        mqtt_publish_interval: mqtt.publish_interval,
        mqtt_clean_session: mqtt.clean_session,
        mqtt_hass_enabled: mqtt.hass.enabled,
        mqtt_hass_expire: mqtt.hass.expire,
        mqtt_hass_retain: mqtt.hass.retain,
        mqtt_hass_topic: mqtt.hass.topic,
        mqtt_hass_individualpanels: mqtt.hass.individual_panels,
      };
    },
  );

  app.get('/api/mqtt/config', { preHandler: app.requireAdmin }, async (): Promise<MqttConfig> =>
    mqttConfigOf(app.store.config.mqtt),
  );

  app.post('/api/mqtt/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(MqttConfigPostSchema);
    const failure = checkMqttConfig(data, app.system.firmware);
    if (failure) return reply.result(failure.code, failure.param);
    // Checked values fit their buffers already; unchecked ones (MQTT off) are cut to fit.
    const accepted = truncateMqttConfig(data);
    const saved = await app.store.update((draft) => applyMqttConfig(draft.mqtt, accepted));
    if (!saved) return reply.result(ApiCode.GenericWriteFailed);
    // The client reconnects by itself: it follows the store's 'saved' event.
    app.consoleLog.write('MQTT settings saved', { tag: 'mqtt' });
    return reply.result(ApiCode.GenericSuccess);
  });
};
