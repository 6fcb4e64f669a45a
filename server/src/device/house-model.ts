import { dayRuns, drawOf, weekdayOfDay, type ApplianceRun } from './house-loads.js';
import { hashSeed, noise, noiseAfter } from './random.js';

/**
 * The household's consumption per phase (power-control §2): base load, a fridge's compressor,
 * the morning and evening peaks (light, screens, cooking smalls) and the appliance runs of
 * house-loads.ts. A pure function of the seed and the local time: the same seed and instant
 * always give the same house, as weather.ts does for the sky.
 */

/** Three values, one per phase (L1, L2, L3; Shelly's a, b, c). */
export type Phases = readonly [number, number, number];

/** Active power (W) and reactive power (var, inductive positive) per phase. */
export interface PhaseLoad {
  readonly active: Phases;
  readonly reactive: Phases;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The seeded constants of one household. */
interface Household {
  baseW: number;
  fridgeW: number;
  fridgePeriod: number;
  fridgeDuty: number;
  fridgeOffset: number;
}

/** tan φ per power factor: the loads use a handful of them, asked millions of times a backfill. */
const TAN_PHI = new Map<number, number>();

/** Reactive power of `watts` drawn at power factor `pf`. */
function reactiveOf(watts: number, pf: number): number {
  let tanPhi = TAN_PHI.get(pf);
  if (tanPhi === undefined) {
    tanPhi = Math.tan(Math.acos(Math.min(1, Math.max(0.05, pf))));
    if (TAN_PHI.size < 256) TAN_PHI.set(pf, tanPhi);
  }
  return watts * tanPhi;
}

/** Active and reactive power summed per phase (a class: no closure made per instant). */
class PhaseSum {
  readonly active = [0, 0, 0];
  readonly reactive = [0, 0, 0];

  /** `withReactive` false: active power only (the history's backfill needs no more). */
  constructor(private readonly withReactive: boolean) {}

  add(phase: number, watts: number, pf: number): void {
    this.active[phase]! += watts;
    if (this.withReactive) this.reactive[phase]! += reactiveOf(watts, pf);
  }
}

/** Smooth step 0 → 1 between `from` and `to` (ms of day). */
function ramp(ms: number, from: number, to: number): number {
  if (ms <= from) return 0;
  if (ms >= to) return 1;
  const u = (ms - from) / (to - from);
  return u * u * (3 - 2 * u);
}

/** The household of `seed`: its appliance runs per local day and its steady loads. */
export class HouseModel {
  private readonly house: Household;
  private readonly days = new Map<number, ApplianceRun[]>();
  private readonly flicker: (second: number) => number;
  /** The evening peak of the day last asked (a hash per call cost the backfill a second). */
  private evening = { day: Number.NaN, watts: 0 };
  /** The compressor's duty of the cycle last asked. */
  private fridgeCycle = { cycle: Number.NaN, duty: 0 };

  constructor(private readonly seed: number) {
    this.flicker = noiseAfter(seed, 'house-jitter');
    const draw = (label: string) => noise(seed, 'house', label);
    this.house = {
      baseW: 120 + 50 * draw('base'),
      fridgeW: 80 + 30 * draw('fridge-w'),
      fridgePeriod: (45 + 15 * draw('fridge-period')) * MIN,
      fridgeDuty: 0.32 + 0.08 * draw('fridge-duty'),
      fridgeOffset: Math.floor(draw('fridge-offset') * HOUR),
    };
  }

  /** The appliance runs a local day (days since 1970-01-01, local) schedules. */
  runs(day: number): readonly ApplianceRun[] {
    let runs = this.days.get(day);
    if (!runs) {
      runs = dayRuns(this.seed, day);
      if (this.days.size > 60) this.days.clear();
      this.days.set(day, runs);
    }
    return runs;
  }

  /**
   * The house's consumption at `epochMs`, whose local time is `offsetMinutes` east of UTC
   * (the device's time zone: people live by the clock on the wall, not by the sun).
   */
  load(epochMs: number, offsetMinutes: number): PhaseLoad {
    const sum = this.sumAt(epochMs, offsetMinutes, new PhaseSum(true));
    return {
      active: sum.active as unknown as Phases,
      reactive: sum.reactive as unknown as Phases,
    };
  }

