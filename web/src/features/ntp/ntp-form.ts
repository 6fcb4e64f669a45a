import type { NtpConfig, NtpTimeData } from '@heliodtu/contract/ntp';
import { ntpConfigProblems } from '@heliodtu/contract/rules/ntp-rules';
import type { FieldMessage } from '@/components/form/field-message';

/** The field the time zone select answers for; both zone fields come from it. */
export const TIMEZONE_FIELD = 'ntp_timezone_descr';

const PAGE_ORDER: readonly string[] = [
  'ntp_server',
  TIMEZONE_FIELD,
  'latitude',
  'longitude',
  'sunsettype',
];
const rank = (field: string) => PAGE_ORDER.indexOf(field);

/** The posted object, in the wire order of wire-contract §4.9. */
export const toNtpRequest = (values: NtpConfig): NtpConfig => ({
  ntp_server: values.ntp_server,
  ntp_timezone: values.ntp_timezone,
  ntp_timezone_descr: values.ntp_timezone_descr,
  longitude: values.longitude,
  latitude: values.latitude,
  sunsettype: values.sunsettype,
});

/**
 * Spec §5 through the gateway's own rules (contract/rules/ntp-rules): server 1..31, zone and its
 * name 1..50, latitude −90..90, longitude −180..180. A cleared coordinate is NaN, which no range
 * check catches, so it is reported as missing. The POSIX string has no input of its own: its
 * problem is shown at the time zone select that sets it.
 */
export function validateNtp(values: NtpConfig): FieldMessage[] {
  const own: FieldMessage[] = (['latitude', 'longitude'] as const)
    .filter((field) => Number.isNaN(values[field]))
    .map((field) => ({ field, key: 'validation.Required' }));
  const taken = new Set(own.map((problem) => problem.field));
  const shared = ntpConfigProblems(toNtpRequest(values))
    .filter((problem) => !taken.has(problem.field))
    .map((problem) =>
      problem.field === 'ntp_timezone' ? { ...problem, field: TIMEZONE_FIELD } : problem,
    );
  return [...own, ...shared].sort((a, b) => rank(a.field) - rank(b.field));
}

/** The local wall time of `date` in this browser, as POST api/ntp/time takes it. */
export function browserTimeParts(date: Date): NtpTimeData {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

/** Device wall time parts as a timestamp whose UTC fields are that wall time (see device-time). */
export const wallTimeOf = (time: NtpTimeData): number =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
