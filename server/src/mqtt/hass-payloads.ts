import { objectIdOf, type FixedEntity } from './hass-entities.js';
import { topicSerial, type MqttFileConfig } from './publish-topics.js';

/** Device blocks and entity payloads of Home Assistant discovery (integrations §5.2, §5.3). */

export interface HassDtuIdentity {
  /** Effective hostname, e.g. OpenDTU-A1B2C3. */
  hostname: string;
  chipId: number;
  ip: string;
  /** Firmware string, e.g. v24.11.7. */
  firmware: string;
}

export interface HassInverter {
  serial: string;
  name: string;
  /** Type name of the model family, e.g. HM-600/700/800-2T. */
  model: string;
  /** DC inputs of the model. */
  channels: number;
  reachableThreshold: number;
}

export type Json = Record<string, unknown>;

/** `<hostname>_<chip id>`: DTU unique-id prefix and device id (integrations §5.2). */
export function dtuIdOf(dtu: HassDtuIdentity): string {
  return `${dtu.hostname}_${dtu.chipId}`;
}

/** The DTU device block (integrations §5.2). */
export function dtuDevice(dtu: HassDtuIdentity): Json {
  return {
    name: dtu.hostname,
    ids: dtuIdOf(dtu),
    cu: `http://${dtu.ip}`,
    mf: 'OpenDTU',
    mdl: 'OpenDTU',
    sw: dtu.firmware,
  };
}

/** An inverter's device block, linked to the DTU by via_device (integrations §5.2). */
export function inverterDevice(dtu: HassDtuIdentity, inverter: HassInverter): Json {
  return {
    name: inverter.name,
    ids: topicSerial(inverter.serial),
    cu: `http://${dtu.ip}`,
    mf: 'OpenDTU',
    mdl: inverter.model,
    // The DTU's firmware, not the inverter's (integrations §5.2).
    sw: dtu.firmware,
    via_device: dtuIdOf(dtu),
  };
}

/** Adds only the metadata keys that have a value (integrations §5.3). */
export function optional(target: Json, pairs: [string, string | undefined][]): void {
  for (const [key, value] of pairs) if (value) target[key] = value;
}

export interface EntityContext {
  mqtt: MqttFileConfig;
  device: Json;
  /** Unique-id prefix: dtuId or the serial. */
  idPrefix: string;
  serial: string;
}

/** One fixed entity's payload, with the key order of integrations §5.3. */
export function fixedPayload(entity: FixedEntity, ctx: EntityContext): Json {
  const { mqtt } = ctx;
  const abs = (topic: string) => mqtt.topic + topic.replaceAll('{s}', ctx.serial);
  const uniqId = `${ctx.idPrefix}_${objectIdOf(entity.name)}`;
  const out: Json = { dev: ctx.device };
  switch (entity.component) {
    case 'sensor':
      Object.assign(out, { name: entity.name, uniq_id: uniqId, stat_t: abs(entity.state) });
      optional(out, [
        ['unit_of_meas', entity.unit],
        ['ic', entity.icon],
        ['dev_cla', entity.deviceClass],
        ['stat_cla', entity.stateClass],
        ['ent_cat', entity.category],
      ]);
      Object.assign(out, {
        avty_t: mqtt.topic + mqtt.lwt.topic,
        pl_avail: mqtt.lwt.value_online,
        pl_not_avail: mqtt.lwt.value_offline,
      });
      break;
    case 'binary_sensor': {
      const lwt = entity.state === null;
      Object.assign(out, {
        name: entity.name,
        uniq_id: uniqId,
        stat_t: lwt ? mqtt.topic + mqtt.lwt.topic : abs(entity.state ?? ''),
        pl_on: lwt ? mqtt.lwt.value_online : '1',
        pl_off: lwt ? mqtt.lwt.value_offline : '0',
      });
      optional(out, [
        ['dev_cla', entity.deviceClass],
        ['ent_cat', entity.category],
      ]);
      break;
    }
    case 'button':
      optional(out, [
        ['ic', entity.icon],
        ['dev_cla', entity.deviceClass],
        ['ent_cat', entity.category],
      ]);
      Object.assign(out, {
        name: entity.name,
        uniq_id: uniqId,
        cmd_t: abs(entity.command),
        payload_press: entity.press,
      });
      break;
    case 'number':
      Object.assign(out, {
        unit_of_meas: entity.unit,
        ic: 'mdi:speedometer',
        ent_cat: 'config',
        name: entity.name,
        uniq_id: uniqId,
        cmd_t: abs(entity.command),
        stat_t: abs(entity.state),
        min: 0,
        max: entity.max,
        step: entity.step,
      });
      break;
  }
  return out;
}
