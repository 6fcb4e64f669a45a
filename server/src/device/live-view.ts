import type { InverterSlotFile } from '@heliodtu/contract/config-file';
import {
  AC_FIELDS,
  DC_FIELDS,
  INV_FIELDS,
  TOTAL_FIELDS,
  type AcChannel,
  type DcChannel,
  type InvChannel,
  type LiveInverterFull,
  type LiveInverterPartial,
  type LiveTotal,
} from '@heliodtu/contract/live-data';
import type { ValueObject } from '@heliodtu/contract/value';
import type { FirmwareGeneration } from '@heliodtu/contract/domain/firmware-generation';
import type { DtuInverter } from './dtu-inverter.js';

/** Wire objects of /api/livedata/status and the socket, built from the DTU's records (wire-contract §4.2). */

/** One library inverter with what its wire object needs besides its record. */
export interface InverterView {
  readonly record: DtuInverter;
  readonly slot: Readonly<InverterSlotFile>;
  /** DTU uptime, ms. */
  readonly uptime: number;
  readonly radioUsable: boolean;
  /** Current firmware (v26) adds `data_age_ms`. */
  readonly firmware: FirmwareGeneration;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

const field = (spec: { u: string; d: number }, value: number): ValueObject => ({
  v: round(value, spec.d),
  u: spec.u,
  d: spec.d,
});

/** data_age: seconds since the last packet, or since boot before the first (inverter-domain §2.3). */
export function dataAgeSeconds(record: DtuInverter, uptime: number): number {
  return Math.floor((uptime - (record.stats.lastUpdate ?? 0)) / 1000);
}

/** data_age_ms (current firmware): the same age in ms. */
export function dataAgeMs(record: DtuInverter, uptime: number): number {
  return Math.max(0, Math.floor(uptime - (record.stats.lastUpdate ?? 0)));
}

/** The common fields, in the device's key order. */
export function partialObject(view: InverterView): LiveInverterPartial {
  const { record, slot } = view;
  const maxPower = record.maxPower;
  return {
    serial: record.serial,
    name: slot.name,
    order: slot.order,
    data_age: dataAgeSeconds(record, view.uptime),
    ...(view.firmware === 'v26' ? { data_age_ms: dataAgeMs(record, view.uptime) } : {}),
    poll_enabled: record.pollEnabled,
    reachable: record.reachable(slot, view.radioUsable),
    producing: record.producing(),
    limit_relative: record.limitRelative,
    limit_absolute: maxPower > 0 ? (record.limitRelative * maxPower) / 100 : -1,
    radio_stats: record.radio.toWire(),
  };
}

/** DC YieldTotal with the configured offset, which only counts once data arrived (wire-contract §4.2). */
function dcYieldTotal(record: DtuInverter, slot: Readonly<InverterSlotFile>, i: number): number {
  const raw = record.stats.dc[i]?.yieldTotal ?? 0;
  return record.stats.hasData ? raw + (slot.channel[i]?.yield_total_offset ?? 0) : raw;
}

/** The full object: common fields, AC, DC, INV and events. */
export function fullObject(view: InverterView): LiveInverterFull {
  const { record, slot } = view;
  const stats = record.stats;
  const ac = stats.ac;
  const AC: AcChannel = {
    Power: field(AC_FIELDS.Power, ac.power),
    Voltage: field(AC_FIELDS.Voltage, ac.voltage),
    Current: field(AC_FIELDS.Current, ac.current),
    Frequency: field(AC_FIELDS.Frequency, ac.frequency),
    PowerFactor: field(AC_FIELDS.PowerFactor, ac.powerFactor),
    ReactivePower: field(AC_FIELDS.ReactivePower, ac.reactivePower),
  };
  const DC: Record<string, DcChannel> = {};
  stats.dc.forEach((values, i) => {
    const channel: DcChannel = {
      name: { u: slot.channel[i]?.name ?? '' },
      Power: field(DC_FIELDS.Power, values.power),
      Voltage: field(DC_FIELDS.Voltage, values.voltage),
      Current: field(DC_FIELDS.Current, values.current),
      YieldDay: field(DC_FIELDS.YieldDay, values.yieldDay),
      YieldTotal: field(DC_FIELDS.YieldTotal, dcYieldTotal(record, slot, i)),
    };
    const max = slot.channel[i]?.max_power ?? 0;
    if (max > 0) {
      channel.Irradiation = { ...field(DC_FIELDS.Irradiation, (values.power / max) * 100), max };
    }
    const { azimuth, tilt } = slot.channel[i] ?? {};
    if (azimuth !== undefined && tilt !== undefined) channel.orientation = { azimuth, tilt };
    DC[String(i)] = channel;
  });
  const dcPower = stats.dc.reduce((sum, v) => sum + v.power, 0);
  const INV: InvChannel = {
    'Power DC': field(INV_FIELDS['Power DC'], dcPower),
    YieldDay: field(
      INV_FIELDS.YieldDay,
      stats.dc.reduce((sum, v) => sum + v.yieldDay, 0),
    ),
    YieldTotal: field(
      INV_FIELDS.YieldTotal,
      stats.dc.reduce((sum, _, i) => sum + dcYieldTotal(record, slot, i), 0),
    ),
    Temperature: field(INV_FIELDS.Temperature, stats.temperature),
    Efficiency: field(INV_FIELDS.Efficiency, dcPower > 0 ? (ac.power / dcPower) * 100 : 0),
  };
  return {
    ...partialObject(view),
    AC: { '0': AC },
    DC,
    INV: { '0': INV },
    events: record.events.length,
  };
}

/**
 * `total` (inverter-domain §2.3): power of inverters polled right now; yields of inverters
 * with poll_enable in the config. Decimals are 0 when no inverter counts.
 */
export function totalOf(views: readonly InverterView[]): LiveTotal {
  let power = 0;
  let yieldDay = 0;
  let yieldTotal = 0;
  let polled = false;
  let enabled = false;
  for (const view of views) {
    if (view.record.pollEnabled) {
      polled = true;
      power += view.record.stats.ac.power;
    }
    if (view.slot.poll_enable) {
      enabled = true;
      const stats = view.record.stats;
      yieldDay += stats.dc.reduce((sum, v) => sum + v.yieldDay, 0);
      yieldTotal += stats.dc.reduce(
        (sum, _, i) => sum + dcYieldTotal(view.record, view.slot, i),
        0,
      );
    }
  }
  return {
    Power: field({ u: TOTAL_FIELDS.Power.u, d: polled ? TOTAL_FIELDS.Power.d : 0 }, power),
    YieldDay: field(TOTAL_FIELDS.YieldDay, yieldDay),
    YieldTotal: field(
      { u: TOTAL_FIELDS.YieldTotal.u, d: enabled ? TOTAL_FIELDS.YieldTotal.d : 0 },
      yieldTotal,
    ),
  };
}

/** Per-inverter facts MQTT and Prometheus need beyond the wire object (integrations §2, §6). */
export interface InverterState {
  /** Position in the library list (Prometheus `unit`). */
  position: number;
  /** The full live-data object, as the socket sends it. */
  live: LiveInverterFull;
  /** At least one live-data packet arrived since boot. */
  hasData: boolean;
  /** DTU uptime (s) at the last packet; 0 before the first (Prometheus opendtu_last_update). */
  lastUpdateUptime: number;
  /** Seconds since the last packet (the uptime before the first). */
  dataAge: number;
  /** The limit was read or acknowledged at least once (MQTT status/limit_*). */
  limitKnown: boolean;
  /** max_power from the device info, 0 while unknown. */
  maxPower: number;
  /** Irradiation per DC input in %, 0 where max_power is 0 (MQTT publishes it always). */
  irradiation: number[];
}

/** The facts of one inverter at `position` in the library list (integrations §2.3, §6.2). */
export function inverterStateOf(view: InverterView, position: number): InverterState {
  const { record, slot } = view;
  return {
    position,
    live: fullObject(view),
    hasData: record.stats.hasData,
    lastUpdateUptime: Math.floor((record.stats.lastUpdate ?? 0) / 1000),
    dataAge: dataAgeSeconds(record, view.uptime),
    limitKnown: record.limitKnown,
    maxPower: record.maxPower,
    irradiation: record.stats.dc.map((dc, i) => {
      const max = slot.channel[i]?.max_power ?? 0;
      return max > 0 ? (dc.power / max) * 100 : 0;
    }),
  };
}
