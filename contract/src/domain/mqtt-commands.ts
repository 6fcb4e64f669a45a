/** The MQTT command topic names after `<serial>/cmd/` (integrations §3.1): the gateway subscribes to them, the AsyncAPI document describes them. */
export const MQTT_COMMAND_NAMES = [
  'limit_persistent_relative',
  'limit_persistent_absolute',
  'limit_nonpersistent_relative',
  'limit_nonpersistent_absolute',
  'power',
  'restart',
  'reset_rf_stats',
] as const;
export type MqttCommandName = (typeof MQTT_COMMAND_NAMES)[number];
