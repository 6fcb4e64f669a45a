import { describe, expect, it } from 'vitest';
import { dayNumber } from '@heliodtu/contract/domain/history-dates';
import { LocalCalendar } from './local-day.js';

const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const HOUR = 3_600_000;
const day = (text: string) => {
  const [year, month, dom] = text.split('-').map(Number);
  return dayNumber({ year: year ?? 0, month: month ?? 0, day: dom ?? 0 });
};

describe('local days in a POSIX time zone', () => {
  const berlin = new LocalCalendar(BERLIN);

  it('starts a summer day at 22:00 UTC the evening before', () => {
    const d = day('2025-06-21');
    expect(berlin.startOf(d)).toBe(Date.parse('2025-06-20T22:00:00Z'));
    expect(berlin.dayOf(Date.parse('2025-06-20T21:59:59.999Z'))).toBe(d - 1);
    expect(berlin.dayOf(Date.parse('2025-06-20T22:00:00Z'))).toBe(d);
    expect(berlin.dateOf(d)).toBe('2025-06-21');
  });

  it('has 23 hours on the spring DST day and 25 on the autumn one', () => {
    const spring = day('2025-03-30');
    const autumn = day('2025-10-26');
    expect(berlin.startOf(spring + 1) - berlin.startOf(spring)).toBe(23 * HOUR);
    expect(berlin.startOf(autumn + 1) - berlin.startOf(autumn)).toBe(25 * HOUR);
    expect(berlin.startOf(spring + 2) - berlin.startOf(spring + 1)).toBe(24 * HOUR);
  });

  it('tells the offsets in force, with the change on a DST day', () => {
    expect(berlin.offsetsOf(day('2025-06-21'))).toEqual([
      [Date.parse('2025-06-20T22:00:00Z') / 1000, 7200],
    ]);
    expect(berlin.offsetsOf(day('2025-03-30'))).toEqual([
      [Date.parse('2025-03-29T23:00:00Z') / 1000, 3600],
      [Date.parse('2025-03-30T01:00:00Z') / 1000, 7200],
    ]);
    expect(berlin.offsetsOf(day('2025-10-26'))).toEqual([
      [Date.parse('2025-10-25T22:00:00Z') / 1000, 7200],
      [Date.parse('2025-10-26T01:00:00Z') / 1000, 3600],
    ]);
  });

  it('puts both 02:30 of the autumn day in the same local day', () => {
    const autumn = day('2025-10-26');
    expect(berlin.dayOf(Date.parse('2025-10-26T00:30:00Z'))).toBe(autumn);
    expect(berlin.dayOf(Date.parse('2025-10-26T01:30:00Z'))).toBe(autumn);
    expect(berlin.clockOf(Date.parse('2025-10-26T00:30:00Z'))).toBe('02:30');
    expect(berlin.clockOf(Date.parse('2025-10-26T01:30:00Z'))).toBe('02:30');
    expect(berlin.dayOf(Date.parse('2025-10-26T22:59:59Z'))).toBe(autumn);
    expect(berlin.dayOf(Date.parse('2025-10-26T23:00:00Z'))).toBe(autumn + 1);
  });

  it('follows a zone west of UTC', () => {
    const newYork = new LocalCalendar('EST5EDT,M3.2.0,M11.1.0');
    const d = day('2025-01-15');
    expect(newYork.startOf(d)).toBe(Date.parse('2025-01-15T05:00:00Z'));
    expect(newYork.dateTimeOf(Date.parse('2025-01-15T04:59:00Z'))).toBe('2025-01-14 23:59');
  });
});
