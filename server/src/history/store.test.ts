import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayNumber } from '@heliodtu/contract/domain/history-dates';
import { SIMULATED_DEVICE_ID } from '../device/device-id.js';
import { LocalCalendar } from './local-day.js';
import { dayView, periodView, type QueryContext } from './queries.js';
import { HistoryRecorder } from './recorder.js';
import { MIGRATIONS } from './store-schema.js';
import { HISTORY_FILE, HistoryStore } from './store.js';

const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const D21 = dayNumber({ year: 2025, month: 6, day: 21 });
const NOON_S = Date.parse('2025-06-21T10:00:00Z') / 1000;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'heliodtu-history-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A database as the first schema wrote it: two inverters, their buckets, days and counters. */
function writeFirstSchemaFile(): void {
  const db = new Database(path.join(dir, HISTORY_FILE));
  db.exec(MIGRATIONS[0]!);
  db.exec('PRAGMA user_version = 1');
  db.exec(`INSERT INTO inverter (id, serial, name, strings) VALUES
             (1, '114182350001', 'Roof', '["east","west"]'),
             (2, '114182350002', 'Shed', '[]')`);
  const bucket = db.prepare(
    'INSERT INTO bucket (inv, t, n, avg, max, wh, dc) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  bucket.run(1, NOON_S, 15, 4000, 4200, 33, Buffer.from([1, 2, 3]));
  bucket.run(2, NOON_S, 15, 3000, 3100, 25, Buffer.alloc(0));
  const day = db.prepare('INSERT INTO daily (day, inv, wh, peak, peak_at) VALUES (?, ?, ?, ?, ?)');
  day.run(D21, 1, 2400, 4200, NOON_S + 60);
  day.run(D21, 2, 1800, 3100, NOON_S + 120);
  // The fleet's row: its peak is the highest sum, not the sum of the peaks.
  day.run(D21, 0, 4200, 7000, NOON_S + 90);
  db.exec('INSERT INTO counter (inv, wall_ms, total_wh) VALUES (1, 1750500000000, 500000)');
  db.close();
}

const context = (store: HistoryStore, device: string): QueryContext => ({
  store,
  device,
  calendar: new LocalCalendar(BERLIN),
  present: ['114182350001', '114182350002'],
});

describe('history store schema', () => {
  it("upgrades a first-schema file in place: its rows become the simulated fleet's, nothing lost", () => {
    writeFirstSchemaFile();
    const store = HistoryStore.open(dir, () => undefined);
    try {
      const version = new Database(path.join(dir, HISTORY_FILE));
      expect(version.prepare('PRAGMA user_version').raw(true).get()).toEqual([MIGRATIONS.length]);
      version.close();
      expect(store.inverters(SIMULATED_DEVICE_ID)).toEqual([
        { id: 1, serial: '114182350001', name: 'Roof', strings: ['east', 'west'] },
        { id: 2, serial: '114182350002', name: 'Shed', strings: [] },
      ]);
      expect(store.bucket(1, NOON_S)).toMatchObject({ avg: 4000, max: 4200, wh: 33 });
      expect(store.counter(1)).toEqual({ wallMs: 1750500000000, totalWh: 500000 });
      expect(store.dayRange(SIMULATED_DEVICE_ID)).toEqual({ first: D21, last: D21 });
      // The fleet's day moved to the simulated fleet's own row.
      const fleet = store.fleetOf(SIMULATED_DEVICE_ID);
      expect(fleet).not.toBeNull();
      expect(store.day(fleet!, D21)).toMatchObject({ wh: 4200, peak: 7000 });
      expect(store.days(D21, D21).some((r) => r.inv === 0)).toBe(false);
      const view = dayView(context(store, SIMULATED_DEVICE_ID), D21, { strings: false });
      expect(view.total).toMatchObject({ yield_wh: 4200, peak_w: 700, peak_at: NOON_S + 90 });
      expect(view.inverters.map((i) => [i.serial, i.yield_wh])).toEqual([
        ['114182350001', 2400],
        ['114182350002', 1800],
      ]);
    } finally {
      store.close();
    }
  });

  it('keeps the same serial behind two devices apart, each with its own fleet', () => {
    const store = HistoryStore.open(dir, () => undefined);
    try {
      const calendar = () => new LocalCalendar(BERLIN);
      const wallMs = NOON_S * 1000;
      for (const [device, watts, totalWh] of [
        ['local', 400, 1000],
        ['dtu', 250, 9000],
      ] as const) {
        const recorder = new HistoryRecorder(store, device, calendar);
        for (let step = 0; step < 3; step++) {
          recorder.record('114182350001', `Roof ${device}`, ['a'], {
            wallMs: wallMs + step * 60_000,
            acW: watts,
            dcW: [watts],
            totalWh: totalWh + step * 5,
          });
        }
        recorder.flush();
      }
      const [local] = store.inverters('local');
      const [dtu] = store.inverters('dtu');
      expect(local?.name).toBe('Roof local');
      expect(dtu?.name).toBe('Roof dtu');
      expect(local?.id).not.toBe(dtu?.id);
      expect(store.day(local!.id, D21)?.wh).toBe(10);
      expect(store.day(dtu!.id, D21)?.wh).toBe(10);
      expect(store.day(store.fleetOf('local')!, D21)?.peak).toBe(4000);
      expect(store.day(store.fleetOf('dtu')!, D21)?.peak).toBe(2500);
      // Each device's answers hold only its own inverter and its own fleet's peak.
      for (const [device, peak] of [
        ['local', 400],
        ['dtu', 250],
      ] as const) {
        const ctx = context(store, device);
        const view = dayView(ctx, D21, { strings: false });
        expect(view.inverters.map((i) => i.name)).toEqual([`Roof ${device}`]);
        expect(view.total.peak_w).toBe(peak);
        const month = periodView(ctx, 'month', '2025-06', D21 - 20, D21 + 9, (d) => d);
        expect(month.total).toMatchObject({ yield_wh: 10, peak_w: peak });
      }
      store.clearCounters('dtu');
      expect(store.counter(dtu!.id)).toBeNull();
      expect(store.counter(local!.id)).not.toBeNull();
    } finally {
      store.close();
    }
  });
});
