import { describe, expect, it } from 'vitest';
import {
  addToBucket,
  addToDay,
  bucketRow,
  bucketStart,
  counterStep,
  emptyDay,
  inputsOf,
  isProductive,
  openBucket,
  reopenBucket,
} from './aggregate.js';

const T = Date.parse('2025-06-21T10:00:00Z');

describe('5-minute buckets', () => {
  it('starts a bucket on every 5-minute boundary', () => {
    expect(bucketStart(T)).toBe(T / 1000);
    expect(bucketStart(T + 299_999)).toBe(T / 1000);
    expect(bucketStart(T + 300_000)).toBe(T / 1000 + 300);
  });

  it('keeps average and maximum per inverter and per string, energy summed', () => {
    const bucket = openBucket(T / 1000, 2);
    addToBucket(bucket, 100, [60, 45], 2);
    addToBucket(bucket, 300.04, [160, 150.06], 3);
    addToBucket(bucket, 200, [110, 95], 1);
    const row = bucketRow(bucket);
    expect(row).toMatchObject({ t: T / 1000, n: 3, avg: 2000, max: 3000, wh: 6 });
    expect(inputsOf(row!)).toEqual([
      [110, 160],
      [96.7, 150.1],
    ]);
  });

  it('weighs polls after a restart in with the stored ones', () => {
    const first = openBucket(0, 1);
    addToBucket(first, 100, [100], 1);
    addToBucket(first, 200, [200], 1);
    const reopened = reopenBucket(bucketRow(first)!);
    addToBucket(reopened, 600, [600], 4);
    expect(bucketRow(reopened)).toMatchObject({ n: 3, avg: 3000, max: 6000, wh: 6 });
    expect(inputsOf(bucketRow(reopened)!)).toEqual([[300, 600]]);
  });

  it('stores nothing for an empty bucket, and night buckets at 0 W are not kept', () => {
    expect(bucketRow(openBucket(0, 2))).toBeNull();
    const night = openBucket(0, 2);
    addToBucket(night, 0, [0, 0], 0);
    expect(isProductive(bucketRow(night)!)).toBe(false);
  });
});

describe('day totals', () => {
  it('sums energy and keeps the peak with its time', () => {
    const day = emptyDay(20260);
    addToDay(day, 5, 300, T);
    addToDay(day, 7, 720.5, T + 60_000);
    addToDay(day, 3, 500, T + 120_000);
    expect(day).toEqual({ day: 20260, wh: 15, peak: 7205, peakAt: T / 1000 + 60 });
  });

  it('has no peak time while nothing was produced', () => {
    const day = emptyDay(1);
    addToDay(day, 0, 0, T);
    expect(day.peakAt).toBeNull();
  });
});

describe('energy from the YieldTotal counters', () => {
  const previous = { wallMs: T, totalWh: 1_000_000 };
  it('credits the counter step', () => {
    expect(counterStep(previous, T + 20_000, 1_000_004)).toBe(4);
  });
  it('credits nothing for the first reading, a counter that went back or jumped', () => {
    expect(counterStep(null, T, 5)).toBe(0);
    expect(counterStep(previous, T + 20_000, 999_000)).toBe(0);
    // 20 s at most 3 kW is about 17 Wh; a 500 Wh step is an edited offset, not energy.
    expect(counterStep(previous, T + 20_000, 1_000_500)).toBe(0);
  });
  it('credits nothing after hours without readings (the gateway was off)', () => {
    expect(counterStep(previous, T + 3 * 3_600_000, 1_000_010)).toBe(0);
  });
});
