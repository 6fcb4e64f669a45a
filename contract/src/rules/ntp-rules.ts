import { ApiCode, type ApiCodeValue } from '../codes.js';
import type { ApiParam } from '../envelope.js';
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
  SUNSET_TYPES,
  type Range,
} from '../limits.js';
import type { NtpConfigData, NtpTimeData } from '../ntp.js';
import { firstFailure, type FieldProblem } from './field-problem.js';
import { utf8Length } from './utf8-length.js';

export interface NtpProblem {
  code: ApiCodeValue;
  param?: ApiParam;
}

const outside = (value: number, range: Range) => value < range.min || value > range.max;
// Lengths are bytes: the device keeps these as fixed C string buffers.
const badLength = (text: string, max: number) => {
  const length = utf8Length(text);
  return length < 1 || length > max;
};
const SUNSET_TYPE_RANGE: Range = { min: Math.min(...SUNSET_TYPES), max: Math.max(...SUNSET_TYPES) };

/**
 * Every failing check of POST /api/ntp/config after the kind checks, in the device's order
 * (wire-contract §4.9), then the spec's range rules (SPEC_STRICTER, answered 1005 with the
 * bound as `limit`; see contract/src/ntp.ts).
 */
export function ntpConfigProblems(data: NtpConfigData): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (badLength(data.ntp_server, NTP_SERVER_MAX)) {
    const param = { max: NTP_SERVER_MAX };
    problems.push({ field: 'ntp_server', code: ApiCode.NtpServerLength, param });
  }
  if (badLength(data.ntp_timezone, NTP_TIMEZONE_MAX)) {
    const param = { max: NTP_TIMEZONE_MAX };
    problems.push({ field: 'ntp_timezone', code: ApiCode.NtpTimezoneLength, param });
  }
  const descr = data.ntp_timezone_descr;
  if (descr !== undefined && descr !== null && badLength(descr, NTP_TIMEZONE_DESCR_MAX)) {
    const param = { max: NTP_TIMEZONE_DESCR_MAX };
    problems.push({
      field: 'ntp_timezone_descr',
      code: ApiCode.NtpTimezoneDescriptionLength,
      param,
    });
  }
  const generic = (field: string, limit: Range) =>
    problems.push({
      field,
      code: ApiCode.GenericValueMissing,
      limit: { min: limit.min, max: limit.max },
    });
  if (outside(data.latitude, LATITUDE)) generic('latitude', LATITUDE);
  if (outside(data.longitude, LONGITUDE)) generic('longitude', LONGITUDE);
  if (!(SUNSET_TYPES as readonly number[]).includes(data.sunsettype)) {
    generic('sunsettype', SUNSET_TYPE_RANGE);
  }
  return problems;
}

/** The first failing check (the one the device answers), or null. */
export function ntpConfigProblem(data: NtpConfigData): NtpProblem | null {
  return firstFailure(ntpConfigProblems(data)) ?? null;
}

const TIME_FIELDS = [
  ['year', NTP_YEAR, ApiCode.NtpYearInvalid],
  ['month', NTP_MONTH, ApiCode.NtpMonthInvalid],
  ['day', NTP_DAY, ApiCode.NtpDayInvalid],
  ['hour', NTP_HOUR, ApiCode.NtpHourInvalid],
  ['minute', NTP_MINUTE, ApiCode.NtpMinuteInvalid],
  ['second', NTP_SECOND, ApiCode.NtpSecondInvalid],
] as const;

/**
 * Every failing POST /api/ntp/time range check in the device's order (wire-contract §4.9). A
 * day past the month's end (31 February) passes and rolls over, as the device's mktime does.
 */
export function ntpTimeProblems(data: NtpTimeData): FieldProblem[] {
  return TIME_FIELDS.filter(([field, range]) => outside(data[field], range)).map(
    ([field, range, code]) => ({ field, code, param: { min: range.min, max: range.max } }),
  );
}

/** The first failing time check (the one the device answers), or null. */
export function ntpTimeProblem(data: NtpTimeData): NtpProblem | null {
  return firstFailure(ntpTimeProblems(data)) ?? null;
}
