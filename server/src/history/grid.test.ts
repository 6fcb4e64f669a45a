import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayNumber } from '@heliodtu/contract/domain/history-dates';
import {
  HISTORY_CSV_COLUMNS,
  HISTORY_CSV_GRID_COLUMNS,
  HistoryDaySchema,
  HistoryPeriodSchema,
} from '@heliodtu/contract/history';
import { csvChunks } from './csv.js';
import { gridStep } from './grid-aggregate.js';
import { withGridDay, withGridPeriod } from './grid-answers.js';
import type { GridReading } from './grid-recorder.js';
import { HistoryService } from './history-service.js';
import { LocalCalendar } from './local-day.js';
import { dayView, periodView, type QueryContext } from './queries.js';
import { HistoryRecorder } from './recorder.js';
import { MIGRATIONS } from './store-schema.js';
import { HISTORY_FILE, HistoryStore } from './store.js';

/** Issue 35: the house's grid flow in the history database, its answers and its CSV. */

const DEVICE = 'local';
const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const D21 = dayNumber({ year: 2025, month: 6, day: 21 });
/** 12:00 local on 2025-06-21 (a bucket start). */
const NOON = Date.parse('2025-06-21T10:00:00Z');
const SERIAL = '114182350001';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'heliodtu-grid-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A GridMeterPort as the history sees it: readings on demand, registers set by the test. */
class FakeMeter extends EventEmitter<{ reading: [GridReading] }> {
  registers = { import_wh: 10_000, export_wh: 2_000 };
  energy() {
    return { ...this.registers };
  }
  /** One reading at `at`, after the registers moved by `powerW` over `seconds`. */
  read(powerW: number, at: number, seconds: number) {
    const wh = (Math.abs(powerW) * seconds) / 3600;
    if (powerW > 0) this.registers.import_wh += wh;
    else this.registers.export_wh += wh;
    this.emit('reading', { power_w: powerW, at });
  }
}

function service(now: () => number) {
  return new HistoryService({
    dir,
    retentionDays: 730,
    log: () => undefined,
    device: DEVICE,
    tz: () => BERLIN,
    now,
    flushMs: 3_600_000,
  });
}

const context = (store: HistoryStore): QueryContext => ({
  store,
  device: DEVICE,
  calendar: new LocalCalendar(BERLIN),
  present: [SERIAL],
});

/** 10 minutes of production at 800 W (two buckets), polled every 20 s, counter whole Wh. */
function produce(store: HistoryStore) {
  const recorder = new HistoryRecorder(store, DEVICE, () => new LocalCalendar(BERLIN));
  let wh = 100_000;
  for (let t = NOON; t < NOON + 600_000; t += 20_000) {
    wh += (800 * 20) / 3600;
    recorder.record(SERIAL, 'Roof', ['a'], {
      wallMs: t,
      acW: 800,
      dcW: [820],
      totalWh: Math.floor(wh),
    });
  }
  recorder.flush();
}

