import { ApiCode, ApiCodeV26 } from '../codes.js';
import type { FirmwareGeneration } from '../domain/firmware-generation.js';
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
} from '../limits.js';
import type { MqttConfigPost } from '../mqtt.js';
import { firstFailure, type FieldProblem, type RuleFailure } from './field-problem.js';

export type { RuleFailure } from './field-problem.js';

export interface MqttRule extends Omit<FieldProblem, 'field'> {
  field: keyof MqttConfigPost;
  /** Only checked when Home Assistant discovery is enabled. */
  hassOnly?: true;
  /** Only current firmware (v26.3.30) checks it. */
  currentFirmwareOnly?: true;
  fails(data: MqttConfigPost): boolean;
}

// The firmware looks for the space character only, not for other whitespace.
const hasSpace = (text: string) => text.includes(' ');
// The device compares string lengths as the JSON library gives them; kept as characters.
const longer = (text: string | undefined, max: number) => (text ?? '').length > max;

/**
 * The per-field checks of wire-contract §4.10, in the device's order. The device answers 7008
 * once for the three certificate fields; here each field has its own entry with that code.
 */
export const MQTT_RULES: readonly MqttRule[] = [
  {
    field: 'mqtt_hostname',
    code: ApiCode.MqttHostnameLength,
    param: { max: MQTT_HOSTNAME_MAX },
    fails: (d) => d.mqtt_hostname.length === 0 || longer(d.mqtt_hostname, MQTT_HOSTNAME_MAX),
  },
  {
    field: 'mqtt_clientid',
    code: ApiCode.MqttClientIdLength,
    param: { max: MQTT_CLIENTID_MAX },
    fails: (d) => longer(d.mqtt_clientid, MQTT_CLIENTID_MAX),
  },
  {
    field: 'mqtt_username',
    code: ApiCode.MqttUsernameLength,
    param: { max: MQTT_USERNAME_MAX },
    fails: (d) => longer(d.mqtt_username, MQTT_USERNAME_MAX),
  },
  {
    field: 'mqtt_password',
    code: ApiCode.MqttPasswordLength,
    param: { max: MQTT_PASSWORD_MAX },
    fails: (d) => longer(d.mqtt_password, MQTT_PASSWORD_MAX),
  },
  {
    field: 'mqtt_topic',
    code: ApiCode.MqttTopicLength,
    param: { max: MQTT_TOPIC_MAX },
    fails: (d) => longer(d.mqtt_topic, MQTT_TOPIC_MAX),
  },
  { field: 'mqtt_topic', code: ApiCode.MqttTopicCharacter, fails: (d) => hasSpace(d.mqtt_topic) },
  {
    field: 'mqtt_topic',
    code: ApiCode.MqttTopicTrailingSlash,
    fails: (d) => !d.mqtt_topic.endsWith('/'),
  },
  {
    field: 'mqtt_port',
    code: ApiCode.MqttPort,
    fails: (d) => d.mqtt_port < MQTT_PORT.min || d.mqtt_port > MQTT_PORT.max,
  },
  ...(['mqtt_root_ca_cert', 'mqtt_client_cert', 'mqtt_client_key'] as const).map(
    (field): MqttRule => ({
      field,
      code: ApiCode.MqttCertificateLength,
      param: { max: MQTT_CERT_MAX },
      fails: (d) => longer(d[field], MQTT_CERT_MAX),
    }),
  ),
  {
    field: 'mqtt_lwt_topic',
    code: ApiCode.MqttLwtTopicLength,
    param: { max: MQTT_LWT_TOPIC_MAX },
    fails: (d) => longer(d.mqtt_lwt_topic, MQTT_LWT_TOPIC_MAX),
  },
  {
    field: 'mqtt_lwt_topic',
    code: ApiCode.MqttLwtTopicCharacter,
    fails: (d) => hasSpace(d.mqtt_lwt_topic),
  },
  {
    field: 'mqtt_lwt_online',
    code: ApiCode.MqttLwtOnlineLength,
    param: { max: MQTT_LWT_VALUE_MAX },
    fails: (d) => longer(d.mqtt_lwt_online, MQTT_LWT_VALUE_MAX),
  },
  {
    field: 'mqtt_lwt_offline',
    code: ApiCode.MqttLwtOfflineLength,
    param: { max: MQTT_LWT_VALUE_MAX },
    fails: (d) => longer(d.mqtt_lwt_offline, MQTT_LWT_VALUE_MAX),
  },
  {
    field: 'mqtt_lwt_qos',
    code: ApiCode.MqttLwtQos,
    param: { max: MQTT_LWT_QOS_MAX },
    fails: (d) => d.mqtt_lwt_qos > MQTT_LWT_QOS_MAX,
  },
  {
    field: 'mqtt_publish_interval',
    code: ApiCode.MqttPublishInterval,
    param: { min: MQTT_PUBLISH_INTERVAL.min, max: MQTT_PUBLISH_INTERVAL.max },
    fails: (d) =>
      d.mqtt_publish_interval < MQTT_PUBLISH_INTERVAL.min ||
      d.mqtt_publish_interval > MQTT_PUBLISH_INTERVAL.max,
  },
  {
    field: 'mqtt_hass_topic',
    code: ApiCode.MqttHassTopicLength,
    param: { max: MQTT_HASS_TOPIC_MAX },
    hassOnly: true,
    fails: (d) => longer(d.mqtt_hass_topic, MQTT_HASS_TOPIC_MAX),
  },
  {
    field: 'mqtt_hass_topic',
    code: ApiCode.MqttHassTopicCharacter,
    hassOnly: true,
    fails: (d) => hasSpace(d.mqtt_hass_topic),
  },
  {
    field: 'mqtt_hass_topic',
    code: ApiCodeV26.MqttHassTopicTrailingSlash,
    hassOnly: true,
    currentFirmwareOnly: true,
    fails: (d) => !d.mqtt_hass_topic.endsWith('/'),
  },
];

/**
 * Every failing rule of wire-contract §4.10, in the device's order. The rules apply only while
 * MQTT is enabled, and the Home Assistant ones only while discovery is enabled too. Current
 * firmware adds one (the Home Assistant topic ends with a slash); it runs only for that
 * generation, the reference (the default) accepts such a topic.
 */
export function mqttConfigProblems(
  data: MqttConfigPost,
  generation: FirmwareGeneration = 'v24',
): FieldProblem[] {
  if (!data.mqtt_enabled) return [];
  return MQTT_RULES.filter(
    (rule) =>
      (!rule.hassOnly || data.mqtt_hass_enabled) &&
      (!rule.currentFirmwareOnly || generation === 'v26') &&
      rule.fails(data),
  ).map(({ field, code, param }) => (param ? { field, code, param } : { field, code }));
}

/** The first failing rule (the one the device answers), or undefined. */
export function checkMqttConfig(
  data: MqttConfigPost,
  generation: FirmwareGeneration = 'v24',
): RuleFailure | undefined {
  return firstFailure(mqttConfigProblems(data, generation));
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
