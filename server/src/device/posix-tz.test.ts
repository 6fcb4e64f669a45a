import { describe, expect, it } from 'vitest';
import { localParts, localToEpoch, parsePosixTz, utcOffsetMinutes } from './posix-tz.js';

/** IANA name → the POSIX footer of its TZif file (tzdata 2025). */
const ZONES: Record<string, string> = {
  'Europe/Berlin': 'CET-1CEST,M3.5.0,M10.5.0/3',
  'America/New_York': 'EST5EDT,M3.2.0,M11.1.0',
  'Australia/Sydney': 'AEST-10AEDT,M10.1.0,M4.1.0/3',
  'Asia/Kolkata': 'IST-5:30',
  'America/Sao_Paulo': '<-03>3',
  'Asia/Tokyo': 'JST-9',
  'Europe/Dublin': 'IST-1GMT0,M10.5.0,M3.5.0/1',
  'America/Nuuk': '<-02>2<-01>,M3.5.0/-1,M10.5.0/0',
  'America/Santiago': '<-04>4<-03>,M9.1.6/24,M4.1.6/24',
  'Asia/Jerusalem': 'IST-2IDT,M3.4.4/26,M10.5.0',
  'Pacific/Chatham': '<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45',
  'America/St_Johns': 'NST3:30NDT,M3.2.0,M11.1.0',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The offset Intl (ICU's tz database) gives for an IANA zone, in minutes east. */
function intlOffset(zone: string, epochMs: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(epochMs).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p['year']!, p['month']! - 1, p['day'], p['hour'], p['minute'], p['second']);
  return Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

describe('parsePosixTz', () => {
  it('parses names, quoted names, offsets and rules', () => {
    expect(parsePosixTz('CET-1CEST,M3.5.0,M10.5.0/3')).toEqual({
      stdName: 'CET',
      stdOffset: 3600,
      dst: {
        name: 'CEST',
        offset: 7200,
        start: { kind: 'M', month: 3, week: 5, weekday: 0, time: 7200 },
        end: { kind: 'M', month: 10, week: 5, weekday: 0, time: 10800 },
      },
    });
    expect(parsePosixTz('<+0330>-3:30')).toEqual({ stdName: '+0330', stdOffset: 12600 });
    expect(parsePosixTz('<-02>2<-01>,M3.5.0/-1,M10.5.0/0')?.dst?.start.time).toBe(-3600);
    expect(parsePosixTz('IST-2IDT,M3.4.4/26,M10.5.0')?.dst?.start.time).toBe(26 * 3600);
    expect(parsePosixTz('XXX3YYY,J60/1:30,300')?.dst).toEqual({
      name: 'YYY',
      offset: -7200,
      start: { kind: 'J', day: 60, time: 5400 },
      end: { kind: 'N', day: 300, time: 7200 },
    });
  });

  it('rejects what is not POSIX', () => {
    for (const bad of [
      '',
      'Europe/Berlin',
      'CET',
      'CE-1',
      'CET-1CEST,M13.1.0,M10.5.0',
      'CET-1CEST,M3.5.0',
      'CET-1 x',
      'CET-25',
    ]) {
      expect(parsePosixTz(bad), bad).toBeNull();
    }
  });

  it('uses the default US rules when a DST name has none', () => {
    const noRules = 'EST5EDT';
    for (const t of [Date.UTC(2025, 0, 15), Date.UTC(2025, 6, 1), Date.UTC(2025, 2, 9, 7)]) {
      expect(utcOffsetMinutes(noRules, t)).toBe(intlOffset('America/New_York', t));
    }
  });
});

describe('utcOffsetMinutes agrees with Intl', () => {
  for (const [zone, tz] of Object.entries(ZONES)) {
    it(`${zone} every 3 hours of 2024–2026 and around each change`, () => {
      const mismatches: string[] = [];
      const check = (t: number) => {
        const ours = utcOffsetMinutes(tz, t);
        const theirs = intlOffset(zone, t);
        if (ours !== theirs) mismatches.push(`${new Date(t).toISOString()}: ${ours} != ${theirs}`);
      };
      let previous = intlOffset(zone, Date.UTC(2024, 0, 1));
      for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 3 * 3_600_000) {
        const now = intlOffset(zone, t);
        // Around an offset change, check every 5 minutes of the 6 hours either side.
        if (now !== previous)
          for (let s = t - 6 * 3_600_000; s <= t + 3_600_000; s += 300_000) check(s);
        previous = now;
        check(t);
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    });
  }

  it('answers 0 for an unparsable zone', () => {
    expect(utcOffsetMinutes('Europe/Berlin', Date.UTC(2025, 6, 1))).toBe(0);
  });
});

describe('localParts', () => {
  it('gives the wall clock, weekday and offset', () => {
    // 2024-11-18 13:03:22 UTC is a Monday, 14:03:22 in Berlin.
    expect(localParts(Date.UTC(2024, 10, 18, 13, 3, 22), ZONES['Europe/Berlin']!)).toEqual({
      year: 2024,
      month: 11,
      day: 18,
      hour: 14,
      minute: 3,
      second: 22,
      weekday: 1,
      offsetMinutes: 60,
    });
    const sydney = localParts(Date.UTC(2025, 0, 1, 13, 0, 0), ZONES['Australia/Sydney']!);
    expect([sydney.year, sydney.month, sydney.day, sydney.hour, sydney.weekday]).toEqual([
      2025, 1, 2, 0, 4,
    ]);
    expect(localParts(Date.UTC(2025, 0, 1, 0, 0, 0), ZONES['Asia/Kolkata']!).minute).toBe(30);
  });
});

describe('localToEpoch', () => {
  it('round-trips every hour of a year in each zone', () => {
    for (const tz of Object.values(ZONES)) {
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 3_600_000 * 7) {
        const parts = localParts(t, tz);
        const back = localToEpoch(parts, tz);
        // A wall time repeated when clocks go back maps to its first occurrence.
        const repeated = back !== t && localParts(back, tz).hour === parts.hour;
        if (!repeated) expect(back, `${tz} ${new Date(t).toISOString()}`).toBe(t);
      }
    }
  });

  const berlin = ZONES['Europe/Berlin']!;
  it('reads a skipped wall time with the offset before the change', () => {
    // 2025-03-30 02:30 does not exist in Berlin; it means 01:30 UTC (03:30 CEST).
    const t = localToEpoch(
      { year: 2025, month: 3, day: 30, hour: 2, minute: 30, second: 0 },
      berlin,
    );
    expect(t).toBe(Date.UTC(2025, 2, 30, 1, 30));
  });

  it('resolves a repeated wall time to the earlier instant', () => {
    // 2025-10-26 02:30 happens twice in Berlin: 00:30 UTC (CEST) and 01:30 UTC (CET).
    const t = localToEpoch(
      { year: 2025, month: 10, day: 26, hour: 2, minute: 30, second: 0 },
      berlin,
    );
    expect(t).toBe(Date.UTC(2025, 9, 26, 0, 30));
  });

  it('treats an unparsable zone as UTC', () => {
    const parts = { year: 2025, month: 6, day: 21, hour: 12, minute: 0, second: 0 };
    expect(localToEpoch(parts, 'nonsense')).toBe(Date.UTC(2025, 5, 21, 12));
  });
});

describe('zero offsets', () => {
  it('answers +0, never -0, for a zone at UTC', () => {
    expect(Object.is(utcOffsetMinutes('<+00>0', Date.UTC(2025, 0, 1)), 0)).toBe(true);
    expect(Object.is(utcOffsetMinutes('IST-1GMT0,M10.5.0,M3.5.0/1', Date.UTC(2025, 0, 1)), 0)).toBe(
      true,
    );
  });
});