describe('grid flow in the history database', () => {
  it('upgrades a database of the previous schema: old rows stay, the grid tables start empty', () => {
    const file = path.join(dir, HISTORY_FILE);
    const db = new Database(file);
    const previous = MIGRATIONS.length - 1;
    for (const sql of MIGRATIONS.slice(0, previous)) db.exec(sql);
    db.exec(`PRAGMA user_version = ${previous}`);
    db.exec(
      `INSERT INTO inverter (id, device, serial, name) VALUES (1, 'local', '${SERIAL}', 'Roof')`,
    );
    db.exec(`INSERT INTO bucket VALUES (1, ${NOON / 1000}, 15, 4000, 4200, 33, x'')`);
    db.exec(`INSERT INTO daily VALUES (${D21}, 1, 2400, 4200, ${NOON / 1000})`);
    db.exec(
      `INSERT INTO alert (key, kind, device, first_seen, opened) VALUES ('k', 'inverter-silent', 'local', 1, 2)`,
    );
    db.close();
    const store = HistoryStore.open(dir, () => undefined);
    try {
      expect(store.bucket(1, NOON / 1000)).toMatchObject({ avg: 4000, wh: 33 });
      expect(store.day(1, D21)).toMatchObject({ wh: 2400 });
      expect(store.grid.days(0, D21 + 1000)).toEqual([]);
      expect(store.grid.counter()).toBeNull();
      const check = new Database(file);
      expect(check.prepare('PRAGMA user_version').raw(true).get()).toEqual([MIGRATIONS.length]);
      expect(check.prepare('SELECT count(*) FROM alert').raw(true).get()).toEqual([1]);
      check.close();
    } finally {
      store.close();
    }
  });

  it('integrates the registers into buckets and the day; a restart credits the energy in between', () => {
    let now = NOON;
    const meter = new FakeMeter();
    const first = service(() => now);
    first.followGrid(meter);
    // The first reading only sets the baseline; then 500 W import for 5 min, 300 W export for 5 min.
    meter.emit('reading', { power_w: 500, at: NOON });
    for (let s = 10; s < 300; s += 10) meter.read(500, NOON + s * 1000, 10);
    for (let s = 300; s < 600; s += 10) meter.read(-300, NOON + s * 1000, 10);
    now = NOON + 600_000;
    first.close();

    let store = HistoryStore.open(dir, () => undefined);
    const [a, b] = store.grid.buckets(NOON / 1000, NOON / 1000 + 3600);
    store.close();
    expect(a).toMatchObject({ t: NOON / 1000, imp: 5000, exp: 0 });
    expect(a!.importWh).toBeCloseTo((500 * 290) / 3600, 2);
    expect(b).toMatchObject({ t: NOON / 1000 + 300, imp: 0, exp: 3000 });
    // The step into the second bucket counts where it ends: 300 W for 300 s.
    expect(b!.exportWh).toBeCloseTo((300 * 300) / 3600, 2);

    // Down for a while: the meter's registers counted 50 Wh import meanwhile.
    meter.registers.import_wh += 50;
    const second = service(() => now);
    second.followGrid(meter);
    meter.emit('reading', { power_w: 200, at: NOON + 900_000 });
    second.close();
    store = HistoryStore.open(dir, () => undefined);
    try {
      const day = store.grid.day(D21)!;
      expect(day.importWh).toBeCloseTo((500 * 290) / 3600 + 50, 2);
      expect(day.exportWh).toBeCloseTo(25, 2);
      expect(store.grid.bucket(NOON / 1000 + 900)?.importWh).toBeCloseTo(50, 2);
    } finally {
      store.close();
    }
  });

  it('credits nothing for a register that went back or jumped, and takes it as the new baseline', () => {
    const at = (wallMs: number, importWh: number, exportWh = 0) => ({
      wallMs,
      importWh,
      exportWh,
    });
    expect(gridStep(at(0, 100), at(10_000, 90))).toEqual({ importWh: 0, exportWh: 0 });
    expect(gridStep(at(0, 100), at(10_000, 100_000))).toEqual({ importWh: 0, exportWh: 0 });
    expect(gridStep(at(0, 100, 5), at(10_000, 101, 7))).toEqual({ importWh: 1, exportWh: 2 });
  });
});

