import type { Phases, PhaseLoad } from './house-model.js';
import type { MeterCounters } from './house-sim.js';
import { noise } from './random.js';

/**
 * What the simulated house's meter answers, in Shelly Gen2's field names and signs
 * (power-control §2): `EM.GetStatus` and `EMData.GetStatus` of a Shelly Pro 3EM in its
 * three-phase profile, and a short `Shelly.GetDeviceInfo`. Active power is positive when drawn
 * from the grid, negative when fed in; energies are Wh.
 */

export interface ShellyEmStatus {
  id: number;
  a_current: number;
  a_voltage: number;
  a_act_power: number;
  a_aprt_power: number;
  a_pf: number;
  a_freq: number;
  b_current: number;
  b_voltage: number;
  b_act_power: number;
  b_aprt_power: number;
  b_pf: number;
  b_freq: number;
  c_current: number;
  c_voltage: number;
  c_act_power: number;
  c_aprt_power: number;
  c_pf: number;
  c_freq: number;
  n_current: number;
  total_current: number;
  total_act_power: number;
  total_aprt_power: number;
  user_calibrated_phase: string[];
}

export interface ShellyEmDataStatus {
  id: number;
  a_total_act_energy: number;
  a_total_act_ret_energy: number;
  b_total_act_energy: number;
  b_total_act_ret_energy: number;
  c_total_act_energy: number;
  c_total_act_ret_energy: number;
  total_act: number;
  total_act_ret: number;
}

/** The fixed identity of the emulated meter: its device id is also its MQTT topic prefix. */
export const SHELLY_DEVICE_ID = 'shellypro3em-heliodtu';
const SHELLY_MODEL = 'SPEM-003CEBEU';
const SHELLY_VERSION = '1.4.4';

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  const rounded = Math.round(value * f) / f;
  return Object.is(rounded, -0) ? 0 : rounded;
};

/** Seeded noise in [-1, 1] that drifts smoothly over `scaleMs` (voltage, frequency). */
function drift(seed: number, key: string, at: number, scaleMs: number): number {
  const x = at / scaleMs;
  const n = Math.floor(x);
  const u = x - n;
  const blend = (1 - Math.cos(u * Math.PI)) / 2;
  const a = noise(seed, key, n) * 2 - 1;
  const b = noise(seed, key, n + 1) * 2 - 1;
  return a + (b - a) * blend;
}

/** The phases' voltage angles: L1 0°, L2 −120°, L3 +120°. */
const ANGLES = [0, (-2 * Math.PI) / 3, (2 * Math.PI) / 3] as const;

/**
 * EM.GetStatus from the grid power per phase and the household's reactive load. Voltages
 * wander around 230 V and rise a little while a phase feeds in; the neutral current is the
 * phasor sum of the phase currents (the Pro 3EM's optional neutral CT fitted).
 */
export function emStatus(
  seed: number,
  at: number,
  grid: Phases,
  load: Pick<PhaseLoad, 'reactive'>,
): ShellyEmStatus {
  const freq = round(50 + 0.04 * drift(seed, 'grid-freq', at, 20_000), 2);
  let totalCurrent = 0;
  let totalAprt = 0;
  let nRe = 0;
  let nIm = 0;
  const phase = (k: 0 | 1 | 2) => {
    const active = grid[k];
    const reactive = load.reactive[k];
    const voltage = 230.5 + 3 * drift(seed, `grid-v${k}`, at, 45_000) - (0.6 * active) / 1000;
    const apparent = Math.hypot(active, reactive);
    const current = apparent / voltage;
    // The current lags its voltage by the load's angle (and flips while the phase feeds in).
    const angle = ANGLES[k] - Math.atan2(reactive, active);
    nRe += current * Math.cos(angle);
    nIm += current * Math.sin(angle);
    totalCurrent += current;
    totalAprt += apparent;
    return {
      current: round(current, 3),
      voltage: round(voltage, 1),
      act_power: round(active, 1),
      aprt_power: round(apparent, 1),
      pf: apparent > 0.5 ? round(active / apparent, 2) : 0,
      freq,
    };
  };
  const [a, b, c] = [phase(0), phase(1), phase(2)];
  return {
    id: 0,
    a_current: a.current,
    a_voltage: a.voltage,
    a_act_power: a.act_power,
    a_aprt_power: a.aprt_power,
    a_pf: a.pf,
    a_freq: a.freq,
    b_current: b.current,
    b_voltage: b.voltage,
    b_act_power: b.act_power,
    b_aprt_power: b.aprt_power,
    b_pf: b.pf,
    b_freq: b.freq,
    c_current: c.current,
    c_voltage: c.voltage,
    c_act_power: c.act_power,
    c_aprt_power: c.aprt_power,
    c_pf: c.pf,
    c_freq: c.freq,
    n_current: round(Math.hypot(nRe, nIm), 3),
    total_current: round(totalCurrent, 3),
    total_act_power: round(grid[0] + grid[1] + grid[2], 3),
    total_aprt_power: round(totalAprt, 3),
    user_calibrated_phase: [],
  };
}

/** EMData.GetStatus: the registers per phase and their sums, Wh. */
export function emDataStatus(counters: MeterCounters): ShellyEmDataStatus {
  const { import_wh: imp, export_wh: exp } = counters;
  return {
    id: 0,
    a_total_act_energy: round(imp[0], 2),
    a_total_act_ret_energy: round(exp[0], 2),
    b_total_act_energy: round(imp[1], 2),
    b_total_act_ret_energy: round(exp[1], 2),
    c_total_act_energy: round(imp[2], 2),
    c_total_act_ret_energy: round(exp[2], 2),
    total_act: round(imp[0] + imp[1] + imp[2], 2),
    total_act_ret: round(exp[0] + exp[1] + exp[2], 2),
  };
}

/** Shelly.GetStatus: the meter's components by key, and the few `sys` fields clients read. */
export function deviceStatus(
  em: ShellyEmStatus,
  emdata: ShellyEmDataStatus,
  sys: { mac: string; at: number; uptimeSeconds: number; localTime: string },
): Record<string, unknown> {
  return {
    'em:0': em,
    'emdata:0': emdata,
    sys: {
      mac: sys.mac,
      restart_required: false,
      time: sys.localTime,
      unixtime: Math.floor(sys.at / 1000),
      uptime: Math.floor(sys.uptimeSeconds),
    },
  };
}

/** Shelly.GetDeviceInfo, as much as a client needs to tell what it talks to. */
export function deviceInfo(mac: string): Record<string, unknown> {
  return {
    name: 'HelioDTU simulated house',
    id: SHELLY_DEVICE_ID,
    mac,
    slot: 0,
    model: SHELLY_MODEL,
    gen: 2,
    fw_id: `20250101-000000/${SHELLY_VERSION}-heliodtu`,
    ver: SHELLY_VERSION,
    app: 'Pro3EM',
    auth_en: false,
    auth_domain: null,
    profile: 'triphase',
  };
}
