import type { GridMeterReading, SimulatedHousePort } from '../grid-meter/grid-meter-port.js';
import { HouseModel, type PhaseLoad, type Phases } from './house-model.js';
import { utcOffsetMinutes } from './posix-tz.js';

/**
 * The simulated house behind a Shelly Pro 3EM (power-control §2): the household's consumption
 * (house-model.ts) minus what the fleet feeds in, per phase, and the meter's energy registers
 * integrated on device time. No Fastify here: the plugin (plugins/simulated-house.ts) and the
 * export control bench (bench/export-control.mjs) both build it from a seed, a clock and the
 * fleet's AC power.
 */

/** The fleet's AC output now, W: one total (spread evenly over the phases) or per phase. */
export type FleetAc = number | Phases;

/** One inverter's output as the fleet sees it, for spreading over the phases. */
export interface InverterOutput {
  readonly watts: number;
  /** HMT inverters feed all three phases evenly; the others one phase. */
  readonly threePhase: boolean;
}

/** A meter's registers, Wh per phase, as Shelly's EMData counts them. */
export interface MeterCounters {
  readonly import_wh: Phases;
  readonly export_wh: Phases;
}

export interface SimulatedHouseOptions {
  /** SIM_SEED: the same seed gives the same household. */
  seed: number;
  /** Device time, epoch ms. */
  now: () => number;
  /** The fleet's AC output at the moment of asking. */
  fleetAc: () => FleetAc;
  /** The device's POSIX time zone (the household lives by local time); default Berlin's. */
  timezone?: () => string;
  /** Registers to continue from (a restart); default all zero. */
  counters?: MeterCounters;
}

/** The gateway's default zone (config.json's default ntp.timezone). */
const DEFAULT_TZ = 'CET-1CEST,M3.5.0,M10.5.0/3';
/** Longest integration step, device ms: the house's loads change on a minute scale at most. */
const STEP_MS = 5_000;
/** A longer gap is a clock jump, not elapsed time: the registers do not count across it. */
const MAX_GAP_MS = 2 * 3_600_000;
const ZERO: Phases = [0, 0, 0];

/**
 * The phases the fleet feeds (power-control §2): single-phase inverters are wired to L1, L2,
 * L3 in turn, in the fleet's order; a three-phase inverter (HMT) feeds each phase a third.
 */
export function spreadOverPhases(outputs: readonly InverterOutput[]): Phases {
  const phases = [0, 0, 0];
  let next = 0;
  for (const { watts, threePhase } of outputs) {
    if (threePhase) for (let k = 0; k < 3; k++) phases[k]! += watts / 3;
    else {
      phases[next % 3]! += watts;
      next++;
    }
  }
  return phases as unknown as Phases;
}

function phasesOf(fleet: FleetAc): Phases {
  if (typeof fleet === 'number') {
    const share = Number.isFinite(fleet) ? Math.max(0, fleet) / 3 : 0;
    return [share, share, share];
  }
  return fleet.map((w) => (Number.isFinite(w) ? Math.max(0, w) : 0)) as unknown as Phases;
}

/**
 * The household of a seed as it lives in a time zone: its consumption at any device time, no
 * fleet in it. The simulated house reads it live; the history's demo backfill reads it for
 * past days (history/grid-backfill.ts), so both see the same house.
 */
export class Household {
  readonly model: HouseModel;
  private offset: { tz: string; quarter: number; minutes: number } | undefined;

  constructor(
    seed: number,
    /** The device's POSIX time zone, read on every use; default Berlin's. */
    private readonly timezone: () => string = () => DEFAULT_TZ,
  ) {
    this.model = new HouseModel(seed);
  }

  /** Active and reactive power per phase at device time `at`. */
  consumption(at: number): PhaseLoad {
    return this.model.load(at, this.offsetAt(at));
  }

  /** The active power over all phases (W) at device time `at`. */
  activeW(at: number): number {
    return this.model.activeW(at, this.offsetAt(at));
  }

  /** The zone's offset, kept per quarter hour (zones change offset on whole quarters of UTC). */
  private offsetAt(at: number): number {
    const tz = this.timezone();
    const quarter = Math.floor(at / 900_000);
    const cached = this.offset;
    if (cached?.tz === tz && cached.quarter === quarter) return cached.minutes;
    const minutes = utcOffsetMinutes(tz, at);
    this.offset = { tz, quarter, minutes };
    return minutes;
  }
}

/** The house, its grid connection and its meter's registers. */
export class SimulatedHouse implements SimulatedHousePort {
  readonly household: Household;
  private readonly importWh: number[];
  private readonly exportWh: number[];
  /** Where the registers have been integrated to, and the fleet's output then. */
  private last: { at: number; fleet: Phases } | undefined;

  constructor(private readonly options: SimulatedHouseOptions) {
    this.household = new Household(options.seed, options.timezone);
    this.importWh = [...(options.counters?.import_wh ?? ZERO)];
    this.exportWh = [...(options.counters?.export_wh ?? ZERO)];
  }

  /** The household's own consumption at a device time (no fleet in it). */
  consumption(at: number): PhaseLoad {
    return this.household.consumption(at);
  }

  /** Consumption, production and grid power per phase now (grid import positive). */
  snapshot(): { at: number; load: PhaseLoad; production: Phases; grid: Phases } {
    this.advance();
    const at = this.options.now();
    const load = this.consumption(at);
    const production = this.last?.fleet ?? phasesOf(this.options.fleetAc());
    const grid = load.active.map((w, k) => w - production[k]!) as unknown as Phases;
    return { at, load, production, grid };
  }

  /** SimulatedHousePort: the grid power now, as a Shelly Pro 3EM measures it. */
  reading(): GridMeterReading {
    const { at, grid } = this.snapshot();
    const phases_w = grid.map((w) => Math.round(w * 10) / 10);
    const total = grid[0] + grid[1] + grid[2];
    return { power_w: Math.round(total * 10) / 10, phases_w, at };
  }

  /** The registers now (integrated up to the current device time). */
  counters(): MeterCounters {
    this.advance();
    return {
      import_wh: [...this.importWh] as unknown as Phases,
      export_wh: [...this.exportWh] as unknown as Phases,
    };
  }

  /**
   * Integrates the registers up to now in steps of at most 5 s, the fleet's output taken
   * linearly between the last sample and now. Time that went backwards or jumped more than
   * two hours is not counted (a clock set, not energy), as a meter without power counts none.
   */
  advance(): void {
    const at = this.options.now();
    const fleet = phasesOf(this.options.fleetAc());
    const last = this.last;
    if (!last || at <= last.at || at - last.at > MAX_GAP_MS) {
      if (!last || at !== last.at) this.last = { at, fleet };
      return;
    }
    const span = at - last.at;
    const steps = Math.ceil(span / STEP_MS);
    const hours = span / steps / 3_600_000;
    for (let i = 1; i <= steps; i++) {
      const t = last.at + (span * i) / steps;
      const f = i / steps;
      const load = this.consumption(t).active;
      for (let k = 0; k < 3; k++) {
        const produced = last.fleet[k]! + (fleet[k]! - last.fleet[k]!) * f;
        const grid = load[k]! - produced;
        if (grid > 0) this.importWh[k]! += grid * hours;
        else this.exportWh[k]! -= grid * hours;
      }
    }
    this.last = { at, fleet };
  }

  /** Forget where integration stood: the next advance starts counting from then (a clock jump). */
  restartIntegration(): void {
    this.last = undefined;
  }
}
