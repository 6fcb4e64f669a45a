import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import type { BucketRow, DayTotals } from './aggregate.js';
import { SqliteAlertRows } from './alert-rows.js';
import { GridRows, type GridWriteBatch } from './grid-rows.js';
import {
  FLEET_SERIAL,
  MIGRATIONS,
  moveAside,
  parseStrings,
  toBucket,
  toDay,
  type InverterRow,
  type Row,
  type WriteBatch,
} from './store-schema.js';
import { prepareStatements, type StoreStatements } from './store-statements.js';

export type { InverterRow, WriteBatch } from './store-schema.js';

/**
 * The history database (architecture §6.11): one SQLite file in DATA_DIR/.heliodtu through
 * libsql (prebuilt binary in the npm package), WAL mode, schema versioned with forward
 * migrations. Only the recorder writes, in one transaction per flush. Inverters are keyed by
 * (device id, serial); buckets, days and counters by the inverter's row id, so everything of
 * one device is reached through its inverter rows.
 */

export const HISTORY_FILE = 'history.sqlite';

/** SQLite error code of a thrown error ('SQLITE_FULL', …), or ''. */
export function sqliteCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

export const isCorruption = (error: unknown) => /^SQLITE_(CORRUPT|NOTADB)/.test(sqliteCode(error));

export class HistoryStore {
  private readonly db: Database.Database;
  private readonly stmts: StoreStatements;
  /** The alerts' rows and delivery journal (issue 28). */
  readonly alerts: SqliteAlertRows;
  /** The house's grid flow (issue 35). */
  readonly grid: GridRows;

