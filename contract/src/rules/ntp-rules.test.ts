import { describe, expect, it } from 'vitest';
import {
  LATITUDE,
  LONGITUDE,
  NTP_DAY,
  NTP_HOUR,
  NTP_MINUTE,
  NTP_MONTH,
  NTP_SECOND,
  NTP_SERVER_MAX,
  NTP_TIMEZONE_DESCR_MAX,
  NTP_TIMEZONE_MAX,
  NTP_YEAR,
} from '../limits.js';
import type { NtpConfigData, NtpTimeData } from '../ntp.js';
import {
  ntpConfigProblem,
  ntpConfigProblems,
  ntpTimeProblem,
  ntpTimeProblems,
} from './ntp-rules.js';

const validConfig: NtpConfigData = {
  ntp_server: 'pool.ntp.org',
  ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
  ntp_timezone_descr: 'Europe/Berlin',
  latitude: 52.5,
  longitude: 13.4,
  sunsettype: 1,
};
const validTime: NtpTimeData = { year: 2024, month: 2, day: 31, hour: 23, minute: 59, second: 0 };
const x = (n: number) => 'x'.repeat(n);

describe('ntpConfigProblems', () => {
  const problems = (change: Partial<NtpConfigData>) =>
    ntpConfigProblems({ ...validConfig, ...change });

  it('finds nothing in a valid config, a missing description or the bounds themselves', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ ntp_timezone_descr: null })).toEqual([]);
    expect(problems({ ntp_server: x(NTP_SERVER_MAX), latitude: LATITUDE.min })).toEqual([]);
    expect(problems({ longitude: LONGITUDE.max, sunsettype: 3 })).toEqual([]);
    expect(ntpConfigProblem(validConfig)).toBeNull();
  });

  it.each([
    [{ ntp_server: '' }, 'ntp_server', 9001, NTP_SERVER_MAX],
    [{ ntp_server: x(NTP_SERVER_MAX + 1) }, 'ntp_server', 9001, NTP_SERVER_MAX],
    // 16 two-byte characters are 32 bytes.
    [{ ntp_server: 'ü'.repeat(16) }, 'ntp_server', 9001, NTP_SERVER_MAX],
    [{ ntp_timezone: '' }, 'ntp_timezone', 9002, NTP_TIMEZONE_MAX],
    [{ ntp_timezone: x(NTP_TIMEZONE_MAX + 1) }, 'ntp_timezone', 9002, NTP_TIMEZONE_MAX],
    [{ ntp_timezone_descr: '' }, 'ntp_timezone_descr', 9003, NTP_TIMEZONE_DESCR_MAX],
  ] as const)('%j → %s %i', (change, field, code, max) => {
    expect(problems(change)).toEqual([{ field, code, param: { max } }]);
    expect(ntpConfigProblem({ ...validConfig, ...change })).toEqual({ code, param: { max } });
  });

  it.each([
    [{ latitude: LATITUDE.max + 1 }, 'latitude', LATITUDE],
    [{ longitude: LONGITUDE.min - 1 }, 'longitude', LONGITUDE],
    [{ sunsettype: 4 }, 'sunsettype', { min: 0, max: 3 }],
  ] as const)('%j → 1005 on %s with its bound', (change, field, range) => {
    expect(problems(change)).toEqual([
      { field, code: 1005, limit: { min: range.min, max: range.max } },
    ]);
    expect(ntpConfigProblem({ ...validConfig, ...change })).toEqual({ code: 1005 });
  });

  it('lists every failing field in the device order', () => {
    const all = problems({
      ntp_server: '',
      ntp_timezone: '',
      ntp_timezone_descr: '',
      latitude: 91,
      longitude: 181,
      sunsettype: 9,
    });
    expect(all.map((p) => [p.field, p.code])).toEqual([
      ['ntp_server', 9001],
      ['ntp_timezone', 9002],
      ['ntp_timezone_descr', 9003],
      ['latitude', 1005],
      ['longitude', 1005],
      ['sunsettype', 1005],
    ]);
  });
});

describe('ntpTimeProblems', () => {
  it('finds nothing in a valid time; 31 February rolls over', () => {
    expect(ntpTimeProblems(validTime)).toEqual([]);
    expect(ntpTimeProblem(validTime)).toBeNull();
  });

  it.each([
    ['year', NTP_YEAR, 9004],
    ['month', NTP_MONTH, 9005],
    ['day', NTP_DAY, 9006],
    ['hour', NTP_HOUR, 9007],
    ['minute', NTP_MINUTE, 9008],
    ['second', NTP_SECOND, 9009],
  ] as const)('%s outside its range → %i with the range', (field, range, code) => {
    const param = { min: range.min, max: range.max };
    expect(ntpTimeProblems({ ...validTime, [field]: range.min })).toEqual([]);
    expect(ntpTimeProblems({ ...validTime, [field]: range.max })).toEqual([]);
    expect(ntpTimeProblems({ ...validTime, [field]: range.max + 1 })).toEqual([
      { field, code, param },
    ]);
    expect(ntpTimeProblem({ ...validTime, [field]: range.min - 1 })).toEqual({ code, param });
  });

  it('lists every failing field in the device order', () => {
    const all = ntpTimeProblems({ year: 1, month: 13, day: 0, hour: 24, minute: 60, second: 60 });
    expect(all.map((p) => p.code)).toEqual([9004, 9005, 9006, 9007, 9008, 9009]);
    expect(ntpTimeProblem({ ...validTime, day: 0, second: 60 })?.code).toBe(9006);
  });
});
