import { describe, expect, it } from 'vitest';
import { DigestSchedule, digestDue, localDay } from './digest-schedule.js';

const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const AUCKLAND = 'NZST-12NZDT,M9.5.0,M4.1.0/3';
const NEW_YORK = 'EST5EDT,M3.2.0,M11.1.0';
const at = (iso: string) => Date.parse(iso);

describe('digest schedule', () => {
  it('is due from 08:00 local time, not before', () => {
    // Winter in Berlin: 08:00 CET is 07:00 UTC.
    expect(digestDue(at('2025-01-15T06:59:59Z'), BERLIN, null)).toBe(false);
    expect(digestDue(at('2025-01-15T07:00:00Z'), BERLIN, null)).toBe(true);
    expect(digestDue(at('2025-01-15T22:59:59Z'), BERLIN, null)).toBe(true);
    // 00:30 the next local day: a new day, but before 08:00.
    expect(digestDue(at('2025-01-15T23:30:00Z'), BERLIN, '2025-01-15')).toBe(false);
  });

  it('goes out once per local day, again the next day at 08:00', () => {
    const clock = { now: at('2025-01-15T07:10:00Z') };
    const schedule = new DigestSchedule(
      () => clock.now,
      () => BERLIN,
    );
    expect(schedule.due()).toBe(true);
    schedule.sent();
    expect(schedule.due()).toBe(false);
    clock.now = at('2025-01-15T22:59:00Z'); // 23:59 local
    expect(schedule.due()).toBe(false);
    clock.now = at('2025-01-16T06:59:00Z'); // 07:59 local, the next day
    expect(schedule.due()).toBe(false);
    clock.now = at('2025-01-16T07:00:00Z');
    expect(schedule.due()).toBe(true);
  });

  it('follows the clock change: 08:00 is 06:00 UTC on the day summer time starts', () => {
    // Berlin, 30 March 2025: clocks go from 02:00 to 03:00; the day before was still CET.
    expect(digestDue(at('2025-03-29T06:30:00Z'), BERLIN, null)).toBe(false);
    expect(digestDue(at('2025-03-30T05:59:00Z'), BERLIN, null)).toBe(false);
    expect(digestDue(at('2025-03-30T06:00:00Z'), BERLIN, null)).toBe(true);
    // 26 October 2025, back to CET: 08:00 is 07:00 UTC again.
    expect(digestDue(at('2025-10-26T06:30:00Z'), BERLIN, null)).toBe(false);
    expect(digestDue(at('2025-10-26T07:00:00Z'), BERLIN, null)).toBe(true);
  });

  it('sends once on the day the clocks go back, though an hour repeats', () => {
    // New York, 2 November 2025: 01:00–02:00 is lived twice; the day is 25 hours long.
    const clock = { now: at('2025-11-02T13:00:00Z') }; // 08:00 EST
    const schedule = new DigestSchedule(
      () => clock.now,
      () => NEW_YORK,
    );
    expect(schedule.due()).toBe(true);
    schedule.sent();
    clock.now = at('2025-11-03T04:59:00Z'); // 23:59 EST, the same local day
    expect(schedule.due()).toBe(false);
    clock.now = at('2025-11-03T13:00:00Z'); // 08:00 the next day
    expect(schedule.due()).toBe(true);
  });

  it('counts days by the local calendar, not UTC, far from Greenwich', () => {
    // Auckland in January (NZDT, UTC+13): 08:00 on the 16th is 19:00 UTC on the 15th.
    expect(localDay(at('2025-01-15T19:00:00Z'), AUCKLAND)).toBe('2025-01-16');
    expect(digestDue(at('2025-01-15T18:59:00Z'), AUCKLAND, '2025-01-15')).toBe(false);
    expect(digestDue(at('2025-01-15T19:00:00Z'), AUCKLAND, '2025-01-15')).toBe(true);
    expect(digestDue(at('2025-01-15T19:00:00Z'), AUCKLAND, '2025-01-16')).toBe(false);
  });

  it('takes a time zone changed meanwhile: the new zone decides the day and the hour', () => {
    const clock = { now: at('2025-01-15T07:30:00Z') };
    let tz = BERLIN;
    const schedule = new DigestSchedule(
      () => clock.now,
      () => tz,
    );
    schedule.sent(); // 08:30 in Berlin on the 15th
    tz = AUCKLAND; // 20:30 on the 15th there: the same day's digest went out already
    expect(schedule.due()).toBe(false);
    clock.now = at('2025-01-15T19:00:00Z'); // 08:00 on the 16th in Auckland
    expect(schedule.due()).toBe(true);
  });
});
