import { ApiCode, type ApiCodeValue } from '@heliodtu/contract/codes';
import type { ApiParam } from '@heliodtu/contract/envelope';
import {
  MQTT_CERT_MAX,
  MQTT_CLIENTID_MAX,
  MQTT_HASS_TOPIC_MAX,
  MQTT_HOSTNAME_MAX,
  MQTT_LWT_QOS_MAX,
  MQTT_LWT_TOPIC_MAX,
  MQTT_LWT_VALUE_MAX,
  MQTT_PASSWORD_MAX,
  MQTT_USERNAME_MAX,
  MQTT_PORT,
  MQTT_PUBLISH_INTERVAL,
  MQTT_TOPIC_MAX,
} from '@heliodtu/contract/limits';
import type { MqttConfigPost } from '@heliodtu/contract/mqtt';

export interface MqttRule {
  code: ApiCodeValue;
  param?: ApiParam;
  /** Only checked when Home Assistant discovery is enabled. */
  hassOnly?: true;
  fails(data: MqttConfigPost): boolean;
}

export interface RuleFailure {
  code: ApiCodeValue;
  param?: ApiParam;
}

// The firmware looks for the space character only, not for other whitespace.
const hasSpace = (text: string) => text.includes(' ');
const longer = (text: string | undefined, max: number) => (text ?? '').length > max;

/** The per-field checks of wire-contract §4.10, in the device's order. */
export const MQTT_RULES: readonly MqttRule[] = [
  {
    code: ApiCode.MqttHostnameLength,
    param: { max: MQTT_HOSTNAME_MAX },
    fails: (d) => d.mqtt_hostname.length === 0 || longer(d.mqtt_hostname, MQTT_HOSTNAME_MAX),
  },
  {
    code: ApiCode.MqttClientIdLength,
    param: { max: MQTT_CLIENTID_MAX },
    fails: (d) => longer(d.mqtt_clientid, MQTT_CLIENTID_MAX),
  },
  {
    code: ApiCode.MqttUsernameLength,
    param: { max: MQTT_USERNAME_MAX },
    fails: (d) => longer(d.mqtt_username, MQTT_USERNAME_MAX),
  },
  {
    code: ApiCode.MqttPasswordLength,
    param: { max: MQTT_PASSWORD_MAX },
    fails: (d) => longer(d.mqtt_password, MQTT_PASSWORD_MAX),
  },
  {
    code: ApiCode.MqttTopicLength,
    param: { max: MQTT_TOPIC_MAX },
    fails: (d) => longer(d.mqtt_topic, MQTT_TOPIC_MAX),
  },
  { code: ApiCode.MqttTopicCharacter, fails: (d) => hasSpace(d.mqtt_topic) },
  { code: ApiCode.MqttTopicTrailingSlash, fails: (d) => !d.mqtt_topic.endsWith('/') },
  {
    code: ApiCode.MqttPort,
    fails: (d) => d.mqtt_port < MQTT_PORT.min || d.mqtt_port > MQTT_PORT.max,
  },
  {
    code: ApiCode.MqttCertificateLength,
    param: { max: MQTT_CERT_MAX },
    fails: (d) =>
      longer(d.mqtt_root_ca_cert, MQTT_CERT_MAX) ||
      longer(d.mqtt_client_cert, MQTT_CERT_MAX) ||
      longer(d.mqtt_client_key, MQTT_CERT_MAX),
  },
  {
    code: ApiCode.MqttLwtTopicLength,
    param: { max: MQTT_LWT_TOPIC_MAX },
    fails: (d) => longer(d.mqtt_lwt_topic, MQTT_LWT_TOPIC_MAX),
  },
  { code: ApiCode.MqttLwtTopicCharacter, fails: (d) => hasSpace(d.mqtt_lwt_topic) },
  {
    code: ApiCode.MqttLwtOnlineLength,
    param: { max: MQTT_LWT_VALUE_MAX },
    fails: (d) => longer(d.mqtt_lwt_online, MQTT_LWT_VALUE_MAX),
  },
  {
    code: ApiCode.MqttLwtOfflineLength,
    param: { max: MQTT_LWT_VALUE_MAX },
    fails: (d) => longer(d.mqtt_lwt_offline, MQTT_LWT_VALUE_MAX),
  },
  {
    code: ApiCode.MqttLwtQos,
    param: { max: MQTT_LWT_QOS_MAX },
    fails: (d) => d.mqtt_lwt_qos > MQTT_LWT_QOS_MAX,
  },
  {
    code: ApiCode.MqttPublishInterval,
    param: { min: MQTT_PUBLISH_INTERVAL.min, max: MQTT_PUBLISH_INTERVAL.max },
    fails: (d) =>
      d.mqtt_publish_interval < MQTT_PUBLISH_INTERVAL.min ||
      d.mqtt_publish_interval > MQTT_PUBLISH_INTERVAL.max,
  },
  {
    code: ApiCode.MqttHassTopicLength,
    param: { max: MQTT_HASS_TOPIC_MAX },
    hassOnly: true,
    fails: (d) => longer(d.mqtt_hass_topic, MQTT_HASS_TOPIC_MAX),
  },
  {
    code: ApiCode.MqttHassTopicCharacter,
    hassOnly: true,
    fails: (d) => hasSpace(d.mqtt_hass_topic),
  },
];

/**
 * First failing rule of wire-contract §4.10, or undefined. The rules apply only while MQTT is
 * enabled, and the Home Assistant ones only while discovery is enabled too.
 */
export function checkMqttConfig(data: MqttConfigPost): RuleFailure | undefined {
  if (!data.mqtt_enabled) return undefined;
  const failed = MQTT_RULES.find(
    (rule) => (!rule.hassOnly || data.mqtt_hass_enabled) && rule.fails(data),
  );
  if (!failed) return undefined;
  return failed.param ? { code: failed.code, param: failed.param } : { code: failed.code };
}

/**
 * Values saved unchecked (MQTT disabled) are cut to the device's buffer sizes, wire-contract §4.10.
 * Numbers keep their C type range, which the kind check already enforced.
 */
export function truncateMqttConfig(data: MqttConfigPost): MqttConfigPost {
  const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
  const truncated: MqttConfigPost = {
    ...data,
    mqtt_hostname: cut(data.mqtt_hostname, MQTT_HOSTNAME_MAX),
    mqtt_clientid: cut(data.mqtt_clientid, MQTT_CLIENTID_MAX),
    mqtt_username: cut(data.mqtt_username, MQTT_USERNAME_MAX),
    mqtt_password: cut(data.mqtt_password, MQTT_PASSWORD_MAX),
    mqtt_topic: cut(data.mqtt_topic, MQTT_TOPIC_MAX),
    mqtt_client_cert: cut(data.mqtt_client_cert, MQTT_CERT_MAX),
    mqtt_client_key: cut(data.mqtt_client_key, MQTT_CERT_MAX),
    mqtt_lwt_topic: cut(data.mqtt_lwt_topic, MQTT_LWT_TOPIC_MAX),
    mqtt_lwt_online: cut(data.mqtt_lwt_online, MQTT_LWT_VALUE_MAX),
    mqtt_lwt_offline: cut(data.mqtt_lwt_offline, MQTT_LWT_VALUE_MAX),
    mqtt_hass_topic: cut(data.mqtt_hass_topic, MQTT_HASS_TOPIC_MAX),
  };
  if (data.mqtt_root_ca_cert !== undefined) {
    truncated.mqtt_root_ca_cert = cut(data.mqtt_root_ca_cert, MQTT_CERT_MAX);
  }
  return truncated;
}
