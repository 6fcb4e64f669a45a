import type Database from 'libsql';
import {
  roundWh,
  type GridBucketRow,
  type GridCounter,
  type GridDayTotals,
} from './grid-aggregate.js';
import type { Row } from './store-schema.js';

/**
 * The grid's rows of the history database (issue 35; schema in store-schema.ts): buckets, days
 * and the registers' last values. Writes happen inside the store's flush transaction.
 */

export interface GridWriteBatch {
  buckets: GridBucketRow[];
  days: GridDayTotals[];
  counter: GridCounter | null;
}

const toBucket = (r: Row): GridBucketRow => ({
  t: Number(r[0]),
  n: Number(r[1]),
  imp: Number(r[2]),
  exp: Number(r[3]),
  importWh: Number(r[4]),
  exportWh: Number(r[5]),
});

const toDay = (r: Row): GridDayTotals => ({
  day: Number(r[0]),
  importWh: Number(r[1]),
  exportWh: Number(r[2]),
});

const BUCKET_CHUNK = 48;

export class GridRows {
  private readonly stmts;

  constructor(db: Database.Database) {
    const putBuckets = (rows: number) =>
      db.prepare(
        `INSERT OR REPLACE INTO grid_bucket (t, n, imp, exp, import_wh, export_wh)
         VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      );
    this.stmts = {
      putBucket: putBuckets(1),
      putBucketChunk: putBuckets(BUCKET_CHUNK),
      putDay: db.prepare(
        'INSERT OR REPLACE INTO grid_daily (day, import_wh, export_wh) VALUES (?, ?, ?)',
      ),
      putCounter: db.prepare(
        `INSERT OR REPLACE INTO grid_counter (id, wall_ms, import_wh, export_wh)
         VALUES (1, ?, ?, ?)`,
      ),
      bucketsBetween: db
        .prepare(
          `SELECT t, n, imp, exp, import_wh, export_wh FROM grid_bucket
           WHERE t >= ? AND t < ? ORDER BY t`,
        )
        .raw(true),
      daysBetween: db
        .prepare(
          `SELECT day, import_wh, export_wh FROM grid_daily
           WHERE day >= ? AND day <= ? ORDER BY day`,
        )
        .raw(true),
      counter: db
        .prepare('SELECT wall_ms, import_wh, export_wh FROM grid_counter WHERE id = 1')
        .raw(true),
      range: db.prepare('SELECT min(day), max(day) FROM grid_daily').raw(true),
      prune: db.prepare('DELETE FROM grid_bucket WHERE t < ?'),
    };
  }

  /** Called inside the store's transaction. */
  write(batch: GridWriteBatch): void {
    const s = this.stmts;
    const values = (b: GridBucketRow) => [b.t, b.n, b.imp, b.exp, b.importWh, b.exportWh];
    let i = 0;
    // A backfilled day is 288 buckets: one call per chunk, not per row, into the database.
    for (; i + BUCKET_CHUNK <= batch.buckets.length; i += BUCKET_CHUNK) {
      s.putBucketChunk.run(batch.buckets.slice(i, i + BUCKET_CHUNK).flatMap(values));
    }
    for (; i < batch.buckets.length; i++) s.putBucket.run(values(batch.buckets[i]!));
    for (const d of batch.days) s.putDay.run(d.day, roundWh(d.importWh), roundWh(d.exportWh));
    const c = batch.counter;
    if (c) s.putCounter.run(c.wallMs, c.importWh, c.exportWh);
  }

  /** Buckets in [fromS, toS), by time. */
  buckets(fromS: number, toS: number): GridBucketRow[] {
    return (this.stmts.bucketsBetween.all(fromS, toS) as Row[]).map(toBucket);
  }

  bucket(t: number): GridBucketRow | null {
    return this.buckets(t, t + 1)[0] ?? null;
  }

  /** Day rows for days in [from, to]. */
  days(from: number, to: number): GridDayTotals[] {
    return (this.stmts.daysBetween.all(from, to) as Row[]).map(toDay);
  }

  day(day: number): GridDayTotals | null {
    return this.days(day, day)[0] ?? null;
  }

  counter(): GridCounter | null {
    const r = this.stmts.counter.get() as Row | undefined;
    return r ? { wallMs: Number(r[0]), importWh: Number(r[1]), exportWh: Number(r[2]) } : null;
  }

  /** The first and last day with grid data. */
  dayRange(): { first: number; last: number } | null {
    const r = this.stmts.range.get() as Row | undefined;
    if (!r || r[0] === null || r[0] === undefined) return null;
    return { first: Number(r[0]), last: Number(r[1]) };
  }

  prune(beforeS: number): number {
    return this.stmts.prune.run(beforeS).changes;
  }
}
