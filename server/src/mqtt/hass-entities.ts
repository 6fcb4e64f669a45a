/**
 * The Home Assistant entity tables of integrations §5.4–§5.6: names, topics and metadata of
 * every entity the DTU announces, in publish order. hass-discovery.ts turns them into payloads.
 */

export type Availability = 'lwt' | 'none';

export interface SensorEntity {
  component: 'sensor';
  name: string;
  /** State topic after the base topic; `{s}` is the inverter serial. */
  state: string;
  unit?: string;
  icon?: string;
  deviceClass?: string;
  stateClass?: string;
  category?: 'diagnostic' | 'config';
}

export interface BinarySensorEntity {
  component: 'binary_sensor';
  name: string;
  /** null: the LWT topic, with the LWT online/offline values as on/off payloads. */
  state: string | null;
  deviceClass?: string;
  category?: 'diagnostic';
}

export interface ButtonEntity {
  component: 'button';
  name: string;
  command: string;
  press: string;
  icon?: string;
  deviceClass?: string;
  category: 'config';
}

export interface NumberEntity {
  component: 'number';
  name: string;
  command: string;
  state: string;
  unit: string;
  max: number;
  step: number;
}

export type FixedEntity = SensorEntity | BinarySensorEntity | ButtonEntity | NumberEntity;

const diag = (name: string, state: string, extra: Partial<SensorEntity> = {}): SensorEntity => ({
  component: 'sensor',
  name,
  state,
  category: 'diagnostic',
  ...extra,
});
const memory = (name: string, state: string) =>
  diag(name, state, { unit: 'Bytes', icon: 'mdi:memory' });

/** DTU entities (integrations §5.4), published first; all sensors have LWT availability. */
export const DTU_ENTITIES: readonly FixedEntity[] = [
  diag('IP', 'dtu/ip', { icon: 'mdi:network-outline' }),
  diag('WiFi Signal', 'dtu/rssi', { unit: 'dBm', deviceClass: 'signal_strength' }),
  diag('Uptime', 'dtu/uptime', { unit: 's', deviceClass: 'duration' }),
  diag('Temperature', 'dtu/temperature', {
    unit: '°C',
    deviceClass: 'temperature',
    stateClass: 'measurement',
  }),
  memory('Heap Size', 'dtu/heap/size'),
  memory('Heap Free', 'dtu/heap/free'),
  memory('Largest Free Heap Block', 'dtu/heap/maxalloc'),
  memory('Lifetime Minimum Free Heap', 'dtu/heap/minfree'),
  {
    component: 'sensor',
    name: 'Yield Total',
    state: 'ac/yieldtotal',
    unit: 'kWh',
    deviceClass: 'energy',
    stateClass: 'total_increasing',
  },
  {
    component: 'sensor',
    name: 'Yield Day',
    state: 'ac/yieldday',
    unit: 'Wh',
    deviceClass: 'energy',
    stateClass: 'total_increasing',
  },
  {
    component: 'sensor',
    name: 'AC Power',
    state: 'ac/power',
    unit: 'W',
    deviceClass: 'power',
    stateClass: 'measurement',
  },
  {
    component: 'binary_sensor',
    name: 'Status',
    state: null,
    deviceClass: 'connectivity',
    category: 'diagnostic',
  },
];

const button = (name: string, command: string, press: string, extra: Partial<ButtonEntity>) =>
  ({ component: 'button', name, command, press, category: 'config', ...extra }) as ButtonEntity;
const limitNumber = (name: string, command: string, relative: boolean): NumberEntity => ({
  component: 'number',
  name,
  command: `{s}/cmd/${command}`,
  state: relative ? '{s}/status/limit_relative' : '{s}/status/limit_absolute',
  unit: relative ? '%' : 'W',
  max: relative ? 100 : 2250,
  step: relative ? 0.1 : 1,
});

