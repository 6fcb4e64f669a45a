import { Random, hashSeed, noise } from './random.js';

/**
 * Seeded weather for one site (inverter-domain §10 step 4–5): each day gets a type, and a
 * clear-sky index k(t) and an ambient temperature that depend only on the seed, the date and
 * the time. So the same instant always has the same weather, however the simulation steps.
 */

export type DayType = 'clear' | 'hazy' | 'mixed' | 'overcast';

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;

/**
 * The slow drift of an even sky (clear, hazy, overcast): seeded smoothed noise summed over
 * time scales that share no common period, so the light wanders without a rhythm. The shorter
 * scales weigh most: what a 2-hour window shows is irregular, not one swing.
 */
const DRIFT_SCALES_MIN = [11, 18, 29, 46, 83] as const;
const DRIFT_WEIGHTS = [0.35, 0.27, 0.18, 0.12, 0.08] as const;

/** Clear-sky index of an even sky: level and greatest drift either side of it. */
const EVEN_SKY: Record<Exclude<DayType, 'mixed'>, { level: number; drift: number }> = {
  clear: { level: 0.97, drift: 0.03 },
  hazy: { level: 0.76, drift: 0.1 },
  overcast: { level: 0.22, drift: 0.11 },
};

/** A seeded value in [-1, 1] at lattice point `n` of the scale keyed `key` (an integer hash). */
function latticeValue(key: number, n: number): number {
  let h = Math.imul(n ^ key, 0x27d4eb2d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 0x8000_0000 - 1;
}

interface DriftScale {
  ms: number;
  weight: number;
  key: number;
  offset: number;
}

interface Segment {
  end: number;
  k: number;
}

interface DayWeather {
  type: DayType;
  /** Cloud passages of a mixed day: k per segment, segments in time order. */
  segments: Segment[];
  /** Ambient temperature: daily mean and half the day-night swing, °C. */
  mean: number;
  swing: number;
}

/** Mean-solar day number at `longitude`: its midnight is always night, wherever the site is. */
export function solarDayOf(epochMs: number, longitude: number): number {
  return Math.floor((epochMs + (longitude / 360) * DAY_MS) / DAY_MS);
}

function dayOfYear(day: number): number {
  const date = new Date(day * DAY_MS);
  return Math.floor((day * DAY_MS - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
}

/** The weather of one site, seeded (inverter-domain §10 steps 4–5). */
export class Weather {
  private readonly days = new Map<number, DayWeather>();
  /** Per drift scale: its hash key and a seeded offset, so lattice points of scales never line up. */
  private readonly driftScales: readonly DriftScale[];

  /** `forced` fixes the type of every day (tests, demos); otherwise it is drawn per day. */
  constructor(
    private readonly seed: number,
    private readonly latitude: number,
    private readonly longitude: number,
    private readonly forced?: DayType,
  ) {
    this.driftScales = DRIFT_SCALES_MIN.map((minutes, i) => {
      const key = hashSeed(seed, 'sky-drift', i) | 0;
      const ms = minutes * MIN_MS;
      return { ms, weight: DRIFT_WEIGHTS[i] ?? 0, key, offset: (key >>> 8) % ms };
    });
  }

  /** The day's type (clear 35 %, hazy 20 %, mixed 30 %, overcast 15 %). */
  dayType(epochMs: number): DayType {
    return this.day(solarDayOf(epochMs, this.longitude)).type;
  }

  /** Clear-sky index k ∈ [0.05, 1.15] shared by every inverter of the site. */
  clearSkyIndex(epochMs: number): number {
    const dayNumber = solarDayOf(epochMs, this.longitude);
    const day = this.day(dayNumber);
    if (day.type === 'mixed')
      return this.mixedIndex(day, epochMs - (dayNumber * DAY_MS - (this.longitude / 360) * DAY_MS));
    const sky = EVEN_SKY[day.type];
    return Math.max(0.05, sky.level + sky.drift * this.drift(epochMs));
  }

  /** Smoothed seeded noise in [-1, 1]: a pure function of seed and instant (any order of asking). */
  private drift(epochMs: number): number {
    let sum = 0;
    for (const { ms, weight, key, offset } of this.driftScales) {
      const at = (epochMs + offset) / ms;
      const n = Math.floor(at);
      const u = at - n;
      const blend = u * u * (3 - 2 * u);
      const a = latticeValue(key, n);
      sum += weight * (a + (latticeValue(key, n + 1) - a) * blend);
    }
    return sum;
  }

  /** Ambient air temperature in °C: seasonal mean, coldest before dawn, warmest about 15:00. */
  ambient(epochMs: number): number {
    const day = this.day(solarDayOf(epochMs, this.longitude));
    const solarHour = (((epochMs + (this.longitude / 360) * DAY_MS) % DAY_MS) / DAY_MS) * 24;
    return day.mean + day.swing * Math.cos(((solarHour - 15) / 24) * 2 * Math.PI);
  }

  private day(dayNumber: number): DayWeather {
    let day = this.days.get(dayNumber);
    if (!day) {
      day = this.makeDay(dayNumber);
      if (this.days.size > 60) this.days.clear();
      this.days.set(dayNumber, day);
    }
    return day;
  }

  private makeDay(dayNumber: number): DayWeather {
    const rng = Random.derive(this.seed, 'weather', dayNumber);
    const draw = rng.next();
    const type: DayType =
      this.forced ??
      (draw < 0.35 ? 'clear' : draw < 0.55 ? 'hazy' : draw < 0.85 ? 'mixed' : 'overcast');
    // Seasons flip south of the equator; the warmest day is late July in the north.
    const seasonDay = dayOfYear(dayNumber) + (this.latitude < 0 ? 182 : 0);
    const season = Math.sin(((seasonDay - 110) / 365) * 2 * Math.PI);
    const mean = 11 + 10 * season + rng.normal(0, 2.5);
    const swing = { clear: 7, hazy: 5.5, mixed: 5, overcast: 2.5 }[type] + rng.range(-1, 1);
    return { type, mean, swing, segments: type === 'mixed' ? cloudPassages(rng) : [] };
  }

  /** Mixed day: sunny and cloudy spells with soft edges and a brief enhancement after a cloud. */
  private mixedIndex(day: DayWeather, msOfDay: number): number {
    const segments = day.segments;
    let i = segments.findIndex((s) => msOfDay < s.end);
    if (i < 0) i = segments.length - 1;
    const current = segments[i];
    const previous = segments[i - 1];
    if (!current) return 1;
    let k = current.k;
    if (previous) {
      const since = msOfDay - previous.end;
      const edge = 40_000 + noise(this.seed, previous.end) * 80_000;
      if (since < edge) {
        const f = since / edge;
        k = previous.k + (current.k - previous.k) * f;
        // Cloud enhancement: light scattered off a cloud edge as the sun comes out.
        if (current.k > previous.k) k += 0.12 * Math.sin(f * Math.PI);
      }
    }
    return Math.min(1.15, Math.max(0.05, k));
  }
}

function cloudPassages(rng: Random): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  let sunny = rng.chance(0.5);
  while (at < DAY_MS) {
    const minutes = sunny ? rng.range(3, 30) : rng.range(1, 12);
    at += minutes * MIN_MS;
    segments.push({ end: at, k: sunny ? rng.range(0.92, 1.03) : rng.range(0.25, 0.5) });
    sunny = !sunny;
  }
  return segments;
}
