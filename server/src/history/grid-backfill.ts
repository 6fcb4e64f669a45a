import { bucketStart } from './aggregate.js';
import {
  addToGridBucket,
  gridBucketRow,
  openGridBucket,
  type GridDayTotals,
  type OpenGridBucket,
} from './grid-aggregate.js';
import type { GridWriteBatch } from './grid-rows.js';
import type { LocalCalendar } from './local-day.js';
import type { HistoryStore } from './store.js';

/**
 * The grid flow of the demo backfill's past days (power-control §4), beside their production:
 * the simulated house's consumption against what the backfilled fleet fed in, as the simulated
 * meter measures it live (net over the phases, import positive). The fleet's power is taken as
 * the inverters' yield counters credit it, constant over each backfill step, so that production
 * + import − export is the house's own consumption, bucket by bucket.
 */

/** The household's consumption over all phases (W) at a device time. */
export type HouseLoad = (at: number) => number;

/**
 * Integration steps (device ms), the household sampled in their middle: its loads change on a
 * minute scale (a kettle runs 2–4 min, the oven's thermostat cycles in 4 min, the fridge in
 * ~50), and the backfill step (150 s, 900 s at night) and the bucket (300 s) are whole
 * multiples of both. While the fleet feeds nothing only the import's sum matters: a coarser
 * step halves the work of a night.
 */
export const GRID_BACKFILL_STEP_MS = 15_000;
const DARK_STEP_MS = 30_000;
const HOUR_MS = 3_600_000;

export class GridBackfill {
  private bucket: OpenGridBucket | null = null;
  private today: GridDayTotals | null = null;
  private todayEnd = Number.NEGATIVE_INFINITY;
  private readonly finished: GridWriteBatch['buckets'] = [];
  private readonly finishedDays: GridDayTotals[] = [];

  constructor(
    private readonly store: HistoryStore,
    private readonly calendar: LocalCalendar,
    private readonly load: HouseLoad,
  ) {}

  /** The fleet fed `productionW` all through [fromMs, toMs): the grid over that span. */
  add(fromMs: number, toMs: number, productionW: number): void {
    const step = productionW > 0 ? GRID_BACKFILL_STEP_MS : DARK_STEP_MS;
    for (let t = fromMs; t < toMs; t += step) {
      const span = Math.min(step, toMs - t);
      const gridW = this.load(t + span / 2) - productionW;
      const wh = (Math.abs(gridW) * span) / HOUR_MS;
      const bucket = this.bucketAt(t);
      const day = this.dayAt(t);
      if (gridW > 0) {
        addToGridBucket(bucket, gridW, { importWh: wh, exportWh: 0 });
        day.importWh += wh;
      } else {
        addToGridBucket(bucket, gridW, { importWh: 0, exportWh: wh });
        day.exportWh += wh;
      }
    }
  }

  /** Write what was integrated since the last flush (the open bucket and day again later). */
  flush(): void {
    const open = this.bucket && gridBucketRow(this.bucket);
    const batch: GridWriteBatch = {
      buckets: [...this.finished.splice(0), ...(open ? [open] : [])],
      days: [...this.finishedDays.splice(0), ...(this.today ? [{ ...this.today }] : [])],
      // No registers: the live meter's first reading starts its own baseline.
      counter: null,
    };
    if (batch.buckets.length + batch.days.length > 0) this.store.writeGrid(batch);
  }

  private bucketAt(atMs: number): OpenGridBucket {
    const t = bucketStart(atMs);
    if (this.bucket?.t === t) return this.bucket;
    const row = this.bucket && gridBucketRow(this.bucket);
    if (row) this.finished.push(row);
    this.bucket = openGridBucket(t);
    return this.bucket;
  }

  private dayAt(atMs: number): GridDayTotals {
    if (this.today && atMs < this.todayEnd) return this.today;
    if (this.today) this.finishedDays.push(this.today);
    const day = this.calendar.dayOf(atMs);
    this.today = { day, importWh: 0, exportWh: 0 };
    this.todayEnd = this.calendar.startOf(day + 1);
    return this.today;
  }
}
