import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayNumber } from '@heliodtu/contract/domain/history-dates';
import { liveDataMessageFixture } from '@heliodtu/contract/fixtures/live-data';
import { RelayLiveStore } from '../device/relay/relay-live-store.js';
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

describe('a device away', () => {
  /** One live frame of the device's inverter: `watts` now, `totalWh` on its lifetime counter. */
  const frame = (watts: number, totalWh: number, dataAge = 0) =>
    structuredClone({
      ...liveDataMessageFixture,
      inverters: [
        {
          ...liveDataMessageFixture.inverters[0]!,
          serial: '114182352592',
          data_age: dataAge,
          AC: { '0': { Power: { v: watts, u: 'W', d: 1 } } },
          DC: {
            '0': {
              name: { u: 'east' },
              Power: { v: watts, u: 'W', d: 1 },
              YieldTotal: { v: totalWh / 1000, u: 'kWh', d: 3 },
            },
          },
        },
      ],
    }) as unknown as Record<string, unknown>;

  it('records nothing while it is away and credits the energy in between from its counter', async () => {
    store.close();
    let now = Date.parse('2025-06-21T10:00:00Z');
    const live = new RelayLiveStore('dtu', () => now);
    const service = new HistoryService({
      dir,
      retentionDays: 730,
      log: () => undefined,
      device: 'dtu',
      tz: () => BERLIN,
      now: () => now,
      flushMs: 3_600_000,
    });
    await service.start(live, null);
    let total = 500_000;
    // Ten minutes at 600 W, a frame every 20 s.
    for (let i = 0; i < 30; i++) {
      now += 20_000;
      total += 600 * (20 / 3600);
      live.accept(frame(600, Math.floor(total)));
    }
    service.flush();
    const inv = service.db.inverters('dtu')[0]!.id;
    const before = { day: service.db.day(inv, D21)!, counter: service.db.counter(inv)! };
    const lastBucket = service.db.buckets(inv, 0, 2e9).at(-1)!.t;
    // Away for 40 minutes: no frames; then back, first repeating its last values (stale).
    now += 40 * 60_000;
    service.flush();
    live.accept(frame(600, before.counter.totalWh, 120));
    service.flush();
    expect(service.db.day(inv, D21)).toEqual(before.day);
    expect(service.db.counter(inv)).toEqual(before.counter);
    // Then a fresh packet: 400 Wh came in while it was away (about 600 W for 40 minutes).
    now += 20_000;
    live.accept(frame(550, before.counter.totalWh + 400));
    service.flush();
    const after = service.db.day(inv, D21)!;
    expect(after.wh).toBe(before.day.wh + 400);
    expect(service.db.counter(inv)).toEqual({ wallMs: now, totalWh: before.counter.totalWh + 400 });
    // No bucket was invented for the time away: the next one is where the device came back.
    const times = service.db.buckets(inv, 0, 2e9).map((r) => r.t);
    expect(times.filter((t) => t > lastBucket)).toEqual([Math.floor(now / 300_000) * 300]);
    service.close();
    store = HistoryStore.open(dir, () => undefined);
  });
});
