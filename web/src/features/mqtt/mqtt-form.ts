import type { MqttConfig, MqttConfigPost } from '@heliodtu/contract/mqtt';
import { mqttConfigProblems } from '@heliodtu/contract/rules/mqtt-rules';
import type { FieldMessage } from '@/components/form/field-message';

/** The number inputs: an empty one is NaN, a typed 1.5 is no port at all. */
const NUMBER_FIELDS = ['mqtt_port', 'mqtt_publish_interval'] as const;

/** Fields top to bottom as the page shows them, so Save focuses the topmost wrong one. */
const PAGE_ORDER: readonly (keyof MqttConfig)[] = [
  'mqtt_hostname',
  'mqtt_port',
  'mqtt_clientid',
  'mqtt_username',
  'mqtt_password',
  'mqtt_topic',
  'mqtt_publish_interval',
  'mqtt_root_ca_cert',
  'mqtt_client_cert',
  'mqtt_client_key',
  'mqtt_lwt_topic',
  'mqtt_lwt_online',
  'mqtt_lwt_offline',
  'mqtt_lwt_qos',
  'mqtt_hass_topic',
];
const rank = (field: string) => PAGE_ORDER.indexOf(field as keyof MqttConfig);

// A number the user left half-typed in a section that is hidden now (MQTT switched off) is not
// checked, like every value the gateway stores unchecked then; it goes out as a whole number so
// the wire's integer kind check still passes.
const whole = (value: number) => (Number.isFinite(value) ? Math.trunc(value) : 0);

/**
 * The posted object, key by key in the wire order of wire-contract §4.10. The root CA goes out
 * as loaded (GET returns the stored certificate in full), so an untouched one is kept and a
 * cleared one is cleared; leaving it out would make clearing it impossible.
 */
export function toMqttRequest(values: MqttConfig): MqttConfigPost {
  return {
    mqtt_enabled: values.mqtt_enabled,
    mqtt_hostname: values.mqtt_hostname,
    mqtt_port: whole(values.mqtt_port),
    mqtt_clientid: values.mqtt_clientid,
    mqtt_username: values.mqtt_username,
    mqtt_password: values.mqtt_password,
    mqtt_topic: values.mqtt_topic,
    mqtt_retain: values.mqtt_retain,
    mqtt_tls: values.mqtt_tls,
    mqtt_root_ca_cert: values.mqtt_root_ca_cert,
    mqtt_tls_cert_login: values.mqtt_tls_cert_login,
    mqtt_client_cert: values.mqtt_client_cert,
    mqtt_client_key: values.mqtt_client_key,
    mqtt_lwt_topic: values.mqtt_lwt_topic,
    mqtt_lwt_online: values.mqtt_lwt_online,
    mqtt_lwt_offline: values.mqtt_lwt_offline,
    mqtt_lwt_qos: values.mqtt_lwt_qos,
    mqtt_publish_interval: whole(values.mqtt_publish_interval),
    mqtt_clean_session: values.mqtt_clean_session,
    mqtt_hass_enabled: values.mqtt_hass_enabled,
    mqtt_hass_expire: values.mqtt_hass_expire,
    mqtt_hass_retain: values.mqtt_hass_retain,
    mqtt_hass_topic: values.mqtt_hass_topic,
    mqtt_hass_individualpanels: values.mqtt_hass_individualpanels,
  };
}

/** A missing or fractional number, which the shared rules cannot judge (NaN passes a < b). */
function numberProblems(values: MqttConfig): FieldMessage[] {
  const problems: FieldMessage[] = [];
  for (const field of NUMBER_FIELDS) {
    const value = values[field];
    if (Number.isNaN(value)) problems.push({ field, key: 'validation.Required' });
    else if (!Number.isInteger(value)) problems.push({ field, key: 'validation.Integer' });
  }
  return problems;
}

/**
 * Spec §5 through the gateway's own rules (contract/rules/mqtt-rules): they apply only while
 * MQTT is enabled (the fields are hidden otherwise), the Home Assistant ones only while discovery
 * is enabled too. A missing number is reported instead of the rule it would trip.
 */
export function validateMqtt(values: MqttConfig): FieldMessage[] {
  if (!values.mqtt_enabled) return [];
  const own = numberProblems(values);
  const taken = new Set(own.map((problem) => problem.field));
  const shared = mqttConfigProblems(toMqttRequest(values)).filter((p) => !taken.has(p.field));
  // Stable sort: a field's own messages keep the gateway's order among themselves.
  return [...own, ...shared].sort((a, b) => rank(a.field) - rank(b.field));
}
