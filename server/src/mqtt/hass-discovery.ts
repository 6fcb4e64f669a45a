import { topicSerial, type MqttFileConfig, type MqttMessage } from './publish-topics.js';
import {
  AC_FIELD_SENSORS,
  DC_FIELD_SENSORS,
  DTU_ENTITIES,
  INV_FIELD_SENSORS,
  INVERTER_ENTITIES,
  objectIdOf,
  type FieldSensor,
} from './hass-entities.js';
import {
  dtuDevice,
  dtuIdOf,
  fixedPayload,
  inverterDevice,
  optional,
  type HassDtuIdentity,
  type HassInverter,
  type Json,
} from './hass-payloads.js';

/**
 * Home Assistant MQTT discovery (integrations §5): config topics, unique ids, device blocks
 * and abbreviated keys in the device's order, so existing HA entity registries keep working.
 */

export interface HassSettings {
  mqtt: MqttFileConfig;
  /** DTU poll interval in seconds (for expire_after, integrations §5.7). */
  pollInterval: number;
}

function configTopic(mqtt: MqttFileConfig, component: string, node: string, object: string) {
  // The prefix is joined as a plain string, trailing slash or not (integrations §5.1).
  return `${mqtt.hass.topic}${component}/${node}/${object}/config`;
}

function message(mqtt: MqttFileConfig, topic: string, payload: Json | null, retain?: boolean) {
  return {
    topic,
    payload: payload === null ? '' : JSON.stringify(payload),
    retain: retain ?? mqtt.hass.retain,
    qos: 0 as const,
  };
}

/** `exp_aft` of field sensors (integrations §5.7), or undefined when expire is off. */
function expireAfter(settings: HassSettings, count: number, inverter: HassInverter) {
  if (!settings.mqtt.hass.expire) return undefined;
  const interval = Math.max(settings.pollInterval, settings.mqtt.publish_interval);
  return count * interval * inverter.reachableThreshold;
}

interface FieldRef {
  channel: number;
  sensor: FieldSensor;
  dc: boolean;
}

/** The field sensors of an inverter in publish order: AC ch0, DC 1..n, INV ch0 (integrations §5.6). */
function fieldRefs(inverter: HassInverter): FieldRef[] {
  const refs: FieldRef[] = AC_FIELD_SENSORS.map((sensor) => ({ channel: 0, sensor, dc: false }));
  for (let n = 1; n <= inverter.channels; n++) {
    refs.push(...DC_FIELD_SENSORS.map((sensor) => ({ channel: n, sensor, dc: true })));
  }
  refs.push(...INV_FIELD_SENSORS.map((sensor) => ({ channel: 0, sensor, dc: false })));
  return refs;
}

const fieldObjectId = ({ channel, sensor }: FieldRef) => `ch${channel}_${sensor.field}`;

/** Discovery for the DTU and every inverter (integrations §5.4–§5.7), DTU entities first. */
export function discoveryMessages(
  settings: HassSettings,
  dtu: HassDtuIdentity,
  inverters: readonly HassInverter[],
): MqttMessage[] {
  const { mqtt } = settings;
  const dtuId = dtuIdOf(dtu);
  const out: MqttMessage[] = [];
  const dtuCtx = { mqtt, device: dtuDevice(dtu), idPrefix: dtuId, serial: '' };
  for (const entity of DTU_ENTITIES) {
    const topic = configTopic(mqtt, entity.component, dtuId, objectIdOf(entity.name));
    out.push(message(mqtt, topic, fixedPayload(entity, dtuCtx)));
  }
  for (const inverter of inverters) {
    const serial = topicSerial(inverter.serial);
    const node = `dtu_${serial}`;
    const ctx = { mqtt, device: inverterDevice(dtu, inverter), idPrefix: serial, serial };
    for (const entity of INVERTER_ENTITIES) {
      const topic = configTopic(mqtt, entity.component, node, objectIdOf(entity.name));
      out.push(message(mqtt, topic, fixedPayload(entity, ctx)));
    }
    const expire = expireAfter(settings, inverters.length, inverter);
    for (const ref of fieldRefs(inverter)) {
      const topic = configTopic(mqtt, 'sensor', node, fieldObjectId(ref));
      // Without individual panels the DC sensors are removed with an empty config (integrations §5.7).
      if (ref.dc && !mqtt.hass.individual_panels) {
        out.push(message(mqtt, topic, null));
        continue;
      }
      const { sensor, channel } = ref;
      const payload: Json = { dev: ctx.device };
      optional(payload, [
        ['unit_of_meas', sensor.unit],
        ['dev_cla', sensor.deviceClass],
        ['stat_cla', sensor.stateClass],
      ]);
      payload['name'] = ref.dc ? `CH${channel} ${sensor.field}` : sensor.field;
      payload['stat_t'] = `${mqtt.topic}${serial}/${channel}/${sensor.topic}`;
      payload['uniq_id'] = `${serial}_${fieldObjectId(ref)}`;
      if (expire !== undefined) payload['exp_aft'] = expire;
      out.push(message(mqtt, topic, payload));
    }
  }
  return out;
}

/**
 * Empty retained configs for every entity of an inverter that is gone (integrations §5.1: an improvement
 * over the device, which leaves them behind). Always retained, so the broker forgets any
 * earlier retained config too.
 */
export function removalMessages(
  mqtt: MqttFileConfig,
  inverter: Pick<HassInverter, 'serial' | 'channels'>,
): MqttMessage[] {
  const serial = topicSerial(inverter.serial);
  const node = `dtu_${serial}`;
  const fixed = INVERTER_ENTITIES.map((entity) =>
    configTopic(mqtt, entity.component, node, objectIdOf(entity.name)),
  );
  const fields = fieldRefs({ ...inverter, name: '', model: '', reachableThreshold: 1 }).map((ref) =>
    configTopic(mqtt, 'sensor', node, fieldObjectId(ref)),
  );
  return [...fixed, ...fields].map((topic) => message(mqtt, topic, null, true));
}
