import { localParts } from './posix-tz.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * `epochMs` as the device prints times in /api/ntp/status: strftime "%A, %B %d %Y %H:%M:%S"
 * in the C locale, local to POSIX zone `tz` (wire-contract §4.9, inverter-domain §9.2),
 * e.g. "Friday, June 21 2024 03:03:00".
 */
export function formatDeviceTime(epochMs: number, tz: string): string {
  const p = localParts(epochMs, tz);
  return `${WEEKDAYS[p.weekday]}, ${MONTHS[p.month - 1]} ${pad2(p.day)} ${p.year} ${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
}

/** A wait or an outage for a console line: "800 ms", "12 s", "3 min". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}
