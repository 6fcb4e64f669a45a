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
 * The device's wall-clock text ("Saturday, June 21 2025 12:04:18", wire-contract §4.9) as a
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

const formats = new Map<string, Intl.DateTimeFormat>();

/** A wall time from parseDeviceTime, written out in the language shown (24-hour, spec §9). */
export function formatDeviceTime(wallTime: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    const tag = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
    format = new Intl.DateTimeFormat(tag, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    formats.set(locale, format);
  }
  return format.format(wallTime);
}
