import type { MqttTopic, TopicParameter } from './mqtt-topic-shape.js';

/**
 * The house's topics (issue 35, power-control §4) as the AsyncAPI document states them: the
 * grid meter under `{base}gridmeter/…`, export control under `{base}exportcontrol/…`, and the
 * `…/set` topics that switch control. On a simulated gateway `{base}` is the MQTT settings' base
 * topic; on a companion they go through HelioDTU's own broker (Power control settings) under
 * `heliodtu/`, with the will `heliodtu/status`.
 */

export const HOUSE_TOPIC_PARAMETERS: Readonly<Record<string, TopicParameter>> = {
  gridMeterTopic: {
    description:
      'Grid meter figure: power, consumption (W, only with a usable reading), the registers import_wh and export_wh (Wh, monotonic), the state, and today’s energy flow.',
    values: [
      'power',
      'consumption',
      'import_wh',
      'export_wh',
      'state',
      'today/production_wh',
      'today/import_wh',
      'today/export_wh',
      'today/consumption_wh',
      'today/self_consumption',
    ],
  },
  phase: { description: 'Phase or summed topic, 1-based.', values: ['1', '2', '3'] },
  exportControlTopic: {
    description: 'Export control: enabled (1/0), target (W), state, limit (W, while it governs).',
    values: ['enabled', 'target', 'state', 'limit'],
  },
  exportControlSetting: {
    description: 'What a `…/set` topic changes.',
    values: ['enabled', 'target'],
  },
};

const text = (t: string) => ({ text: t });

export const HOUSE_MQTT_TOPICS: readonly MqttTopic[] = [
  {
    address: '{base}gridmeter/{gridMeterTopic}',
    action: 'send',
    title: 'Grid meter (HelioDTU)',
    description:
      'Retained, every publish interval and at once when the meter’s state changes; only while a meter is set. Import positive. The state is one of off, waiting, ok, stale, unreachable, no_path, implausible.',
    payload: text('number with one decimal; the state as text'),
  },
  {
    address: '{base}gridmeter/phase/{phase}/power',
    action: 'send',
    title: 'Grid meter phase (HelioDTU)',
    description: 'Per phase (or per summed topic) while the meter gives them and is usable.',
    payload: text('number with one decimal, W'),
  },
  {
    address: '{base}exportcontrol/{exportControlTopic}',
    action: 'send',
    title: 'Export control (HelioDTU)',
    description: 'Retained, every publish interval and at once after every change.',
    payload: text('1 | 0; whole W; the state as text'),
  },
  {
    address: '{base}exportcontrol/{exportControlSetting}/set',
    action: 'receive',
    title: 'Switch export control (HelioDTU)',
    description:
      'enabled: 1/0, on/off, true/false; target: W from −10000 to 10000. Retained messages and bad payloads are ignored with a console line.',
    payload: text('1 | 0 | on | off | true | false; a number of W'),
  },
];
