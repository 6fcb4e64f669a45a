import { EXPORT_CONTROL_TARGET_W } from '@heliodtu/contract/limits';
import { HOUSE_TOPICS } from './house-topics.js';
import { dtuIdOf, type HassDtuIdentity, type Json } from './hass-payloads.js';
import type { MqttFileConfig, MqttMessage } from './publish-topics.js';

/**
 * Home Assistant discovery of the house (issue 35): a "House" device beside the DTU (linked by
 * via_device) with the grid meter's sensors — import and export as energy sensors HA's Energy
 * dashboard accepts (device_class energy, state_class total_increasing, Wh) — and export
 * control's switch, target number and sensors. Every entity is unavailable while the gateway's
 * will says it is offline.
 */

export interface HassHouseParts {
  /** A grid meter is set: its sensors are announced, else removed. */
  meter: boolean;
  /** The gateway has export control: its entities are announced, else removed. */
  control: boolean;
}

interface Entity {
  component: 'sensor' | 'switch' | 'number';
  object: string;
  part: keyof HassHouseParts;
  payload: (topic: (sub: string) => string) => Json;
}

const power = { unit_of_meas: 'W', dev_cla: 'power', stat_cla: 'measurement' };
const energy = { unit_of_meas: 'Wh', dev_cla: 'energy', stat_cla: 'total_increasing' };

const ENTITIES: readonly Entity[] = [
  {
    component: 'sensor',
    object: 'grid_power',
    part: 'meter',
    payload: (t) => ({ name: 'Grid power', stat_t: t(HOUSE_TOPICS.gridPower), ...power }),
  },
  {
    component: 'sensor',
    object: 'grid_import',
    part: 'meter',
    payload: (t) => ({ name: 'Grid import', stat_t: t(HOUSE_TOPICS.importWh), ...energy }),
  },
  {
    component: 'sensor',
    object: 'grid_export',
    part: 'meter',
    payload: (t) => ({ name: 'Grid export', stat_t: t(HOUSE_TOPICS.exportWh), ...energy }),
  },
  {
    component: 'sensor',
    object: 'house_consumption',
    part: 'meter',
    payload: (t) => ({ name: 'Consumption', stat_t: t(HOUSE_TOPICS.consumption), ...power }),
  },
  {
    component: 'sensor',
    object: 'grid_meter_state',
    part: 'meter',
    payload: (t) => ({
      name: 'Grid meter state',
      stat_t: t(HOUSE_TOPICS.state),
      ic: 'mdi:meter-electric',
      ent_cat: 'diagnostic',
    }),
  },
  {
    component: 'switch',
    object: 'export_control',
    part: 'control',
    payload: (t) => ({
      name: 'Export control',
      stat_t: t(HOUSE_TOPICS.controlEnabled),
      cmd_t: t(HOUSE_TOPICS.controlEnabledSet),
      pl_on: '1',
      pl_off: '0',
      ic: 'mdi:transmission-tower-export',
    }),
  },
  {
    component: 'number',
    object: 'export_control_target',
    part: 'control',
    payload: (t) => ({
      name: 'Export control target',
      stat_t: t(HOUSE_TOPICS.controlTarget),
      cmd_t: t(HOUSE_TOPICS.controlTargetSet),
      unit_of_meas: 'W',
      dev_cla: 'power',
      min: EXPORT_CONTROL_TARGET_W.min,
      max: EXPORT_CONTROL_TARGET_W.max,
      step: 1,
      mode: 'box',
      ent_cat: 'config',
    }),
  },
  {
    component: 'sensor',
    object: 'export_control_state',
    part: 'control',
    payload: (t) => ({
      name: 'Export control state',
      stat_t: t(HOUSE_TOPICS.controlState),
      ic: 'mdi:state-machine',
    }),
  },
  {
    component: 'sensor',
    object: 'export_control_limit',
    part: 'control',
    payload: (t) => ({
      name: 'Export control limit',
      stat_t: t(HOUSE_TOPICS.controlLimit),
      ...power,
    }),
  },
];

/** The house's discovery configs: announced for the parts present, empty (removed) for the rest. */
export function houseDiscoveryMessages(
  mqtt: MqttFileConfig,
  dtu: HassDtuIdentity,
  parts: HassHouseParts,
): MqttMessage[] {
  const dtuId = dtuIdOf(dtu);
  const node = `${dtuId}_house`;
  const device = {
    name: `${dtu.hostname} House`,
    ids: node,
    cu: `http://${dtu.ip}`,
    mf: 'HelioDTU',
    mdl: 'House energy flow',
    sw: dtu.firmware,
    via_device: dtuId,
  };
  const topic = (sub: string) => `${mqtt.topic}${sub}`;
  return ENTITIES.map((entity) => {
    const config = `${mqtt.hass.topic}${entity.component}/${node}/${entity.object}/config`;
    if (!parts[entity.part]) return { topic: config, payload: '', retain: true, qos: 0 as const };
    const payload = {
      dev: device,
      uniq_id: `${node}_${entity.object}`,
      ...entity.payload(topic),
      avty_t: `${mqtt.topic}${mqtt.lwt.topic}`,
      pl_avail: mqtt.lwt.value_online,
      pl_not_avail: mqtt.lwt.value_offline,
    };
    return { topic: config, payload: JSON.stringify(payload), retain: mqtt.hass.retain, qos: 0 };
  });
}
