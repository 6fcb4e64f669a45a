import { describe, expect, it } from 'vitest';
import {
  HistoryDaySchema,
  HistoryPeriodSchema,
  HistoryRangeSchema,
  type HistoryDay,
  type HistoryPeriod,
  type HistoryRange,
} from '@heliodtu/contract/history';
import { mergeDays, mergePeriods, mergeRanges } from './all-devices.js';

/** Two devices holding the same serial: the answers keep them apart by `dtu`. */
const SERIAL = '114182352592';
const NO_PEAK = { peak_w: 0, peak_at: null, peak_local: null };

const range = (first: string | null, last: string | null, name: string): HistoryRange => ({
  version: 1,
  tz: 'CET-1CEST,M3.5.0,M10.5.0/3',
  today: '2025-06-21',
  first_day: first,
  last_day: last,
  bucket_minutes: 5,
  retention_days: 730,
  recording: true,
  inverters: [{ serial: SERIAL, name, present: true, strings: [] }],
});

const day = (points: [number, number, number][], yieldWh: number, name: string): HistoryDay => ({
  date: '2025-06-21',
  tz: 'CET-1CEST,M3.5.0,M10.5.0/3',
  bucket_minutes: 5,
  start: 1_750_456_800,
  end: 1_750_543_200,
  utc_offsets: [[1_750_456_800, 7200]],
  total: { yield_wh: yieldWh, ...NO_PEAK, points },
  inverters: [{ serial: SERIAL, name, present: true, yield_wh: yieldWh, ...NO_PEAK, points }],
});

const period = (entries: [key: string, wh: number, peak: number][]): HistoryPeriod => {
  const peakOf = (w: number) => ({
    peak_w: w,
    peak_at: 1_750_500_000,
    peak_local: '12:00',
    peak_date: '2025-06-21',
  });
  const total = entries.reduce((sum, [, wh]) => sum + wh, 0);
  return {
    period: 'month',
    key: '2025-06',
    tz: 'UTC0',
    entries: entries.map(([key, wh, peak]) => ({
      key,
      yield_wh: wh,
      days: 1,
      ...peakOf(peak),
      inverters: [{ serial: SERIAL, yield_wh: wh, ...peakOf(peak) }],
    })),
    total: { yield_wh: total, ...peakOf(Math.max(...entries.map((e) => e[2]))) },
    inverters: [
      { serial: SERIAL, name: 'x', present: true, yield_wh: total, ...peakOf(entries[0]![2]) },
    ],
  };
};

describe('history of all devices together (issue 27)', () => {
  it('range: the widest span, every inverter with its device', () => {
    const merged = HistoryRangeSchema.parse(
      mergeRanges([
        { device: 'roof', answer: range('2025-05-02', '2025-06-20', 'Roof one') },
        { device: 'garage', answer: range('2025-04-30', '2025-06-21', 'Garage one') },
        { device: 'barn', answer: range(null, null, 'Barn one') },
      ]),
    );
    expect([merged.first_day, merged.last_day]).toEqual(['2025-04-30', '2025-06-21']);
    expect(merged.inverters.map((i) => [i.dtu, i.serial, i.name])).toEqual([
      ['roof', SERIAL, 'Roof one'],
      ['garage', SERIAL, 'Garage one'],
      ['barn', SERIAL, 'Barn one'],
    ]);
  });

  it('day: yields and curves summed per bucket, each device its own series', () => {
    const t = 1_750_500_000;
    const roof = day(
      [
        [t, 100, 120],
        [t + 300, 200, 210],
      ],
      1500,
      'Roof one',
    );
    const garage = day(
      [
        [t + 300, 50.5, 60],
        [t + 600, 400, 420],
      ],
      2500.5,
      'Garage one',
    );
    const merged = HistoryDaySchema.parse(
      mergeDays(
        [
          { device: 'roof', answer: roof },
          { device: 'garage', answer: garage },
        ],
        (ms) => new Date(ms).toISOString().slice(11, 16),
      ),
    );
    expect(merged.total.yield_wh).toBe(4000.5);
    expect(merged.total.points).toEqual([
      [t, 100, 120],
      [t + 300, 250.5, 270],
      [t + 600, 400, 420],
    ]);
    expect(merged.total).toMatchObject({ peak_w: 400, peak_at: t + 600, peak_local: '10:10' });
    expect(merged.inverters.map((i) => [i.dtu, i.serial, i.yield_wh])).toEqual([
      ['roof', SERIAL, 1500],
      ['garage', SERIAL, 2500.5],
    ]);
  });

  it('month: bars by key with yields summed, the highest device peak, inverters apart', () => {
    const merged = HistoryPeriodSchema.parse(
      mergePeriods([
        {
          device: 'roof',
          answer: period([
            ['2025-06-01', 1000, 300],
            ['2025-06-03', 2000, 500],
          ]),
        },
        {
          device: 'garage',
          answer: period([
            ['2025-06-02', 700, 900],
            ['2025-06-03', 300, 200],
          ]),
        },
      ]),
    );
    expect(merged.entries.map((e) => [e.key, e.yield_wh, e.peak_w])).toEqual([
      ['2025-06-01', 1000, 300],
      ['2025-06-02', 700, 900],
      ['2025-06-03', 2300, 500],
    ]);
    expect(merged.entries[2]!.inverters.map((i) => [i.dtu, i.yield_wh])).toEqual([
      ['roof', 2000],
      ['garage', 300],
    ]);
    expect(merged.total).toMatchObject({ yield_wh: 4000, peak_w: 900 });
    expect(merged.inverters.map((i) => [i.dtu, i.serial])).toEqual([
      ['roof', SERIAL],
      ['garage', SERIAL],
    ]);
  });
});
