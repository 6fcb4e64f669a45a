import { z } from 'zod';
import { MQTT_COMMAND_NAMES } from '../domain/mqtt-commands.js';
import { AlertsMqttPayloadSchema } from '../alerts.js';
import { HOUSE_MQTT_TOPICS, HOUSE_TOPIC_PARAMETERS } from './house-mqtt-topics.js';
import type { MqttTopic, TopicParameter } from './mqtt-topic-shape.js';

/**
 * The MQTT topic tree (integrations §2, §3) and the Home Assistant discovery payload (§5.3)
 * as the AsyncAPI document states them. Each channel's address is `{base}` (the configured
 * base topic, default `solar/`, ending in `/`) or `{hassPrefix}` (default `homeassistant/`)
 * followed by fixed levels and parameters with their allowed values.
 */

export const TOPIC_PARAMETERS: Readonly<Record<string, TopicParameter>> = {
  base: {
    description:
      "Base topic (MQTT settings), ending in `/`; a companion's house topics: `heliodtu/`.",
    examples: ['solar/', 'heliodtu/'],
  },
  hassPrefix: {
    description: 'Home Assistant discovery prefix (MQTT settings).',
    examples: ['homeassistant/'],
  },
  lwtTopic: {
    description: 'LWT topic (MQTT settings), under the base topic.',
    examples: ['dtu/status'],
  },
  serial: {
    description: 'Inverter serial, 12 hex digits, lower case.',
    examples: ['114172345678'],
  },
  dtuTopic: {
    description: 'DTU figure (rssi and bssid only on Wi-Fi; temperature only when valid).',
    values: [
      'uptime',
      'ip',
      'hostname',
      'heap/size',
      'heap/free',
      'heap/minfree',
      'heap/maxalloc',
      'rssi',
      'bssid',
      'temperature',
    ],
  },
  acTotal: {
    description: 'Fleet AC total.',
    values: ['power', 'yieldtotal', 'yieldday', 'is_valid'],
  },
  dcTotal: { description: 'Fleet DC total.', values: ['power', 'irradiation', 'is_valid'] },
  radioCounter: {
    description: 'Radio statistics counter, or rssi in dBm.',
    values: [
      'tx_request',
      'tx_re_request',
      'rx_success',
      'rx_fail_nothing',
      'rx_fail_partial',
      'rx_fail_corrupt',
      'rssi',
    ],
  },
  deviceInfo: {
    description: 'Inverter hardware/firmware, after the first device-info answer.',
    values: ['bootloaderversion', 'fwbuildversion', 'fwbuilddatetime', 'hwpartnumber', 'hwversion'],
  },
  inverterStatus: {
    description: 'Inverter state; booleans as 1/0, limits with 2 decimals, last_update in epoch s.',
    values: ['limit_relative', 'limit_absolute', 'reachable', 'producing', 'last_update'],
  },
  channelZeroField: {
    description: 'AC phase and inverter-level field of channel 0.',
    values: [
      'voltage',
      'current',
      'power',
      'frequency',
      'powerfactor',
      'reactivepower',
      'powerdc',
      'yieldday',
      'yieldtotal',
      'temperature',
      'efficiency',
    ],
  },
  input: { description: 'DC input number, 1-based.', values: ['1', '2', '3', '4', '5', '6'] },
  dcField: {
    description: 'DC input field.',
    values: ['name', 'voltage', 'current', 'power', 'yieldday', 'yieldtotal', 'irradiation'],
  },
  command: {
    description: 'Command to an inverter.',
    values: [...MQTT_COMMAND_NAMES],
  },
  component: {
    description: 'HA component.',
    values: ['sensor', 'binary_sensor', 'button', 'number', 'switch'],
  },
  nodeId: {
    description:
      'The DTU id `<hostname>_<chip id>`, `dtu_<serial>` for an inverter, or `<hostname>_<chip id>_house` for the house.',
  },
  ...HOUSE_TOPIC_PARAMETERS,
  objectId: {
    description: 'Entity name lower-cased with `_`, or `ch<N>_<FieldName>` for a field sensor.',
  },
};

/** A Home Assistant discovery config (abbreviated keys, integrations §5.3). */
export const HassDiscoveryConfigSchema = z.object({
  dev: z.object({
    name: z.string(),
    ids: z.string(),
    cu: z.string(),
    mf: z.string(),
    mdl: z.string(),
    sw: z.string(),
    via_device: z.string().optional(),
  }),
  name: z.string(),
  uniq_id: z.string(),
  stat_t: z.string().optional(),
  /** The alerts' problem sensor: its attributes topic (HelioDTU). */
  json_attr_t: z.string().optional(),
  cmd_t: z.string().optional(),
  payload_press: z.string().optional(),
  pl_on: z.string().optional(),
  pl_off: z.string().optional(),
  avty_t: z.string().optional(),
  pl_avail: z.string().optional(),
  pl_not_avail: z.string().optional(),
  unit_of_meas: z.string().optional(),
  ic: z.string().optional(),
  dev_cla: z.string().optional(),
  stat_cla: z.string().optional(),
  ent_cat: z.string().optional(),
  exp_aft: z.number().int().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  /** A number entity's input: `box` for the export control target. */
  mode: z.string().optional(),
});

