import type { ConfigFile } from '@heliodtu/contract/config-file';
import type { DevInfoStatus } from '@heliodtu/contract/dev-info';
import type { LiveInverterFull } from '@heliodtu/contract/live-data';
import type { ValueObject } from '@heliodtu/contract/value';

/**
 * The OpenDTU topic tree (integrations §2) as pure data: what one publish run sends, in the
 * device's order, with its payload format. The publisher only decides when and hands it over.
 */

export type MqttFileConfig = ConfigFile['mqtt'];

/** One message to publish: every value topic is QoS 0 with the configured retain flag (integrations §1.2). */
export interface MqttMessage {
  topic: string;
  payload: string;
  retain: boolean;
  qos: 0;
}

/** What the DTU publishes about itself (integrations §2.1). */
export interface DtuFigures {
  /** Seconds since boot; never wraps (integrations §2.6 quirk 1 fixed). */
  uptime: number;
  ip: string;
  hostname: string;
  heap: { size: number; free: number; minfree: number; maxalloc: number };
  /** Station figures; null in Ethernet mode, where rssi and bssid are not published. */
  wifi: { rssi: number; bssid: string } | null;
  /** Chip temperature in °C; null while the reading is invalid. */
  temperature: number | null;
}

/** One configured inverter as the MQTT publisher sees it. */
export interface InverterPublishState {
  /** The same object the live-data API serves (wire-contract §4.2). */
  live: LiveInverterFull;
  /** The slot's poll_enable: the yield totals count these, night gate not applied (integrations §2.2). */
  pollEnable: boolean;
  /** device/* topics only once `valid_data` (integrations §2.3). */
  devInfo: DevInfoStatus;
  /** The limit was read or acknowledged at least once (integrations §2.3). */
  limitKnown: boolean;
  /** Unix seconds of the last live-data packet; 0 before the first. */
  lastUpdate: number;
}

/** A value with the given decimals, as the device's String(float, decimals) prints it (integrations §1.2). */
export function formatNumber(value: number | null, decimals: number): string {
  const v = value ?? 0;
  return Number.isFinite(v) ? v.toFixed(decimals) : v > 0 ? 'inf' : v < 0 ? '-inf' : 'nan';
}

/** The payload of a value object with its own decimals. */
export function formatValue(value: ValueObject | undefined, decimals?: number): string {
  return formatNumber(value?.v ?? 0, decimals ?? value?.d ?? 0);
}

/** A topic prefix with MQTT wildcards cannot be published to; brokers drop such clients. */
export function hasWildcard(topic: string): boolean {
  return topic.includes('+') || topic.includes('#') || topic.includes('\0');
}

const bit = (flag: boolean) => (flag ? '1' : '0');

/** Builds messages under the base topic; payloads are trimmed (integrations §1.2). */
export function messageMaker(mqtt: MqttFileConfig) {
  return (subtopic: string, payload: string | number): MqttMessage => ({
    topic: mqtt.topic + subtopic,
    payload: String(payload).trim(),
    retain: mqtt.retain,
    qos: 0,
  });
}

