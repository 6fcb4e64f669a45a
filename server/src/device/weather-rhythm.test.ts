import { formatSerialHex } from '@heliodtu/contract/wire';
import { describe, expect, it } from 'vitest';
import { demoFleetSlots } from './demo-fleet.js';
import { hardwareOf } from './dev-info.js';
import { createInverter } from './inverter-factory.js';
import { Site } from './site.js';
import { Weather, type DayType } from './weather.js';

/**
 * The History day chart of the demo fleet must look like a sky, not a clock: no day type may
 * carry a rhythm. Measured as an owner sees it: the fleet's 5-minute power, divided by its
 * centred 2-hour average (which takes out the sun's arc), must not repeat itself at any lag of
 * 20 to 120 minutes (autocorrelation below 0.5).
 */

const LATITUDE = 51.1657;
const LONGITUDE = 10.4515;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEP_MS = 150_000; // as the history backfill steps
const BUCKET_MS = 300_000;
const HALF_WINDOW = 12; // buckets either side: a centred 2-hour average
/** Sunrise and sunset bend the ratio on their own: only the part of the day this bright counts. */
const BRIGHT_SHARE = 0.6;
const DAYS_PER_TYPE = 12;

/** Local midnight (CEST) that starts 2026-06-`date`. */
const juneDay = (date: number) => Date.UTC(2026, 5, date) - 2 * HOUR;

/** The demo fleet's AC power per 5-minute bucket over one day, from the simulator's own parts. */
function fleetDay(seed: number, dayStart: number): number[] {
  const site = new Site(seed, LATITUDE, LONGITUDE);
  const sims = demoFleetSlots().map((slot) => {
    const serial = formatSerialHex(BigInt(slot.serial));
    const hardware = hardwareOf(serial);
    if (!hardware) throw new Error(`no hardware for ${serial}`);
    return createInverter(serial, hardware, slot, {
      seed,
      latitude: LATITUDE,
      longitude: LONGITUDE,
      weather: undefined,
      wall: dayStart,
      saved: { savedAt: 0, inverters: new Map() },
    }).sim;
  });
  const buckets = new Array<number>(DAY / BUCKET_MS).fill(0);
  for (let t = dayStart; t < dayStart + DAY; t += STEP_MS) {
    const conditions = site.conditions(t + STEP_MS, STEP_MS);
    const bucket = Math.floor((t - dayStart) / BUCKET_MS);
    for (const sim of sims) {
      sim.step(conditions, STEP_MS);
      buckets[bucket] = (buckets[bucket] ?? 0) + (sim.point.ac.power * STEP_MS) / BUCKET_MS;
    }
  }
  return buckets;
}

/** The strongest autocorrelation of power ÷ centred 2-hour average at lags of 20–120 minutes. */
function strongestRhythm(buckets: readonly number[]): { lagMinutes: number; r: number } {
  const average = buckets.map((_, i) => {
    if (i < HALF_WINDOW || i + HALF_WINDOW >= buckets.length) return NaN;
    let sum = 0;
    for (let j = i - HALF_WINDOW; j <= i + HALF_WINDOW; j++) sum += buckets[j] ?? 0;
    return sum / (2 * HALF_WINDOW + 1);
  });
  const peak = Math.max(...average.filter(Number.isFinite));
  const ratio = buckets
    .map((power, i) => ((average[i] ?? 0) >= BRIGHT_SHARE * peak ? power / (average[i] ?? 1) : NaN))
    .filter(Number.isFinite);
  const mean = ratio.reduce((a, b) => a + b, 0) / ratio.length;
  const x = ratio.map((v) => v - mean);
  const variance = x.reduce((sum, v) => sum + v * v, 0);
  let strongest = { lagMinutes: 0, r: -1 };
  for (let lag = 20 / 5; lag <= 120 / 5; lag++) {
    let sum = 0;
    for (let i = 0; i + lag < x.length; i++) sum += (x[i] ?? 0) * (x[i + lag] ?? 0);
    if (sum / variance > strongest.r) strongest = { lagMinutes: lag * 5, r: sum / variance };
  }
  return strongest;
}

/** Days of each type around midsummer (the demo's season), two at most per seed. */
function daysByType(): Map<DayType, { seed: number; date: number }[]> {
  const found = new Map<DayType, { seed: number; date: number }[]>(
    (['clear', 'hazy', 'mixed', 'overcast'] as const).map((type) => [type, []]),
  );
  for (let seed = 1; seed <= 40; seed++) {
    const weather = new Weather(seed, LATITUDE, LONGITUDE);
    for (let date = 10; date <= 30; date++) {
      const list = found.get(weather.dayType(juneDay(date) + 12 * HOUR));
      const fromSeed = list?.filter((day) => day.seed === seed).length ?? 0;
      if (list && list.length < DAYS_PER_TYPE && fromSeed < 2) list.push({ seed, date });
    }
  }
  return found;
}

describe('the demo fleet through a day', () => {
  const days = daysByType();

  it.each([...days.keys()])('has no rhythm on %s days', (type) => {
    const sample = days.get(type) ?? [];
    expect(sample).toHaveLength(DAYS_PER_TYPE);
    const rhythms = sample.map(({ seed, date }) => ({
      day: `seed ${seed}, 2026-06-${date}`,
      ...strongestRhythm(fleetDay(seed, juneDay(date))),
    }));
    const repeating = rhythms.filter((rhythm) => rhythm.r >= 0.5);
    expect(repeating).toEqual([]);
  });

  it('is the same day for the same seed, whatever was asked before', () => {
    const { seed, date } = days.get('overcast')?.[0] ?? { seed: 1, date: 21 };
    const first = fleetDay(seed, juneDay(date));
    // Another seed's day in between: nothing may carry over from one site to another.
    fleetDay(seed + 1, juneDay(date + 1));
    expect(fleetDay(seed, juneDay(date))).toEqual(first);
    expect(Math.max(...first)).toBeGreaterThan(0);
  });
});
