import { bucketStart } from './aggregate.js';
import {
  addToGridBucket,
  gridBucketRow,
  gridStep,
  openGridBucket,
  reopenGridBucket,
  type GridCounter,
  type GridDayTotals,
  type OpenGridBucket,
} from './grid-aggregate.js';
import type { GridWriteBatch } from './grid-rows.js';
import type { LocalCalendar } from './local-day.js';
import type { HistoryStore } from './store.js';

/** A usable reading of the grid meter (GridMeterReading, import positive). */
export interface GridReading {
  readonly power_w: number;
  readonly at: number;
}

/** What the history needs of the grid meter (GridMeterPort, issue 35). */
export interface RecordedGridMeter {
  on(event: 'reading', listener: (reading: GridReading) => void): unknown;
  off(event: 'reading', listener: (reading: GridReading) => void): unknown;
  energy(): { readonly import_wh: number; readonly export_wh: number };
}

/**
 * Turns the grid meter's readings into grid buckets and days in memory (issue 35), written by
 * the history's flush like the inverters' polls (recorder.ts). Energy comes from the meter's
 * monotonic registers: each reading credits the difference since the previous one (the last
 * one stored survives a restart, so the energy counted in between is credited too).
 */
export class GridRecorder {
  private bucket: OpenGridBucket | null = null;
  private today: GridDayTotals | null = null;
  private counter: GridCounter | null = null;
  private counterLoaded = false;
  private readonly finished: GridWriteBatch['buckets'] = [];
  private readonly finishedDays: GridDayTotals[] = [];
  private dirty = false;

  constructor(
    /** The store written to, asked anew once a damaged file was replaced. */
    private readonly store: () => HistoryStore,
    /** The gateway's local days (the main device's time zone). */
    private readonly calendar: () => LocalCalendar,
  ) {}

  /** One usable reading (import-positive W at `atMs`) and the registers right after it. */
  record(powerW: number, atMs: number, energy: { importWh: number; exportWh: number }): void {
    const rows = this.store().grid;
    const t = bucketStart(atMs);
    const day = this.calendar().dayOf(atMs);
    if (this.bucket && this.bucket.t !== t) this.finishBucket();
    if (!this.bucket) {
      const stored = rows.bucket(t);
      this.bucket = stored ? reopenGridBucket(stored) : openGridBucket(t);
    }
    if (this.today?.day !== day) {
      if (this.today) this.finishedDays.push(this.today);
      this.today = rows.day(day) ?? { day, importWh: 0, exportWh: 0 };
    }
    if (!this.counterLoaded) {
      this.counter = rows.counter();
      this.counterLoaded = true;
    }
    const now: GridCounter = { wallMs: atMs, ...energy };
    const step = gridStep(this.counter, now);
    this.counter = now;
    addToGridBucket(this.bucket, powerW, step);
    this.today.importWh += step.importWh;
    this.today.exportWh += step.exportWh;
    this.dirty = true;
  }

  /** A bucket ended since the last flush. */
  hasFinished(): boolean {
    return this.finished.length > 0;
  }

  /** Write what changed since the last flush, in one transaction. */
  flush(): void {
    if (!this.dirty && this.finished.length === 0 && this.finishedDays.length === 0) return;
    const open = this.bucket && gridBucketRow(this.bucket);
    const batch: GridWriteBatch = {
      buckets: [...this.finished.splice(0), ...(open ? [open] : [])],
      days: [...this.finishedDays.splice(0), ...(this.today ? [{ ...this.today }] : [])],
      counter: this.counter,
    };
    this.dirty = false;
    this.store().writeGrid(batch);
  }

  /** Forget what is cached (a new store, the time zone changed, recording stopped). */
  reset(): void {
    this.bucket = null;
    this.today = null;
    this.counter = null;
    this.counterLoaded = false;
    this.finished.length = 0;
    this.finishedDays.length = 0;
    this.dirty = false;
  }

  private finishBucket(): void {
    const row = this.bucket && gridBucketRow(this.bucket);
    if (row) this.finished.push(row);
    this.bucket = null;
  }
}
