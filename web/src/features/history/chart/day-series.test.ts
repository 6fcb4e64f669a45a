import { describe, expect, it } from 'vitest';
import type { HistoryDay } from '@heliodtu/contract/history';
import { daySeries, hourTicks, localTimeOf } from './day-series';

// 2025-10-26 in Berlin: 25 hours, CEST (+2 h) until 01:00 UTC, then CET (+1 h).
const start = Date.UTC(2025, 9, 25, 22) / 1000;
const dstEnd: HistoryDay = {
  date: '2025-10-26',
  tz: 'CET-1CEST,M3.5.0,M10.5.0/3',
  bucket_minutes: 5,
  start,
  end: start + 25 * 3600,
  utc_offsets: [
    [start, 7200],
    [start + 3 * 3600, 3600],
  ],
  total: {
    yield_wh: 0,
    peak_w: 0,
    peak_at: null,
    peak_local: null,
    points: [[start + 14 * 3600, 100, 120]],
  },
  inverters: [
    {
      serial: 'a',
      name: 'A',
      present: true,
      yield_wh: 0,
      peak_w: 0,
      peak_at: null,
      peak_local: null,
      points: [[start + 14 * 3600, 60, 70]],
    },
    {
      serial: 'b',
      name: '',
      present: false,
      yield_wh: 0,
      peak_w: 0,
      peak_at: null,
      peak_local: null,
      points: [],
    },
  ],
};

describe('day series', () => {
  it("formats instants in the gateway's offsets, the 02:00 hour twice on the long day", () => {
    expect(localTimeOf(dstEnd.utc_offsets, start)).toBe('00:00');
    expect(localTimeOf(dstEnd.utc_offsets, start + 2.5 * 3600)).toBe('02:30');
    expect(localTimeOf(dstEnd.utc_offsets, start + 3.5 * 3600)).toBe('02:30');
    expect(localTimeOf(dstEnd.utc_offsets, start + 14 * 3600)).toBe('13:00');
  });

  it('puts every curve on one 5-minute grid of the 25-hour day, gaps as null', () => {
    const chart = daySeries(dstEnd, 'Fleet', (n) => `String ${n}`);
    expect(chart.times).toHaveLength(300);
    expect(chart.series.map((s) => s.label)).toEqual(['Fleet', 'A', 'b']);
    const at = chart.times.indexOf(start + 14 * 3600);
    expect(chart.series.map((s) => s.values[at])).toEqual([100, 60, null]);
    expect(chart.series[0]?.values.filter((v) => v !== null)).toHaveLength(1);
  });

  it('leaves the fleet out when one inverter was asked for, and names unnamed strings', () => {
    const one: HistoryDay = {
      ...dstEnd,
      inverters: [
        {
          ...dstEnd.inverters[0]!,
          strings: [
            { index: 0, name: 'East', points: [] },
            { index: 1, name: '', points: [] },
          ],
        },
      ],
    };
    expect(daySeries(one, 'Fleet', (n) => `String ${n}`).series.map((s) => s.label)).toEqual([
      'A',
      'East',
      'String 2',
    ]);
  });

  it('ticks at local whole hours: 00, 03, … with 02:00 once after the change', () => {
    const ticks = hourTicks(dstEnd, 3).map((t) => localTimeOf(dstEnd.utc_offsets, t));
    expect(ticks).toEqual([
      '00:00',
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
      '00:00',
    ]);
  });
});
