import { isIP } from 'node:net';
import { createSecureContext } from 'node:tls';
import type { IClientOptions } from 'mqtt';
import type { ConfigFile } from '@heliodtu/contract/config-file';
import { MQTT_LWT_QOS_MAX, MQTT_PORT } from '@heliodtu/contract/limits';
import { defaultMqttClientId } from '@heliodtu/contract/mqtt';

export type MqttFileConfig = ConfigFile['mqtt'];
export type QoS = 0 | 1 | 2;

/** Everything the broker connection depends on; a change of any of it means reconnecting. */
export interface ConnectionSettings {
  host: string;
  port: number;
  clientId: string;
  username: string;
  password: string;
  clean: boolean;
  retain: boolean;
  will: { topic: string; online: string; offline: string; qos: QoS };
  /** `ca` undefined: the system's trusted CAs (a companion's own broker, power-control §4). */
  tls: { ca: string | undefined; cert: string; key: string; certLogin: boolean } | undefined;
}

/** Keep-alive of the device's MQTT library (integrations §1.1); the UI has no setting. */
export const KEEPALIVE_SECONDS = 15;
const CONNECT_TIMEOUT_MS = 10_000;

/** Client id the broker sees: the configured one, else the AP name (integrations §1.1). */
export function effectiveClientId(clientid: string, chipId: number): string {
  return clientid !== '' ? clientid : defaultMqttClientId(chipId);
}

/** Full LWT topic: base topic and LWT topic joined as plain strings (integrations §1.1). */
export function lwtTopic(mqtt: MqttFileConfig): string {
  return mqtt.topic + mqtt.lwt.topic;
}

/** The connection settings for `mqtt`, or undefined while MQTT is disabled. */
export function connectionSettings(
  mqtt: MqttFileConfig,
  chipId: number,
): ConnectionSettings | undefined {
  if (!mqtt.enabled) return undefined;
  return {
    host: mqtt.hostname,
    port: mqtt.port,
    clientId: effectiveClientId(mqtt.clientid, chipId),
    username: mqtt.username,
    password: mqtt.password,
    clean: mqtt.clean_session,
    retain: mqtt.retain,
    will: {
      topic: lwtTopic(mqtt),
      online: mqtt.lwt.value_online,
      offline: mqtt.lwt.value_offline,
      // A restored file may hold any number; the broker accepts only 0..2.
      qos: Math.max(0, Math.min(MQTT_LWT_QOS_MAX, Math.trunc(mqtt.lwt.qos))) as QoS,
    },
    tls: mqtt.tls.enabled
      ? {
          ca: mqtt.tls.root_ca_cert,
          cert: mqtt.tls.client_cert,
          key: mqtt.tls.client_key,
          certLogin: mqtt.tls.certlogin,
        }
      : undefined,
  };
}

/**
 * Why these settings cannot be used at all (a restored config can hold anything), or
 * undefined. Retrying would not help until the settings change.
 */
export function unusableReason(settings: ConnectionSettings): string | undefined {
  if (settings.host === '') return 'no broker hostname configured';
  if (
    !Number.isInteger(settings.port) ||
    settings.port < MQTT_PORT.min ||
    settings.port > MQTT_PORT.max
  ) {
    return `invalid port ${settings.port}`;
  }
  if (settings.tls?.certLogin) {
    if (settings.tls.cert.trim() === '' || settings.tls.key.trim() === '') {
      return 'certificate login without a client certificate and key';
    }
    try {
      createSecureContext({ cert: settings.tls.cert, key: settings.tls.key });
    } catch (error) {
      return `invalid client certificate or key (${(error as Error).message})`;
    }
  }
  return undefined;
}

/** mqtt.js options for `settings`, integrations §1.1 and §4. */
export function clientOptions(settings: ConnectionSettings): IClientOptions {
  const options: IClientOptions = {
    protocol: settings.tls ? 'mqtts' : 'mqtt',
    host: settings.host,
    port: settings.port,
    protocolVersion: 4,
    clientId: settings.clientId,
    keepalive: KEEPALIVE_SECONDS,
    clean: settings.clean,
    // Reconnecting is ours (with back-off), and so is re-subscribing after each CONNACK.
    reconnectPeriod: 0,
    resubscribe: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    will: {
      topic: settings.will.topic,
      payload: Buffer.from(settings.will.offline),
      qos: settings.will.qos,
      retain: settings.retain,
    },
  };
  const certLogin = settings.tls?.certLogin === true;
  // Empty credentials are left out: every broker that accepts the device accepts that too.
  if (!certLogin && (settings.username !== '' || settings.password !== '')) {
    options.username = settings.username;
    if (settings.password !== '') options.password = settings.password;
  }
  if (settings.tls) {
    // The configured root CA is the only trust anchor, as on the device (integrations §4).
    if (settings.tls.ca !== undefined) options.ca = [settings.tls.ca];
    options.rejectUnauthorized = true;
    // SNI must be a DNS name; Node checks IP addresses against the certificate's IP SANs anyway.
    if (isIP(settings.host) === 0) options.servername = settings.host;
    if (certLogin) {
      options.cert = settings.tls.cert;
      options.key = settings.tls.key;
    }
  }
  return options;
}