  private constructor(
    readonly file: string,
    options: { maxPageCount?: number },
  ) {
    this.db = new Database(file);
    try {
      this.db.exec('PRAGMA journal_mode = WAL');
      // NORMAL in WAL mode: a killed process loses nothing committed; a power cut may lose the last flush.
      this.db.exec('PRAGMA synchronous = NORMAL');
      this.db.exec('PRAGMA busy_timeout = 2000');
      // 512 KiB of page cache instead of SQLite's 2 MiB: reads are a few pages per chart and the
      // OS caches the file anyway; the default fills up as the file grows (−0.5 to 1 MiB RSS).
      this.db.exec('PRAGMA cache_size = -512');
      if (options.maxPageCount) this.db.exec(`PRAGMA max_page_count = ${options.maxPageCount}`);
      this.migrate();
      this.stmts = prepareStatements(this.db);
      this.alerts = new SqliteAlertRows(this.db);
      this.grid = new GridRows(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  /**
   * Open (or create) the database. A file SQLite cannot read is moved aside to
   * `history.sqlite.corrupt-<time>` and a fresh one is started; the console says so.
   */
  static open(
    dir: string,
    log: (line: string) => void,
    options: { maxPageCount?: number; now?: () => number; forceAside?: boolean } = {},
  ): HistoryStore {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, HISTORY_FILE);
    let problem = options.forceAside ? 'SQLITE_CORRUPT' : '';
    if (!problem) {
      try {
        return new HistoryStore(file, options);
      } catch (error) {
        if (!isCorruption(error)) throw error;
        problem = sqliteCode(error);
      }
    }
    const aside = moveAside(file, options.now?.() ?? Date.now());
    log(`History database is damaged (${problem}): moved to ${aside}, starting a new one`);
    return new HistoryStore(file, options);
  }

  /** Remove the database and its WAL files (factory reset). */
  static remove(dir: string): void {
    for (const suffix of ['', '-wal', '-shm']) {
      rmSync(path.join(dir, HISTORY_FILE + suffix), { force: true });
    }
  }

  private migrate(): void {
    // Any read of a damaged header throws SQLITE_NOTADB here, before anything is written.
    this.db.prepare('SELECT count(*) FROM sqlite_master').raw(true).get();
    // libsql's pragma({simple}) answers an object; a raw statement gives the plain number.
    const version = Number((this.db.prepare('PRAGMA user_version').raw(true).get() as Row)[0]);
    for (let v = version; v < MIGRATIONS.length; v++) {
      this.transaction(() => {
        this.db.exec(MIGRATIONS[v] ?? '');
        this.db.exec(`PRAGMA user_version = ${v + 1}`);
      });
    }
  }

  /** The inverters of one device, by row id (its fleet row left out). */
  inverters(device: string): InverterRow[] {
    return (this.stmts.inverters.all(device, FLEET_SERIAL) as Row[]).map(
      ([id, serial, name, strings]) => ({
        id: Number(id),
        serial: String(serial),
        name: String(name),
        strings: parseStrings(strings),
      }),
    );
  }

  /** The id of a device's serial, added or renamed as needed. */
  upsertInverter(device: string, serial: string, name: string, strings: readonly string[]): number {
    const text = JSON.stringify(strings);
    const known = this.inverters(device).find((r) => r.serial === serial);
    if (!known) {
      return Number(this.stmts.addInverter.run(device, serial, name, text).lastInsertRowid);
    }
    if (known.name !== name || JSON.stringify(known.strings) !== text) {
      this.stmts.renameInverter.run(name, text, known.id);
    }
    return known.id;
  }

  /** Everything a flush collected, in one transaction. */
  write(batch: WriteBatch): void {
    const s = this.stmts;
    this.transaction(() => {
      for (const { inv, row } of batch.buckets) {
        s.putBucket.run(inv, row.t, row.n, row.avg, row.max, row.wh, row.dc);
      }
      for (const { inv, totals } of batch.days) {
        s.putDay.run(totals.day, inv, totals.wh, totals.peak, totals.peakAt);
      }
      for (const { inv, wallMs, totalWh } of batch.counters) s.putCounter.run(inv, wallMs, totalWh);
    });
  }

  bucket(inv: number, t: number): BucketRow | null {
    const row = this.stmts.getBucket.get(inv, t) as Row | undefined;
    return row ? toBucket(row) : null;
  }

  day(inv: number, day: number): DayTotals | null {
    const row = this.stmts.getDay.get(day, inv) as Row | undefined;
    return row ? toDay(row) : null;
  }

  counter(inv: number): { wallMs: number; totalWh: number } | null {
    const row = this.stmts.getCounter.get(inv) as Row | undefined;
    return row ? { wallMs: Number(row[0]), totalWh: Number(row[1]) } : null;
  }

  /** Buckets of one inverter in [fromS, toS), by time. */
  buckets(inv: number, fromS: number, toS: number): BucketRow[] {
    return (this.stmts.bucketsOf.all(inv, fromS, toS) as Row[]).map(toBucket);
  }

  /** Buckets of every inverter in [fromS, toS), by time then inverter. */
  bucketsBetween(fromS: number, toS: number): (BucketRow & { inv: number })[] {
    return (this.stmts.bucketsAt.all(fromS, toS) as Row[]).map((r) => ({
      ...toBucket(r),
      inv: Number(r[6]),
    }));
  }

  /**
   * The row id of a device's fleet (its daily totals and the peak of its summed power), or
   * null while it has none.
   */
  fleetOf(device: string): number | null {
    const row = this.stmts.rowOf.get(device, FLEET_SERIAL) as Row | undefined;
    return row ? Number(row[0]) : null;
  }

  /** The row id of a device's fleet, added on its first recording. */
  addFleet(device: string): number {
    return (
      this.fleetOf(device) ??
      Number(this.stmts.addInverter.run(device, FLEET_SERIAL, '', '[]').lastInsertRowid)
    );
  }

  /** Daily rows of every inverter and fleet row, of every device, for days in [from, to]. */
  days(from: number, to: number): (DayTotals & { inv: number })[] {
    return (this.stmts.daysBetween.all(from, to) as Row[]).map((r) => ({
      ...toDay([r[0], r[2], r[3], r[4]]),
      inv: Number(r[1]),
    }));
  }

  /** The first and last day with a daily row of one of a device's inverters. */
  dayRange(device: string): { first: number; last: number } | null {
    const row = this.stmts.dayRange.get(device, FLEET_SERIAL) as Row | undefined;
    if (!row || row[0] === null || row[0] === undefined) return null;
    return { first: Number(row[0]), last: Number(row[1]) };
  }

  /** Forget a device's counter readings (they came from a backfill's own simulated inverters). */
  clearCounters(device: string): void {
    this.stmts.clearCounters.run(device);
  }

  /** The grid's rows of a flush, in one transaction of their own. */
  writeGrid(grid: GridWriteBatch): void {
    this.transaction(() => this.grid.write(grid));
  }

  isEmpty(): boolean {
    return this.stmts.anyData.get() === undefined;
  }

  /** Drop buckets older than `beforeS` (retention); daily rows stay. Returns the rows removed. */
  prune(beforeS: number): number {
    return this.stmts.prune.run(beforeS).changes + this.grid.prune(beforeS);
  }

  /**
   * Run `fn` in one transaction. Hand-made because libsql's wrapper rolls back a transaction
   * SQLite already ended (SQLITE_FULL does), hiding the real error behind "no transaction".
   */
  transaction(fn: () => void): void {
    this.db.exec('BEGIN');
    try {
      fn();
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