describe('grid flow in the answers', () => {
  function recordedDay() {
    const meter = new FakeMeter();
    const svc = service(() => NOON + 600_000);
    svc.followGrid(meter);
    meter.emit('reading', { power_w: 200, at: NOON });
    for (let s = 10; s < 300; s += 10) meter.read(200, NOON + s * 1000, 10);
    for (let s = 300; s < 600; s += 10) meter.read(-500, NOON + s * 1000, 10);
    svc.close();
    const store = HistoryStore.open(dir, () => undefined);
    produce(store);
    return store;
  }

  it('adds import, export and consumption per bucket to the day, and the day totals', () => {
    const store = recordedDay();
    try {
      const plain = dayView(context(store), D21, { strings: false });
      expect(plain.grid).toBeUndefined();
      const day = HistoryDaySchema.parse(withGridDay(plain, store.grid, D21));
      const production = plain.total.yield_wh;
      expect(day.grid!.points).toEqual([
        [NOON / 1000, 200, 0, 1000],
        [NOON / 1000 + 300, 0, 500, 300],
      ]);
      expect(day.grid!.import_wh).toBeCloseTo(16.1, 1);
      expect(day.grid!.export_wh).toBeCloseTo(41.7, 1);
      expect(day.grid!.consumption_wh).toBeCloseTo(production + 16.1 - 41.7, 0);
      expect(day.grid!.self_consumed_wh).toBeCloseTo(production - 41.7, 0);
      expect(day.grid!.counted_from).toBeUndefined();
      // Another day without grid data stays as it was.
      const other = dayView(context(store), D21 - 1, { strings: false });
      expect(withGridDay(other, store.grid, D21 - 1)).toEqual(other);
    } finally {
      store.close();
    }
  });

  it('counts only the production since the meter began recording on the day it was set', () => {
    // Production 12:00–12:10; the meter set at 12:05 sees 500 W exported.
    const meter = new FakeMeter();
    const svc = service(() => NOON + 600_000);
    svc.followGrid(meter);
    meter.emit('reading', { power_w: -500, at: NOON + 300_000 });
    for (let s = 310; s < 600; s += 10) meter.read(-500, NOON + s * 1000, 10);
    svc.close();
    const store = HistoryStore.open(dir, () => undefined);
    produce(store);
    try {
      const plain = dayView(context(store), D21, { strings: false });
      const day = HistoryDaySchema.parse(withGridDay(plain, store.grid, D21));
      const half = plain.total.yield_wh / 2;
      expect(day.grid!.counted_from).toBe(NOON / 1000 + 300);
      expect(day.grid!.export_wh).toBeCloseTo(40.3, 1);
      // Not the whole day's yield + 0 − 40.3: the first five minutes were before the meter.
      expect(day.grid!.consumption_wh).toBeCloseTo(half - 40.3, 0);
      expect(day.grid!.self_consumed_wh).toBeCloseTo(half - 40.3, 0);
    } finally {
      store.close();
    }
  });

  it('adds self-consumed, exported and imported energy to month bars and their total', () => {
    const store = recordedDay();
    try {
      const keyOf = (d: string) => d;
      const plain = periodView(context(store), 'month', '2025-06', D21 - 20, D21 + 9, keyOf);
      const calendar = new LocalCalendar(BERLIN);
      const month = HistoryPeriodSchema.parse(
        withGridPeriod(plain, store.grid, calendar, D21 - 20, D21 + 9, keyOf),
      );
      const bar = month.entries.find((e) => e.key === '2025-06-21')!;
      expect(bar.grid).toMatchObject({ import_wh: 16.1, export_wh: 41.7 });
      expect(bar.grid!.self_consumed_wh).toBeCloseTo(bar.yield_wh - 41.7, 1);
      expect(month.total.grid).toEqual(bar.grid);
    } finally {
      store.close();
    }
  });

  it('gives the CSV the grid columns and a house row per day only when the meter recorded', () => {
    const store = recordedDay();
    try {
      const grid = { rows: store.grid, calendar: new LocalCalendar(BERLIN) };
      const text = [...csvChunks([context(store)], D21, D21, 'day', undefined, false, grid)].join(
        '',
      );
      const lines = text.trim().split('\r\n');
      expect(lines[0]).toBe([...HISTORY_CSV_COLUMNS.day, ...HISTORY_CSV_GRID_COLUMNS].join(','));
      expect(lines[1]).toMatch(new RegExp(`^2025-06-21,${SERIAL},Roof,[\\d.]+,800.0,12:00,,,$`));
      const house = lines[2]!.split(',');
      expect(house.slice(0, 3)).toEqual(['2025-06-21', '', 'house']);
      expect(house.slice(6)).toEqual(['16.1', '41.7', (Number(house[3]) + 16.1 - 41.7).toFixed(1)]);
      const buckets = [
        ...csvChunks([context(store)], D21, D21, 'bucket', undefined, false, grid),
      ].join('');
      expect(buckets.split('\r\n').filter((l) => l.includes(',house,'))).toHaveLength(2);
      // A day without grid data: the columns as before.
      const before = [
        ...csvChunks([context(store)], D21 - 3, D21 - 1, 'day', undefined, false, grid),
      ];
      expect(before[0]).toBe(HISTORY_CSV_COLUMNS.day.join(',') + '\r\n');
      // One inverter asked for: no house rows.
      const one = [...csvChunks([context(store)], D21, D21, 'day', SERIAL, false, grid)].join('');
      expect(one).not.toContain('house');
    } finally {
      store.close();
    }
  });
});
