import { Random } from './random.js';

/**
 * The appliances of the simulated household (power-control §2) and the runs each local day
 * gets: a pure function of the seed and the local day, so the same seed gives the same house
 * on every boot, however often it is asked. house-sim.ts adds the base load, the fridge and the
 * evening peak, and sums everything per phase.
 */

export type PhaseIndex = 0 | 1 | 2;

export type Appliance =
  'kettle' | 'coffee' | 'microwave' | 'hob' | 'oven' | 'washer' | 'dishwasher' | 'vacuum';

/** One run of one appliance, in ms since local midnight of the day that scheduled it. */
export interface ApplianceRun {
  readonly appliance: Appliance;
  readonly start: number;
  readonly end: number;
  readonly phase: PhaseIndex;
  /** Heating element (or motor) power at full draw, W. */
  readonly watts: number;
}

/** What a run draws at one instant: active power and its power factor. */
export interface Draw {
  readonly watts: number;
  readonly pf: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const OFF: Draw = { watts: 0, pf: 1 };

/**
 * Which phase each appliance hangs on: the kitchen's sockets on L2, the cooker on L3, the
 * utility room on L2, the rest of the house on L1 (a typical German three-phase install).
 */
const PHASE: Record<Appliance, PhaseIndex> = {
  kettle: 1,
  coffee: 1,
  microwave: 1,
  hob: 2,
  oven: 2,
  washer: 1,
  dishwasher: 1,
  vacuum: 0,
};

/** What a run draws `into` ms after its start (0 outside the run). */
export function drawOf(run: ApplianceRun, into: number): Draw {
  if (into < 0 || into >= run.end - run.start) return OFF;
  const minute = into / MIN;
  const length = (run.end - run.start) / MIN;
  switch (run.appliance) {
    case 'kettle':
    case 'coffee':
      return { watts: run.watts, pf: 1 };
    case 'microwave':
      return { watts: run.watts, pf: 0.95 };
    case 'vacuum':
      return { watts: run.watts, pf: 0.93 };
    case 'hob': {
      // Boiling at full power, then simmering: the induction hob steps its level down and up.
      if (minute < 6) return { watts: run.watts, pf: 0.98 };
      const level = Math.floor((minute - 6) / 3) % 3;
      return { watts: run.watts * [0.35, 0.6, 0.2][level]!, pf: 0.97 };
    }
    case 'oven': {
      // Preheat at full power, then the thermostat switches the elements (4-minute cycle, 45 % on).
      if (minute < 12) return { watts: run.watts, pf: 1 };
      const cycle = (minute - 12) % 4;
      return cycle < 1.8 ? { watts: run.watts, pf: 1 } : { watts: 25, pf: 0.9 };
    }
    case 'washer': {
      // Heat the water, tumble, spin at the end.
      if (minute < 1) return { watts: 15, pf: 0.7 };
      if (minute < 17) return { watts: run.watts + 80, pf: 0.99 };
      if (minute >= length - 12) return { watts: minute >= length - 7 ? 420 : 260, pf: 0.8 };
      return { watts: Math.floor(minute) % 2 === 0 ? 180 : 40, pf: 0.6 };
    }
    case 'dishwasher': {
      // Pump, heat for washing, pump, heat for rinsing, dry.
      if (minute < 4) return { watts: 60, pf: 0.65 };
      if (minute < 24) return { watts: run.watts, pf: 1 };
      if (minute < 70) return { watts: 65, pf: 0.65 };
      if (minute < 84) return { watts: run.watts, pf: 1 };
      return { watts: 10, pf: 0.5 };
    }
  }
}

/** Local day number (days since 1970-01-01 local) → 0 = Sunday. */
export function weekdayOfDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/**
 * The household's appliance runs on one local day: a working-from-home couple. Breakfast, a
 * kettle mid-morning and in the afternoon, lunch on the hob or in the microwave, the washing
 * machine and the dishwasher run while the sun shines (as owners with a roof learn to do),
 * dinner on the hob or in the oven, tea in the evening. Weekends start later.
 */
export function dayRuns(seed: number, day: number): ApplianceRun[] {
  const rng = Random.derive(seed, 'house-day', day);
  const weekend = [0, 6].includes(weekdayOfDay(day));
  const runs: ApplianceRun[] = [];
  const add = (appliance: Appliance, start: number, minutes: number, watts: number) => {
    runs.push({
      appliance,
      start: Math.round(start),
      end: Math.round(start + minutes * MIN),
      phase: PHASE[appliance],
      watts: Math.round(watts),
    });
  };
  const at = (fromHour: number, toHour: number) => rng.range(fromHour * HOUR, toHour * HOUR);
  const kettle = (start: number) => add('kettle', start, rng.range(2, 4), rng.range(2000, 2200));

  const wake = weekend ? at(7.5, 9) : at(6.2, 7.2);
  add('coffee', wake + 2 * MIN, rng.range(1, 1.6), 1350);
  kettle(wake + rng.range(5, 15) * MIN);
  if (rng.chance(0.9)) kettle(at(9.8, 11));
  if (rng.chance(0.35)) add('vacuum', at(10, 11.5), rng.range(15, 30), rng.range(650, 800));
  if (rng.chance(0.6)) add('washer', at(9.3, 12.5), rng.range(95, 140), rng.range(1900, 2100));

  // Lunch: a meal on the hob most days, otherwise something warmed in the microwave.
  const lunch = weekend ? at(12.2, 13.2) : at(11.8, 12.8);
  if (rng.chance(0.65)) add('hob', lunch, rng.range(22, 35), rng.range(1800, 2400));
  else add('microwave', lunch, rng.range(3, 7), rng.range(900, 1200));
  if (rng.chance(0.6)) add('dishwasher', lunch + rng.range(50, 110) * MIN, 115, 2000);
  else add('dishwasher', at(20.3, 21.5), 115, 2000);

  if (rng.chance(0.85)) kettle(at(14.8, 16.5));
  const dinner = at(17.8, 19);
  if (rng.chance(weekend ? 0.55 : 0.35)) {
    add('oven', dinner - rng.range(40, 60) * MIN, rng.range(45, 70), rng.range(2000, 2600));
  } else {
    add('hob', dinner, rng.range(20, 40), rng.range(1800, 2400));
  }
  if (rng.chance(0.45)) kettle(at(20, 22));
  return runs.sort((a, b) => a.start - b.start);
}