  /** The active power over all phases (W) at `epochMs`, as load() gives it. */
  activeW(epochMs: number, offsetMinutes: number): number {
    const [l1, l2, l3] = this.sumAt(epochMs, offsetMinutes, new PhaseSum(false)).active;
    return l1! + l2! + l3!;
  }

  private sumAt(epochMs: number, offsetMinutes: number, sum: PhaseSum): PhaseSum {
    const local = epochMs + offsetMinutes * MIN;
    const day = Math.floor(local / DAY);
    const ms = local - day * DAY;
    // A flicker of a few per cent, per second, on the small loads.
    const jitter = 1 + 0.04 * (this.flicker(Math.floor(epochMs / 1000)) - 0.5);

    const { baseW } = this.house;
    // Standby, router, heating pump, lights left on: spread unevenly over the phases.
    sum.add(0, baseW * 0.45 * jitter, 0.9);
    sum.add(1, baseW * 0.3 * jitter, 0.85);
    sum.add(2, baseW * 0.25 * jitter, 0.9);

    const weekend = [0, 6].includes(weekdayOfDay(day));
    // Two laptops and a screen while working from home.
    if (!weekend)
      sum.add(
        0,
        70 * ramp(ms, 8.3 * HOUR, 8.6 * HOUR) * (1 - ramp(ms, 17.3 * HOUR, 17.6 * HOUR)),
        0.95,
      );

    // Morning: lights, radio, hair dryer-free breakfast (the kettle is a run).
    const morningFrom = weekend ? 7.5 * HOUR : 6.2 * HOUR;
    const morning =
      ramp(ms, morningFrom, morningFrom + 0.3 * HOUR) *
      (1 - ramp(ms, morningFrom + 1.5 * HOUR, morningFrom + 2 * HOUR));
    sum.add(0, 90 * morning * jitter, 0.9);

    // Evening peak: light, television, computers, the extractor hood.
    if (this.evening.day !== day) {
      this.evening = { day, watts: 250 + 200 * noise(this.seed, 'house-evening', day) };
    }
    const peakW = this.evening.watts;
    const evening = ramp(ms, 17 * HOUR, 19.5 * HOUR) * (1 - ramp(ms, 22 * HOUR, 23.5 * HOUR));
    sum.add(0, peakW * 0.45 * evening * jitter, 0.92);
    sum.add(1, peakW * 0.25 * evening * jitter, 0.9);
    sum.add(2, peakW * 0.3 * evening * jitter, 0.92);

    if (this.fridgeRunning(epochMs)) sum.add(1, this.house.fridgeW, 0.75);

    // Runs of today and those of yesterday still going after midnight.
    for (const [runDay, offset] of [
      [day, 0],
      [day - 1, DAY],
    ] as const) {
      for (const run of this.runs(runDay)) {
        const draw = drawOf(run, ms + offset - run.start);
        if (draw.watts > 0) sum.add(run.phase, draw.watts, draw.pf);
      }
    }
    return sum;
  }

  /** The compressor cycles on a fixed seeded rhythm of device time (the door stays shut). */
  private fridgeRunning(epochMs: number): boolean {
    const { fridgePeriod, fridgeDuty, fridgeOffset } = this.house;
    const cycle = Math.floor((epochMs + fridgeOffset) / fridgePeriod);
    if (this.fridgeCycle.cycle !== cycle) {
      // Each cycle lasts a little longer or shorter, as the room's warmth varies.
      const warmth = 0.85 + 0.3 * (hashSeed(this.seed, 'fridge', cycle) / 0x1_0000_0000);
      this.fridgeCycle = { cycle, duty: fridgeDuty * warmth };
    }
    const duty = this.fridgeCycle.duty;
    return (epochMs + fridgeOffset) % fridgePeriod < duty * fridgePeriod;
  }
}
