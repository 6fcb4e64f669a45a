const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const DEVICE_TIME =
  /^\s*[A-Za-z]+,\s+([A-Za-z]+)\s+(\d{1,2})\s+(\d{4})\s+(\d{1,2}):(\d{2}):(\d{2})\s*$/;

/**
 * The device's wall-clock text (GET /api/ntp/status `ntp_localtime`) ("Saturday, June 21 2025 12:04:18", wire-contract §4.9) as a
 * timestamp whose UTC fields are that wall time, so it can be shown in any language (formatted
 * in UTC) and ticked on; null for anything else ("--", an unsynced clock's odd text).
 */
export function parseDeviceTime(text: string): number | null {
  const match = DEVICE_TIME.exec(text);
  if (!match) return null;
  const [, monthName = '', day, year, hour, minute, second] = match;
  const month = MONTHS.indexOf(monthName.toLowerCase());
  if (month < 0) return null;
  const ms = Date.UTC(
    Number(year),
    month,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  return Number.isNaN(ms) ? null : ms;
}
