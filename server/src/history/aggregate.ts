import { HISTORY_BUCKET_SECONDS } from '@heliodtu/contract/domain/history-dates';

/**
 * Pure aggregation of polls into 5-minute buckets (average and maximum per inverter and per
 * string, energy from the yield counters) and into local-day rows (yield, peak and its time).
 * Storage units: power in deciwatts (0.1 W, the radio's resolution), energy in whole Wh (the
 * YieldTotal counters count whole Wh), times in epoch seconds.
 */

/** One poll as the DTU saw it. */
export interface Sample {
  /** Device epoch ms. */
  wallMs: number;
  acW: number;
  dcW: readonly number[];
  /** Σ YieldTotal of the inputs in Wh, or null when unknown. */
  totalWh: number | null;
}

/** A bucket as stored: `dc` holds [avg, max] deciwatts per input as little-endian uint16. */
export interface BucketRow {
  t: number;
  n: number;
  avg: number;
  max: number;
  wh: number;
  dc: Buffer;
}

/** A bucket still taking polls. */
export interface OpenBucket {
  t: number;
  n: number;
  sumDw: number;
  maxDw: number;
  wh: number;
  dcSum: number[];
  dcMax: number[];
}

/** Yield and peak of one inverter (or the fleet) on one local day. */
export interface DayTotals {
  day: number;
  wh: number;
  /** Deciwatts. */
  peak: number;
  /** Epoch s of the peak; null while nothing was produced. */
  peakAt: number | null;
}

const UINT16_MAX = 0xffff;
const dw = (watts: number) => Math.min(UINT16_MAX, Math.max(0, Math.round(watts * 10)));

/** Start (epoch s) of the bucket holding `epochMs`. */
export function bucketStart(epochMs: number): number {
  return Math.floor(epochMs / 1000 / HISTORY_BUCKET_SECONDS) * HISTORY_BUCKET_SECONDS;
}

export function openBucket(t: number, inputs: number): OpenBucket {
  return {
    t,
    n: 0,
    sumDw: 0,
    maxDw: 0,
    wh: 0,
    dcSum: new Array<number>(inputs).fill(0),
    dcMax: new Array<number>(inputs).fill(0),
  };
}

/** Add one poll (its power) and the energy counted since the previous one. */
export function addToBucket(
  bucket: OpenBucket,
  acW: number,
  dcW: readonly number[],
  wh: number,
): void {
  const ac = dw(acW);
  bucket.n++;
  bucket.sumDw += ac;
  bucket.maxDw = Math.max(bucket.maxDw, ac);
  bucket.wh += wh;
  dcW.forEach((watts, i) => {
    const v = dw(watts);
    if (i >= bucket.dcSum.length) {
      bucket.dcSum.push(0);
      bucket.dcMax.push(0);
    }
    bucket.dcSum[i] = (bucket.dcSum[i] ?? 0) + v;
    bucket.dcMax[i] = Math.max(bucket.dcMax[i] ?? 0, v);
  });
}

/** The stored form of a bucket; null when it saw no poll. */
export function bucketRow(bucket: OpenBucket): BucketRow | null {
  if (bucket.n === 0) return null;
  const dc = Buffer.alloc(bucket.dcSum.length * 4);
  bucket.dcSum.forEach((sum, i) => {
    dc.writeUInt16LE(Math.min(UINT16_MAX, Math.round(sum / bucket.n)), i * 4);
    dc.writeUInt16LE(Math.min(UINT16_MAX, bucket.dcMax[i] ?? 0), i * 4 + 2);
  });
  return {
    t: bucket.t,
    n: bucket.n,
    avg: Math.round(bucket.sumDw / bucket.n),
    max: bucket.maxDw,
    wh: bucket.wh,
    dc,
  };
}

/** A stored bucket reopened (a restart inside the bucket): later polls are weighted in. */
export function reopenBucket(row: BucketRow): OpenBucket {
  const inputs = Math.floor(row.dc.length / 4);
  const bucket = openBucket(row.t, inputs);
  bucket.n = row.n;
  bucket.sumDw = row.avg * row.n;
  bucket.maxDw = row.max;
  bucket.wh = row.wh;
  for (let i = 0; i < inputs; i++) {
    bucket.dcSum[i] = row.dc.readUInt16LE(i * 4) * row.n;
    bucket.dcMax[i] = row.dc.readUInt16LE(i * 4 + 2);
  }
  return bucket;
}

/** A bucket worth keeping: something was produced (night polls at 0 W are not stored). */
export function isProductive(row: BucketRow): boolean {
  return row.max > 0 || row.wh > 0;
}

/** [avg W, max W] of each input of a stored bucket. */
export function inputsOf(row: Pick<BucketRow, 'dc'>): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 3 < row.dc.length; i += 4) {
    out.push([row.dc.readUInt16LE(i) / 10, row.dc.readUInt16LE(i + 2) / 10]);
  }
  return out;
}

export function emptyDay(day: number): DayTotals {
  return { day, wh: 0, peak: 0, peakAt: null };
}

/** Energy and a power reading into a day's totals. */
export function addToDay(totals: DayTotals, wh: number, watts: number, epochMs: number): void {
  totals.wh += wh;
  const value = dw(watts);
  if (value > totals.peak) {
    totals.peak = value;
    totals.peakAt = Math.floor(epochMs / 1000);
  }
}

/** Highest plausible AC power (W) when judging a counter step: above any Hoymiles model. */
const PLAUSIBLE_W = 3000;
/** A counter step after a longer gap is not credited (the gateway was off for hours). */
const MAX_GAP_MS = 2 * 3_600_000;

/**
 * Wh produced between two counter readings. A counter that went back or jumped implausibly
 * (an edited yield offset, a replaced inverter) gives 0 and becomes the new baseline.
 */
export function counterStep(
  previous: { wallMs: number; totalWh: number } | null,
  wallMs: number,
  totalWh: number | null,
): number {
  if (!previous || totalWh === null) return 0;
  const elapsed = wallMs - previous.wallMs;
  const delta = totalWh - previous.totalWh;
  if (elapsed < 0 || elapsed > MAX_GAP_MS || delta <= 0) return 0;
  const plausible = (PLAUSIBLE_W * elapsed) / 3_600_000 + 2;
  return delta > plausible ? 0 : Math.round(delta);
}