/** Per-inverter fixed entities (integrations §5.5), in publish order. */
export const INVERTER_ENTITIES: readonly FixedEntity[] = [
  button('Turn Inverter Off', '{s}/cmd/power', '0', { icon: 'mdi:power-plug-off' }),
  button('Turn Inverter On', '{s}/cmd/power', '1', { icon: 'mdi:power-plug' }),
  button('Restart Inverter', '{s}/cmd/restart', '1', { deviceClass: 'restart' }),
  button('Reset Radio Statistics', '{s}/cmd/reset_rf_stats', '1', {}),
  limitNumber('Limit NonPersistent Relative', 'limit_nonpersistent_relative', true),
  limitNumber('Limit Persistent Relative', 'limit_persistent_relative', true),
  limitNumber('Limit NonPersistent Absolute', 'limit_nonpersistent_absolute', false),
  limitNumber('Limit Persistent Absolute', 'limit_persistent_absolute', false),
  {
    component: 'binary_sensor',
    name: 'Reachable',
    state: '{s}/status/reachable',
    deviceClass: 'connectivity',
    category: 'diagnostic',
  },
  { component: 'binary_sensor', name: 'Producing', state: '{s}/status/producing' },
  diag('TX Requests', '{s}/radio/tx_request'),
  diag('RX Success', '{s}/radio/rx_success'),
  diag('RX Fail Receive Nothing', '{s}/radio/rx_fail_nothing'),
  diag('RX Fail Receive Partial', '{s}/radio/rx_fail_partial'),
  diag('RX Fail Receive Corrupt', '{s}/radio/rx_fail_corrupt'),
  diag('TX Re-Request Fragment', '{s}/radio/tx_re_request'),
  diag('RSSI', '{s}/radio/rssi', { unit: 'dBm', deviceClass: 'signal_strength' }),
];

export interface FieldSensor {
  /** Library field name, capitalised as in topics and unique ids. */
  field: string;
  /** Value topic field (integrations §2.4). */
  topic: string;
  unit?: string;
  deviceClass?: string;
  stateClass?: string;
}

const measurement = (field: string, topic: string, unit: string | undefined, cls: string) => ({
  field,
  topic,
  ...(unit ? { unit } : {}),
  deviceClass: cls,
  stateClass: 'measurement',
});
const energy = (field: string, topic: string, unit: string) => ({
  field,
  topic,
  unit,
  deviceClass: 'energy',
  stateClass: 'total_increasing',
});

const VOLTAGE = measurement('Voltage', 'voltage', 'V', 'voltage');
const CURRENT = measurement('Current', 'current', 'A', 'current');
const POWER = measurement('Power', 'power', 'W', 'power');
const YIELD_DAY = energy('YieldDay', 'yieldday', 'Wh');
const YIELD_TOTAL = energy('YieldTotal', 'yieldtotal', 'kWh');

/** Field sensors per channel kind, in the order of integrations §5.6. */
export const AC_FIELD_SENSORS: readonly FieldSensor[] = [
  VOLTAGE,
  CURRENT,
  POWER,
  measurement('Frequency', 'frequency', 'Hz', 'frequency'),
  // Power factor is a ratio: the unit key is left out.
  measurement('PowerFactor', 'powerfactor', undefined, 'power_factor'),
  measurement('ReactivePower', 'reactivepower', 'var', 'reactive_power'),
];
export const DC_FIELD_SENSORS: readonly FieldSensor[] = [
  VOLTAGE,
  CURRENT,
  POWER,
  YIELD_DAY,
  YIELD_TOTAL,
  { field: 'Irradiation', topic: 'irradiation', unit: '%' },
];
export const INV_FIELD_SENSORS: readonly FieldSensor[] = [
  measurement('PowerDC', 'powerdc', 'W', 'power'),
  YIELD_DAY,
  YIELD_TOTAL,
  measurement('Temperature', 'temperature', '°C', 'temperature'),
  { field: 'Efficiency', topic: 'efficiency', unit: '%' },
];

/** object_id of an entity: its name lower-cased, spaces to `_`, other characters kept (integrations §5.2). */
export function objectIdOf(name: string): string {
  return name.toLowerCase().replaceAll(' ', '_');
}
