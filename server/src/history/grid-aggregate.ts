/**
 * Pure aggregation of the grid meter's readings (issue 35) into 5-minute buckets and local
 * days, beside the inverters' (aggregate.ts). Powers are stored in deciwatts (import and export
 * apart: a bucket can hold both), energies in Wh from the meter's monotonic registers.
 */

/** A grid bucket as stored. */
export interface GridBucketRow {
  /** Bucket start, epoch s. */
  t: number;
  /** Readings in the bucket. */
  n: number;
  /** Average import power, deciwatts (export readings count as 0). */
  imp: number;
  /** Average export power, deciwatts. */
  exp: number;
  importWh: number;
  exportWh: number;
}

/** The grid's energy on one local day. */
export interface GridDayTotals {
  day: number;
  importWh: number;
  exportWh: number;
}

/** The meter's registers at a reading (GridMeterPort.energy()). */
export interface GridCounter {
  wallMs: number;
  importWh: number;
  exportWh: number;
}

/** A bucket still taking readings. */
export interface OpenGridBucket {
  t: number;
  n: number;
  sumImp: number;
  sumExp: number;
  importWh: number;
  exportWh: number;
}

const dw = (watts: number) => Math.round(Math.abs(watts) * 10);
/** Wh kept to the mWh: the registers are floats, sums must not drift in the last digits. */
export const roundWh = (wh: number) => Math.round(wh * 1000) / 1000;

export function openGridBucket(t: number): OpenGridBucket {
  return { t, n: 0, sumImp: 0, sumExp: 0, importWh: 0, exportWh: 0 };
}

export function reopenGridBucket(row: GridBucketRow): OpenGridBucket {
  return {
    t: row.t,
    n: row.n,
    sumImp: row.imp * row.n,
    sumExp: row.exp * row.n,
    importWh: row.importWh,
    exportWh: row.exportWh,
  };
}

/** One reading (import-positive W) and the energy counted since the previous one. */
export function addToGridBucket(
  bucket: OpenGridBucket,
  powerW: number,
  step: { importWh: number; exportWh: number },
): void {
  bucket.n++;
  if (powerW > 0) bucket.sumImp += dw(powerW);
  else bucket.sumExp += dw(powerW);
  bucket.importWh += step.importWh;
  bucket.exportWh += step.exportWh;
}

/** The stored form of a bucket; null when it saw no reading. */
export function gridBucketRow(bucket: OpenGridBucket): GridBucketRow | null {
  if (bucket.n === 0) return null;
  return {
    t: bucket.t,
    n: bucket.n,
    imp: Math.round(bucket.sumImp / bucket.n),
    exp: Math.round(bucket.sumExp / bucket.n),
    importWh: roundWh(bucket.importWh),
    exportWh: roundWh(bucket.exportWh),
  };
}

/** Highest plausible grid power (W) when judging a register step: beyond a 3 × 63 A house. */
const PLAUSIBLE_W = 60_000;
/** A step after a longer gap is not credited (the gateway was off for hours). */
const MAX_GAP_MS = 2 * 3_600_000;

/**
 * Wh imported and exported between two register readings. A register that went back or jumped
 * implausibly (a reset meter file, settings replaced) gives 0 and becomes the new baseline.
 */
export function gridStep(
  previous: GridCounter | null,
  now: GridCounter,
): { importWh: number; exportWh: number } {
  const none = { importWh: 0, exportWh: 0 };
  if (!previous) return none;
  const elapsed = now.wallMs - previous.wallMs;
  if (elapsed < 0 || elapsed > MAX_GAP_MS) return none;
  const plausible = (PLAUSIBLE_W * elapsed) / 3_600_000 + 2;
  const delta = (a: number, b: number) => {
    const d = a - b;
    return d < 0 || d > plausible ? null : d;
  };
  const importWh = delta(now.importWh, previous.importWh);
  const exportWh = delta(now.exportWh, previous.exportWh);
  if (importWh === null || exportWh === null) return none;
  return { importWh, exportWh };
}
