import type { InverterFamilyId } from '@heliodtu/contract/domain/inverter-model';
import {
  PEAK_EFFICIENCY,
  cellTemperature,
  inverterEfficiency,
  moduleDcPower,
  mppVoltage,
  openCircuitVoltage,
  planeOfArray,
  type Irradiance,
  type Orientation,
  type SunPosition,
} from './solar-model.js';

/**
 * The electrical operating point of one inverter at one instant (inverter-domain §10 steps
 * 3–10): what each string could give, the caps of inputs, limit and rating, efficiency and the
 * AC side. Pure: state (phase, limit, ramp, temperature) comes in as arguments.
 */

/** One PV string on a DC input. */
export interface StringSetup {
  readonly wattPeak: number;
  readonly orientation: Orientation;
  /** Module voltage at maximum power under standard test conditions. */
  readonly vmpStc: number;
  /** Panel tolerance and soiling, a factor near 1 (±2 %). */
  readonly tolerance: number;
  /** Share of its power the string still delivers under a `shade:` fault (SIM_FAULTS); 1 when unset. */
  readonly shade?: number;
}

export interface StringLight {
  /** Plane-of-array irradiance, W/m². */
  readonly poa: number;
  /** DC power the string could deliver at its maximum power point, W. */
  readonly available: number;
  readonly vmp: number;
  readonly voc: number;
}

/** Light and maximum power of a string under the sun at this instant. */
export function stringLight(
  setup: StringSetup,
  sun: SunPosition,
  light: Irradiance,
  ambient: number,
): StringLight {
  const poa = planeOfArray(sun, light, setup.orientation) * setup.tolerance;
  const cell = cellTemperature(ambient, poa);
  return {
    poa,
    available: moduleDcPower(setup.wattPeak, poa, cell) * setup.tolerance * (setup.shade ?? 1),
    vmp: mppVoltage(setup.vmpStc, poa, cell),
    voc: openCircuitVoltage(setup.vmpStc, poa, cell),
  };
}

/** Families whose inputs 1+2, 3+4 (and 5+6) share one MPPT and so one voltage (inverter-domain §2.2). */
const PAIRED: ReadonlySet<InverterFamilyId> = new Set(['HM_4CH', 'HMT_4CH', 'HMT_6CH', 'HERF_4CH']);
/** Families that cap every input at limit ÷ inputs instead of the AC total (inverter-domain §7.3). */
const PER_INPUT_LIMIT: ReadonlySet<InverterFamilyId> = new Set([
  'HM_1CH',
  'HM_2CH',
  'HM_4CH',
  'HERF_1CH',
  'HERF_2CH',
  'HERF_4CH',
  'HMS_4CH',
]);

export interface ElectricInput {
  readonly familyId: InverterFamilyId;
  readonly ratedPower: number;
  readonly phases: 1 | 3;
  readonly strings: readonly StringLight[];
  /** Connected to the grid and allowed to feed. */
  readonly feeding: boolean;
  /** Current limit in % of the rated power. */
  readonly limitPercent: number;
  /** Soft-start ramp cap, W. */
  readonly rampCap: number;
  readonly temperature: number;
  /** Small additive noise on the efficiency so its 3 decimals move. */
  readonly efficiencyNoise: number;
  readonly gridVoltage: number;
  readonly gridFrequency: number;
  /** Reactive power while feeding, var (HM: a constant 5–20, HMS/HMT: 0–3). */
  readonly reactive: number;
}

export interface DcPoint {
  power: number;
  voltage: number;
  current: number;
}

export interface AcPoint {
  power: number;
  voltage: number;
  current: number;
  frequency: number;
  powerFactor: number;
  reactivePower: number;
}

export interface OperatingPoint {
  dc: DcPoint[];
  ac: AcPoint;
}

/** Below this much DC power the inverter does not feed (inverter-domain §10 step 9). */
const MIN_DC_W = 1.5;

/** Operating point of an inverter, inverter-domain §10 steps 7–10. */
export function operatingPoint(input: ElectricInput): OperatingPoint {
  const n = input.strings.length;
  const paired = PAIRED.has(input.familyId);
  const currentMax =
    input.familyId.startsWith('HM_') || input.familyId.startsWith('HERF') ? 11.5 : 13;
  const limitW = (Math.max(0, input.limitPercent) / 100) * input.ratedPower;
  const pairOf = (i: number) => (paired ? [i - (i % 2), i - (i % 2) + 1] : [i]);
  const pairMean = (i: number, pick: (s: StringLight) => number) => {
    const lit = pairOf(i)
      .map((j) => input.strings[j])
      .filter((s): s is StringLight => s !== undefined && s.poa > 0);
    return lit.length === 0 ? 0 : lit.reduce((sum, s) => sum + pick(s), 0) / lit.length;
  };

  // What each input may draw: its light, its current limit, its share of the rating and, on
  // per-input families, its share of the limit.
  const dc: DcPoint[] = input.strings.map((s, i) => {
    const voltage = pairMean(i, (x) => x.vmp);
    let cap = Math.min(currentMax * voltage, input.ratedPower / n);
    if (PER_INPUT_LIMIT.has(input.familyId)) cap = Math.min(cap, limitW / n / 0.96);
    const power = input.feeding ? Math.min(s.available, cap) : 0;
    return { power, voltage, current: 0 };
  });

  let dcTotal = dc.reduce((sum, p) => sum + p.power, 0);
  const efficiency = () =>
    Math.min(
      PEAK_EFFICIENCY,
      inverterEfficiency(dcTotal / input.ratedPower) -
        (input.temperature > 60 ? 0.005 : 0) +
        input.efficiencyNoise,
    );
  let eta = efficiency();
  let acPower = input.feeding && dcTotal >= MIN_DC_W ? dcTotal * eta : 0;
  const acCap = Math.max(0, Math.min(input.ratedPower, limitW, input.rampCap));
  if (acPower > acCap) {
    // The MPPT backs off: scale every input down until AC meets the cap.
    const scale = acCap / eta / dcTotal;
    for (const point of dc) point.power *= scale;
    dcTotal *= scale;
    eta = efficiency();
    acPower = Math.min(acCap, dcTotal * eta);
  }

  input.strings.forEach((s, i) => {
    const point = dc[i];
    if (!point) return;
    if (point.power <= 0) {
      point.voltage = pairMean(i, (x) => x.voc);
      return;
    }
    // Backed-off inputs sit between the maximum power point and open circuit.
    const used = s.available > 0 ? point.power / s.available : 1;
    point.voltage += (pairMean(i, (x) => x.voc) - point.voltage) * (1 - used) * 0.8;
    point.current = point.power / point.voltage;
  });

  const connected = input.feeding && acPower > 0;
  const reactivePower = connected ? input.reactive : 0;
  const apparent = Math.hypot(acPower, reactivePower);
  // HMT reports the L1–L2 voltage and, on 4T, phase 1's current; on 6T the three phases' sum.
  const phaseVoltage = input.gridVoltage + 1.5 * (acPower / input.ratedPower);
  const voltage = input.phases === 3 ? phaseVoltage * Math.sqrt(3) : phaseVoltage;
  const current =
    input.familyId === 'HMT_4CH' ? apparent / (3 * phaseVoltage) : apparent / phaseVoltage;
  return {
    dc,
    ac: {
      power: acPower,
      voltage,
      current,
      frequency: input.gridFrequency,
      powerFactor: apparent > 0 ? acPower / apparent : 0,
      reactivePower,
    },
  };
}
