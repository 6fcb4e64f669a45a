import { ApiCode, type ApiCodeValue } from '@heliodtu/contract/codes';
import type { ApiParam } from '@heliodtu/contract/envelope';
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
} from '@heliodtu/contract/limits';
import type { NtpConfigData, NtpTimeData } from '@heliodtu/contract/ntp';

export interface NtpProblem {
  code: ApiCodeValue;
  param?: ApiParam;
}

// Lengths are bytes: the device keeps these as fixed C string buffers.
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const outside = (value: number, range: Range) => value < range.min || value > range.max;

/**
 * POST /api/ntp/config checks after the kind checks, in the device's order (wire-contract
 * §4.9), then the spec's range rules (SPEC_STRICTER, answered 1005; see contract/src/ntp.ts).
 */
export function ntpConfigProblem(data: NtpConfigData): NtpProblem | null {
  const server = bytes(data.ntp_server);
  if (server < 1 || server > NTP_SERVER_MAX)
    return { code: ApiCode.NtpServerLength, param: { max: NTP_SERVER_MAX } };
  const timezone = bytes(data.ntp_timezone);
  if (timezone < 1 || timezone > NTP_TIMEZONE_MAX)
    return { code: ApiCode.NtpTimezoneLength, param: { max: NTP_TIMEZONE_MAX } };
  if (data.ntp_timezone_descr !== undefined && data.ntp_timezone_descr !== null) {
    const descr = bytes(data.ntp_timezone_descr);
    if (descr < 1 || descr > NTP_TIMEZONE_DESCR_MAX)
      return { code: ApiCode.NtpTimezoneDescriptionLength, param: { max: NTP_TIMEZONE_DESCR_MAX } };
  }
  if (outside(data.latitude, LATITUDE) || outside(data.longitude, LONGITUDE))
    return { code: ApiCode.GenericValueMissing };
  if (!(SUNSET_TYPES as readonly number[]).includes(data.sunsettype))
    return { code: ApiCode.GenericValueMissing };
  return null;
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
 * POST /api/ntp/time range checks in the device's order (wire-contract §4.9). A day past the
 * month's end (31 February) passes and rolls over, as the device's mktime does.
 */
export function ntpTimeProblem(data: NtpTimeData): NtpProblem | null {
  for (const [field, range, code] of TIME_FIELDS) {
    if (outside(data[field], range)) return { code, param: { min: range.min, max: range.max } };
  }
  return null;
}
