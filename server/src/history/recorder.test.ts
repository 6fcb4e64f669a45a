import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayNumber } from '@heliodtu/contract/domain/history-dates';
import { HistoryService } from './history-service.js';
import { LocalCalendar } from './local-day.js';
import { HistoryRecorder } from './recorder.js';
import { HistoryStore } from './store.js';

const DEVICE = 'local';
const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const calendar = new LocalCalendar(BERLIN);
const D21 = dayNumber({ year: 2025, month: 6, day: 21 });
/** 23:50 local on 2025-06-21. */
const LATE = Date.parse('2025-06-21T21:50:00Z');

let dir: string;
let store: HistoryStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'heliodtu-history-'));
  store = HistoryStore.open(dir, () => undefined);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Polls every 20 s from `from` for `minutes`, at `watts`, the counter growing accordingly. */
function poll(
  recorder: HistoryRecorder,
  serial: string,
  from: number,
  minutes: number,
  watts: number,
  counter: { wh: number },
) {
  for (let t = from; t < from + minutes * 60_000; t += 20_000) {
    counter.wh += (watts * 20) / 3600;
    recorder.record(serial, `Inv ${serial}`, ['a', 'b'], {
      wallMs: t,
      acW: watts,
      dcW: [watts / 2, watts / 2],
      totalWh: Math.floor(counter.wh),
    });
  }
}

describe('recorder', () => {
  it('splits energy at local midnight: the new day starts at 0 whatever the inverter counts', () => {
    const recorder = new HistoryRecorder(store, DEVICE, () => calendar);
    const counter = { wh: 500_000 };
    poll(recorder, '1141', LATE, 20, 600, counter);
    recorder.flush();
    const inv = store.inverters(DEVICE)[0]!.id;
    const before = store.day(inv, D21)!;
    const after = store.day(inv, D21 + 1)!;
    // 600 W for 10 min on each side of midnight: about 100 Wh each.
    expect(before.wh).toBeGreaterThanOrEqual(95);
    expect(after.wh).toBeGreaterThanOrEqual(98);
    // Everything after the first reading (500 003 Wh, the baseline) is credited once.
    expect(before.wh + after.wh).toBe(Math.floor(counter.wh) - 500_003);
    expect(calendar.clockOf(after.peakAt! * 1000)).toBe('00:00');
  });

  it('keeps the buckets per inverter and the fleet peak as the sum of both inverters', () => {
    const recorder = new HistoryRecorder(store, DEVICE, () => calendar);
    const noon = Date.parse('2025-06-21T10:00:00Z');
    poll(recorder, '1141', noon, 10, 400, { wh: 1000 });
    poll(recorder, '1161', noon + 5_000, 10, 300, { wh: 2000 });
    recorder.flush();
    const [a, b] = store.inverters(DEVICE);
    const rows = store.buckets(a!.id, noon / 1000, noon / 1000 + 3600);
    expect(rows.map((r) => [r.t, r.avg, r.max])).toEqual([
      [noon / 1000, 4000, 4000],
      [noon / 1000 + 300, 4000, 4000],
    ]);
    expect(store.buckets(b!.id, 0, 2e9)).toHaveLength(2);
    expect(store.day(store.fleetOf(DEVICE)!, D21)?.peak).toBe(7000);
  });

  it('continues a bucket and a day after a restart instead of starting them over', () => {
    const noon = Date.parse('2025-06-21T10:00:00Z');
    const counter = { wh: 1000 };
    const first = new HistoryRecorder(store, DEVICE, () => calendar);
    poll(first, '1141', noon, 2, 600, counter);
    first.flush();
    const second = new HistoryRecorder(store, DEVICE, () => calendar);
    poll(second, '1141', noon + 120_000, 2, 300, counter);
    second.flush();
    const inv = store.inverters(DEVICE)[0]!.id;
    const [row] = store.buckets(inv, 0, 2e9);
    expect(row).toMatchObject({ n: 12, avg: 4500, max: 6000 });
    expect(store.day(inv, D21)?.wh).toBe(Math.floor(counter.wh) - 1003);
  });
});

describe('retention', () => {
  it('drops buckets past the retention and keeps the daily rows', () => {
    const recorder = new HistoryRecorder(store, DEVICE, () => calendar);
    const old = Date.parse('2023-06-21T10:00:00Z');
    const recent = Date.parse('2025-06-20T10:00:00Z');
    poll(recorder, '1141', old, 5, 500, { wh: 10 });
    poll(recorder, '1141', recent, 5, 500, { wh: 100 });
    recorder.flush();
    store.close();
    const service = new HistoryService({
      dir,
      retentionDays: 365,
      log: () => undefined,
      device: DEVICE,
      tz: () => BERLIN,
      now: () => Date.parse('2025-06-21T12:00:00Z'),
    });
    service.prune();
    const inv = service.db.inverters(DEVICE)[0]!.id;
    expect(service.db.buckets(inv, 0, 2e9).map((r) => r.t)).toEqual([recent / 1000]);
    expect(service.db.days(0, 1e6).filter((r) => r.inv === inv)).toHaveLength(2);
    service.close();
    store = HistoryStore.open(dir, () => undefined);
  });
});