/** DTU topics in publish order (integrations §2.1). */
export function dtuMessages(mqtt: MqttFileConfig, dtu: DtuFigures): MqttMessage[] {
  const m = messageMaker(mqtt);
  const out = [
    m('dtu/uptime', Math.max(0, Math.floor(dtu.uptime))),
    m('dtu/ip', dtu.ip),
    m('dtu/hostname', dtu.hostname),
    m('dtu/heap/size', dtu.heap.size),
    m('dtu/heap/free', dtu.heap.free),
    m('dtu/heap/minfree', dtu.heap.minfree),
    m('dtu/heap/maxalloc', dtu.heap.maxalloc),
  ];
  if (dtu.wifi) {
    out.push(
      m('dtu/rssi', Math.round(dtu.wifi.rssi)),
      m('dtu/bssid', dtu.wifi.bssid.toUpperCase()),
    );
  }
  if (dtu.temperature !== null && Number.isFinite(dtu.temperature)) {
    out.push(m('dtu/temperature', formatNumber(dtu.temperature, 2)));
  }
  return out;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const maxDecimals = (values: (ValueObject | undefined)[]) =>
  Math.max(0, ...values.map((v) => v?.d ?? 0));

/** Totals in publish order (integrations §2.2): power over polling inverters, yields over poll_enable ones. */
export function totalMessages(
  mqtt: MqttFileConfig,
  inverters: readonly InverterPublishState[],
): MqttMessage[] {
  const m = messageMaker(mqtt);
  const polling = inverters.filter((i) => i.live.poll_enabled).map((i) => i.live);
  const counted = inverters.filter((i) => i.pollEnable).map((i) => i.live);
  const acPower = polling.map((live) => live.AC['0']?.Power);
  const yieldTotal = counted.map((live) => live.INV['0']?.YieldTotal);
  const yieldDay = counted.map((live) => live.INV['0']?.YieldDay);
  const dc = polling.flatMap((live) => Object.values(live.DC));
  const rated = dc.filter((ch) => (ch.Irradiation?.max ?? 0) > 0);
  const ratedPower = sum(rated.map((ch) => ch.Irradiation?.max ?? 0));
  const irradiation =
    ratedPower > 0 ? (sum(rated.map((ch) => ch.Power.v ?? 0)) / ratedPower) * 100 : 0;
  const valid = bit(polling.every((live) => live.reachable));
  const values = (list: (ValueObject | undefined)[]) => sum(list.map((v) => v?.v ?? 0));
  return [
    m('ac/power', formatNumber(values(acPower), maxDecimals(acPower))),
    m('ac/yieldtotal', formatNumber(values(yieldTotal), maxDecimals(yieldTotal))),
    m('ac/yieldday', formatNumber(values(yieldDay), maxDecimals(yieldDay))),
    m('ac/is_valid', valid),
    m(
      'dc/power',
      formatNumber(values(dc.map((ch) => ch.Power)), maxDecimals(dc.map((ch) => ch.Power))),
    ),
    m('dc/irradiation', formatNumber(irradiation, 3)),
    m('dc/is_valid', valid),
  ];
}

/** The serial as the library prints it in topics: hex, lower case (integrations §2.3). */
export const topicSerial = (serial: string) => serial.toLowerCase();

/**
 * A config slot's serial as a number, or undefined for an empty slot. A restored file can hold
 * any JSON number there; BigInt would throw on a fraction, so it is cut to an integer first.
 */
export function slotSerialValue(serial: number): bigint | undefined {
  return Number.isFinite(serial) && serial >= 1 ? BigInt(Math.trunc(serial)) : undefined;
}

/** Per-inverter status topics in publish order (integrations §2.3), sent every interval. */
export function inverterStatusMessages(
  mqtt: MqttFileConfig,
  state: InverterPublishState,
): MqttMessage[] {
  const m = messageMaker(mqtt);
  const { live, devInfo } = state;
  const s = topicSerial(live.serial);
  const radio = live.radio_stats;
  const out = [
    m(`${s}/name`, live.name),
    m(`${s}/radio/tx_request`, radio.tx_request),
    m(`${s}/radio/tx_re_request`, radio.tx_re_request),
    m(`${s}/radio/rx_success`, radio.rx_success),
    m(`${s}/radio/rx_fail_nothing`, radio.rx_fail_nothing),
    m(`${s}/radio/rx_fail_partial`, radio.rx_fail_partial),
    m(`${s}/radio/rx_fail_corrupt`, radio.rx_fail_corrupt),
    m(`${s}/radio/rssi`, radio.rssi),
  ];
  if (devInfo.valid_data) {
    out.push(
      m(`${s}/device/bootloaderversion`, devInfo.fw_bootloader_version),
      m(`${s}/device/fwbuildversion`, devInfo.fw_build_version),
      m(`${s}/device/fwbuilddatetime`, devInfo.fw_build_datetime),
      m(`${s}/device/hwpartnumber`, devInfo.hw_part_number >>> 0),
      m(`${s}/device/hwversion`, devInfo.hw_version),
    );
  }
  if (state.limitKnown) {
    out.push(m(`${s}/status/limit_relative`, formatNumber(live.limit_relative, 2)));
    // -1 in the live data means the max power is not known yet.
    if (live.limit_absolute >= 0) {
      out.push(m(`${s}/status/limit_absolute`, formatNumber(live.limit_absolute, 2)));
    }
  }
  out.push(
    m(`${s}/status/reachable`, bit(live.reachable)),
    m(`${s}/status/producing`, bit(live.producing)),
    m(`${s}/status/last_update`, Math.max(0, Math.floor(state.lastUpdate))),
  );
  return out;
}