const text = (t: string) => ({ text: t });

/** Every topic family, in publish order. */
export const MQTT_TOPICS: readonly MqttTopic[] = [
  {
    address: '{base}{lwtTopic}',
    action: 'send',
    title: 'Availability (LWT)',
    description: '`online` after connecting; the broker sends `offline` as the will.',
    payload: text('online | offline (configurable)'),
  },
  {
    address: '{base}dtu/{dtuTopic}',
    action: 'send',
    title: 'DTU figures',
    description: 'Every publish interval.',
    payload: text('number or text'),
  },
  {
    address: '{base}ac/{acTotal}',
    action: 'send',
    title: 'Fleet AC totals',
    description: 'Every publish interval.',
    payload: text('number; is_valid 1/0'),
  },
  {
    address: '{base}dc/{dcTotal}',
    action: 'send',
    title: 'Fleet DC totals',
    description: 'Every publish interval.',
    payload: text('number; is_valid 1/0'),
  },
  {
    address: '{base}{serial}/name',
    action: 'send',
    title: 'Inverter name',
    description: 'Every publish interval.',
    payload: text('text'),
  },
  {
    address: '{base}{serial}/radio/{radioCounter}',
    action: 'send',
    title: 'Radio statistics',
    description: 'Every publish interval.',
    payload: text('integer'),
  },
  {
    address: '{base}{serial}/device/{deviceInfo}',
    action: 'send',
    title: 'Inverter device info',
    description: 'Every publish interval once known.',
    payload: text('integer or text'),
  },
  {
    address: '{base}{serial}/status/{inverterStatus}',
    action: 'send',
    title: 'Inverter status',
    description: 'Every publish interval.',
    payload: text('number; booleans 1/0'),
  },
  {
    address: '{base}{serial}/0/{channelZeroField}',
    action: 'send',
    title: 'AC and inverter values',
    description: 'On new data only.',
    payload: text('number with the field decimals'),
  },
  {
    address: '{base}{serial}/{input}/{dcField}',
    action: 'send',
    title: 'DC input values',
    description: 'On new data only; `name` may be empty.',
    payload: text('number with the field decimals; name text'),
  },
  {
    address: '{base}{serial}/cmd/{command}',
    action: 'receive',
    title: 'Inverter commands',
    description:
      'A number (trailing text ignored). Retained messages are honoured only for the persistent limits and power.',
    payload: text('number: limit in % or W; power >0 on / 0 off; restart and reset_rf_stats 1'),
  },
  {
    address: '{base}alerts',
    action: 'send',
    title: 'Open alerts (HelioDTU)',
    description:
      'Retained; sent again whenever an alert opens or clears and on every connect (alert settings: MQTT). `count` 0 and an empty list when none is open.',
    payload: { json: AlertsMqttPayloadSchema, name: 'AlertsMqttPayload' },
  },
  {
    address: '{base}{serial}/alerts/problem',
    action: 'send',
    title: 'Inverter problem (HelioDTU)',
    description:
      'Retained; 1 while an alert of this inverter (or one of its strings) is open, else 0. The state of the Home Assistant binary sensor "Problem" (device class problem).',
    payload: text('1 | 0'),
  },
  {
    address: '{base}{serial}/alerts/attributes',
    action: 'send',
    title: 'Inverter problem details (HelioDTU)',
    description:
      "Retained JSON beside the problem state, the binary sensor's attributes: `alert` (the English text of the latest open alert, '' when none), `alerts` (every open alert's text) and `count`.",
    payload: text('JSON object'),
  },
  {
    address: '{hassPrefix}{component}/{nodeId}/{objectId}/config',
    action: 'send',
    title: 'Home Assistant discovery',
    description:
      'When discovery is on: on every connect and after MQTT or inverter changes. An empty payload removes an entity.',
    payload: { json: HassDiscoveryConfigSchema, name: 'HassDiscoveryConfig' },
  },
  ...HOUSE_MQTT_TOPICS,
];

/** A regular expression matching the concrete topics of a channel address (for tests). */
export function topicPattern(address: string): RegExp {
  const source = address.replace(/\{(\w+)\}|[^{]+/g, (part, name: string | undefined) => {
    if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const values = TOPIC_PARAMETERS[name]?.values;
    if (values)
      return `(?:${values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
    // base, prefixes and the LWT topic may span levels; ids are one level.
    return name === 'base' || name === 'hassPrefix' || name === 'lwtTopic' ? '.*' : '[^/]+';
  });
  return new RegExp(`^${source}$`);
}
