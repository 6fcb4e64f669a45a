import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { BucketRow, DayTotals } from './aggregate.js';

/** Schema and row helpers of the history database (store.ts). */

/** One inverter of one device, as the history knows it. */
export interface InverterRow {
  id: number;
  serial: string;
  name: string;
  strings: string[];
}

export interface WriteBatch {
  buckets: { inv: number; row: BucketRow }[];
  days: { inv: number; totals: DayTotals }[];
  counters: { inv: number; wallMs: number; totalWh: number }[];
}

export type Row = unknown[];

/** Forward migrations; index + 1 is the schema version they lead to. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE inverter (
     id INTEGER PRIMARY KEY,
     serial TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     strings TEXT NOT NULL DEFAULT '[]'
   );
   -- One row per inverter per 5-minute bucket with production; powers in 0.1 W, energy in Wh.
   -- Keyed by time first: rows arrive in time order (pages fill up, no index to keep) and a
   -- day of the whole fleet is one range scan.
   CREATE TABLE bucket (
     inv INTEGER NOT NULL,
     t INTEGER NOT NULL,
     n INTEGER NOT NULL,
     avg INTEGER NOT NULL,
     max INTEGER NOT NULL,
     wh INTEGER NOT NULL,
     dc BLOB NOT NULL,
     PRIMARY KEY (t, inv)
   ) WITHOUT ROWID;
   -- One row per inverter per local day (day = days since 1970-01-01 of the local date), kept
   -- forever; inv 0 is the fleet (its instantaneous total).
   CREATE TABLE daily (
     day INTEGER NOT NULL,
     inv INTEGER NOT NULL,
     wh INTEGER NOT NULL,
     peak INTEGER NOT NULL,
     peak_at INTEGER,
     PRIMARY KEY (day, inv)
   ) WITHOUT ROWID;
   -- The last counter reading per inverter, so a restart credits the energy in between.
   CREATE TABLE counter (inv INTEGER PRIMARY KEY, wall_ms INTEGER NOT NULL, total_wh INTEGER NOT NULL);`,
  // Inverters are keyed by (device, serial) (issue 24): the same serial behind two devices is
  // two inverters. Rows from before were the simulated fleet's, whose id is 'local'
  // (device/device-id.ts; written out here because a migration must never change). A device's
  // fleet (its whole output, the daily table's former inv 0) is its row with serial ''.
  `CREATE TABLE inverter_by_device (
     id INTEGER PRIMARY KEY,
     device TEXT NOT NULL,
     serial TEXT NOT NULL,
     name TEXT NOT NULL,
     strings TEXT NOT NULL DEFAULT '[]',
     UNIQUE (device, serial)
   );
   INSERT INTO inverter_by_device (id, device, serial, name, strings)
     SELECT id, 'local', serial, name, strings FROM inverter;
   DROP TABLE inverter;
   ALTER TABLE inverter_by_device RENAME TO inverter;
   INSERT INTO inverter (device, serial, name)
     SELECT 'local', '', '' WHERE EXISTS (SELECT 1 FROM daily WHERE inv = 0);
   UPDATE daily SET inv = (SELECT id FROM inverter WHERE device = 'local' AND serial = '')
     WHERE inv = 0;`,
  // Alerts (issue 28): one row per alert, open while cleared is null (one open row per key), and
  // the delivery journal: which channel got (or still owes) which opening and clearing, so a
  // restart neither loses nor repeats one. Times in ms.
  `CREATE TABLE alert (
     id INTEGER PRIMARY KEY,
     key TEXT NOT NULL,
     kind TEXT NOT NULL,
     device TEXT NOT NULL,
     serial TEXT,
     string INTEGER,
     code INTEGER,
     command TEXT,
     first_seen INTEGER NOT NULL,
     opened INTEGER NOT NULL,
     cleared INTEGER
   );
   CREATE UNIQUE INDEX alert_open ON alert (key) WHERE cleared IS NULL;
   CREATE INDEX alert_by_cleared ON alert (cleared);
   CREATE TABLE alert_delivery (
     alert INTEGER NOT NULL,
     channel TEXT NOT NULL,
     event TEXT NOT NULL,
     state TEXT NOT NULL,
     at INTEGER NOT NULL,
     PRIMARY KEY (alert, channel, event)
   ) WITHOUT ROWID;`,
  // The house's grid flow (issue 35): one meter per gateway. Per 5-minute bucket the readings'
  // average import and export power (0.1 W; a bucket can hold both) and the energy the meter's
  // registers counted in it (Wh); per local day the energy; and the registers' last values, so
  // a restart credits the energy in between. Consumption is derived, never stored.
  `CREATE TABLE grid_bucket (
     t INTEGER PRIMARY KEY,
     n INTEGER NOT NULL,
     imp INTEGER NOT NULL,
     exp INTEGER NOT NULL,
     import_wh REAL NOT NULL,
     export_wh REAL NOT NULL
   );
   CREATE TABLE grid_daily (
     day INTEGER PRIMARY KEY,
     import_wh REAL NOT NULL,
     export_wh REAL NOT NULL
   );
   CREATE TABLE grid_counter (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     wall_ms INTEGER NOT NULL,
     import_wh REAL NOT NULL,
     export_wh REAL NOT NULL
   );`,
];

/** A device's fleet row in the inverter table: its serial (no inverter has an empty one). */
export const FLEET_SERIAL = '';

export function parseStrings(value: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export function toBucket(r: Row): BucketRow {
  const dc = r[5];
  return {
    t: Number(r[0]),
    n: Number(r[1]),
    avg: Number(r[2]),
    max: Number(r[3]),
    wh: Number(r[4]),
    dc: Buffer.isBuffer(dc) ? dc : dc instanceof Uint8Array ? Buffer.from(dc) : Buffer.alloc(0),
  };
}

export function toDay(r: Row): DayTotals {
  return {
    day: Number(r[0]),
    wh: Number(r[1]),
    peak: Number(r[2]),
    peakAt: r[3] === null || r[3] === undefined ? null : Number(r[3]),
  };
}

/** Move a damaged database (and its WAL files) aside; returns the new name. */
export function moveAside(file: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const aside = `${file}.corrupt-${stamp}`;
  if (existsSync(file)) renameSync(file, aside);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  return path.basename(aside);
}
