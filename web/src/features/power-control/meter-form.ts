import { gridMeterConfigProblems } from '@heliodtu/contract/rules/grid-meter-rules';
import type {
  GridMeterConfig,
  GridMeterConfigData,
  GridMeterSource,
} from '@heliodtu/contract/grid-meter';
import {
  GRID_METER_HTTP_INTERVAL_S,
  GRID_METER_JSON_PATH_MAX,
  GRID_METER_PHASES_MAX,
  GRID_METER_SECRET_MAX,
  GRID_METER_STALE_AFTER_S,
  GRID_METER_TOPIC_MAX,
  GRID_METER_URL_MAX,
  type Range,
} from '@heliodtu/contract/limits';
import type { FieldMessage } from '@/components/form/field-message';

/** The sources in the order the form offers them (contract GRID_METER_SOURCES; no zod here). */
export const METER_SOURCES = [
  'none',
  'mqtt',
  'http',
  'simulated',
] as const satisfies readonly GridMeterSource[];
export const METER_HTTP_AUTH = ['none', 'basic', 'digest'] as const;

/**
 * The meter form's values: the settings as GET answers them, the topics as three inputs (empty
 * ones are not sent), and inputs for the write-only passwords ('' keeps the saved one) with a
 * switch to remove a saved one.
 */
export interface MeterForm {
  source: GridMeterSource;
  invert_sign: boolean;
  stale_after_s: number;
  mqtt: { topics: string[]; json_path: string };
  http: GridMeterConfig['http'] & { password: string; password_remove: boolean };
  broker: GridMeterConfig['broker'] & { password: string; password_remove: boolean };
}

export function toMeterForm(config: GridMeterConfig): MeterForm {
  const topics = Array.from(
    { length: GRID_METER_PHASES_MAX },
    (_, i) => config.mqtt.topics[i] ?? '',
  );
  return {
    source: config.source,
    invert_sign: config.invert_sign,
    stale_after_s: config.stale_after_s,
    mqtt: { topics, json_path: config.mqtt.json_path },
    http: { ...config.http, password: '', password_remove: false },
    broker: { ...config.broker, password: '', password_remove: false },
  };
}

/** A secret as POST takes it: absent keeps the saved one, '' removes it. */
function secret(typed: string, remove: boolean): { password?: string } {
  if (typed !== '') return { password: typed };
  return remove ? { password: '' } : {};
}

export function toMeterRequest(values: MeterForm): GridMeterConfigData {
  const { http, broker } = values;
  return {
    source: values.source,
    invert_sign: values.invert_sign,
    stale_after_s: values.stale_after_s,
    mqtt: {
      topics: values.mqtt.topics.map((topic) => topic.trim()).filter((topic) => topic !== ''),
      json_path: values.mqtt.json_path.trim(),
    },
    http: {
      url: http.url.trim(),
      json_path: http.json_path.trim(),
      auth: http.auth,
      username: http.username,
      interval_s: http.interval_s,
      ...secret(http.password, http.password_remove),
    },
    broker: {
      url: broker.url.trim(),
      username: broker.username,
      ...secret(broker.password, broker.password_remove),
    },
  };
}

/** Message keys of the fields the gateway may refuse (its English line is the fallback). */
export const METER_FIELD_KEYS: Readonly<Record<string, string>> = {
  'mqtt.topics': 'powercontrol.TopicRequired',
  'mqtt.topics.0': 'powercontrol.TopicRequired',
  'http.url': 'powercontrol.InvalidHttpUrl',
  'broker.url': 'powercontrol.InvalidBrokerUrl',
  stale_after_s: 'powercontrol.StaleTooShort',
};

const range = (field: string, value: number, limit: Range): FieldMessage | null =>
  Number.isInteger(value) && value >= limit.min && value <= limit.max
    ? null
    : { field, key: 'validation.Range', params: { min: limit.min, max: limit.max } };

const tooLong = (field: string, text: string, max: number): FieldMessage | null =>
  text.length > max ? { field, key: 'validation.MaxLength', params: { max } } : null;

function urlWith(text: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * The meter settings' checks (the limits of contract/limits.ts, and what a source needs), so the
 * gateway's refusal is rare; only the chosen source's fields are checked.
 */
export function validateMeter(
  values: MeterForm,
  gateway: { companion?: boolean } = {},
): FieldMessage[] {
  const found: (FieldMessage | null)[] = [];
  const { source, mqtt, http, broker } = values;
  found.push(range('stale_after_s', values.stale_after_s, GRID_METER_STALE_AFTER_S));
  if (source === 'mqtt') {
    if ((mqtt.topics[0] ?? '').trim() === '')
      found.push({ field: 'mqtt.topics.0', key: 'powercontrol.TopicRequired' });
    mqtt.topics.forEach((topic, i) =>
      found.push(tooLong(`mqtt.topics.${i}`, topic.trim(), GRID_METER_TOPIC_MAX)),
    );
    found.push(tooLong('mqtt.json_path', mqtt.json_path.trim(), GRID_METER_JSON_PATH_MAX));
  }
  if (source === 'http') {
    const url = http.url.trim();
    if (!urlWith(url, ['http:', 'https:']))
      found.push({ field: 'http.url', key: 'powercontrol.InvalidHttpUrl' });
    else found.push(tooLong('http.url', url, GRID_METER_URL_MAX));
    found.push(tooLong('http.json_path', http.json_path.trim(), GRID_METER_JSON_PATH_MAX));
    found.push(range('http.interval_s', http.interval_s, GRID_METER_HTTP_INTERVAL_S));
    found.push(tooLong('http.username', http.username, GRID_METER_SECRET_MAX));
    found.push(tooLong('http.password', http.password, GRID_METER_SECRET_MAX));
    // A reading is stale only after two polls could have brought a new one.
    if (
      Number.isInteger(http.interval_s) &&
      Number.isInteger(values.stale_after_s) &&
      values.stale_after_s < 2 * http.interval_s
    )
      found.push({
        field: 'stale_after_s',
        key: 'powercontrol.StaleTooShort',
        params: { min: 2 * http.interval_s },
      });
  }
  const url = broker.url.trim();
  // A companion reads an MQTT meter only through its own broker (the devices' MQTT is theirs).
  if (gateway.companion === true && source === 'mqtt' && url === '')
    found.push({ field: 'broker.url', key: 'powercontrol.BrokerRequired' });
  else if (url !== '' && !urlWith(url, ['mqtt:', 'mqtts:']))
    found.push({ field: 'broker.url', key: 'powercontrol.InvalidBrokerUrl' });
  found.push(tooLong('broker.username', broker.username, GRID_METER_SECRET_MAX));
  found.push(tooLong('broker.password', broker.password, GRID_METER_SECRET_MAX));
  const own = found.filter((problem): problem is FieldMessage => problem !== null);
  // What the gateway's own rules refuse beyond the checks above (a topic with a wildcard).
  const taken = new Set(own.map((problem) => problem.field));
  const shared = gridMeterConfigProblems(toMeterRequest(values), gateway).filter(
    (problem) => !taken.has(problem.field),
  );
  return [...own, ...shared];
}
