/**
 * Energy history (issue 14, a HelioDTU extension beyond the OpenDTU API): query limits and
 * calendar helpers (the route paths are in history-paths.ts). Free of zod so the web can import these at run time; the wire
 * schemas are in `contract/src/history.ts`.
 */

/** Length of one power bucket (average and maximum of the polls inside it). */
export const HISTORY_BUCKET_MINUTES = 5;
export const HISTORY_BUCKET_SECONDS = HISTORY_BUCKET_MINUTES * 60;

/** Export resolutions: one row per bucket per inverter, or one row per local day per inverter. */
export const HISTORY_RESOLUTIONS = ['bucket', 'day'] as const;
export type HistoryResolution = (typeof HISTORY_RESOLUTIONS)[number];

/** Longest date range (inclusive, in days) one CSV export may cover, per resolution. */
export const HISTORY_EXPORT_MAX_DAYS: Readonly<Record<HistoryResolution, number>> = {
  bucket: 366,
  day: 3660,
};

/** Years the API accepts; anything else is a 400 (bad_date / bad_month / bad_year). */
export const HISTORY_YEAR_MIN = 2000;
export const HISTORY_YEAR_MAX = 2099;

/** Default retention of the 5-minute buckets (HISTORY_RETENTION_DAYS); daily rows are kept forever. */
export const HISTORY_RETENTION_DAYS_DEFAULT = 730;

/** Machine-readable reasons of a 400 answer (`{error, reason, param?}`). */
export const HISTORY_ERRORS = [
  'bad_date',
  'bad_month',
  'bad_year',
  'bad_range',
  'range_too_large',
  'bad_resolution',
  'unknown_inverter',
  /** `dtu` names no device of the companion and none with history (issue 27). */
  'unknown_device',
] as const;
export type HistoryErrorCode = (typeof HISTORY_ERRORS)[number];

/** A local calendar date split into numbers (month 1–12). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function yearInRange(year: number): boolean {
  return Number.isInteger(year) && year >= HISTORY_YEAR_MIN && year <= HISTORY_YEAR_MAX;
}

/** Days in a month of the proleptic Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD' → parts; null for anything else, an impossible date or a year out of range. */
export function parseHistoryDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!yearInRange(year) || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** 'YYYY-MM' → {year, month}; null when malformed or out of range. */
export function parseHistoryMonth(text: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (!yearInRange(year) || month < 1 || month > 12) return null;
  return { year, month };
}

/** 'YYYY' → year; null when malformed or out of range. */
export function parseHistoryYear(text: string): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return yearInRange(year) ? year : null;
}

export function formatHistoryDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function formatHistoryMonth(year: number, month: number): string {
  return `${pad(year, 4)}-${pad(month)}`;
}

/** Day number since 1970-01-01 of a calendar date (no time zone involved). */
export function dayNumber({ year, month, day }: CalendarDate): number {
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}

/** The calendar date of a day number. */
export function dateOfDayNumber(n: number): CalendarDate {
  const d = new Date(n * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 'YYYY-MM-DD' moved by `days` (negative = back); the previous/next buttons of the day view. */
export function addDays(date: string, days: number): string {
  const parts = parseHistoryDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return formatHistoryDate(dateOfDayNumber(dayNumber(parts) + days));
}

/** Inclusive number of days from `from` to `to` ('YYYY-MM-DD'); ≤ 0 when `to` is before `from`. */
export function daysInclusive(from: string, to: string): number {
  const a = parseHistoryDate(from);
  const b = parseHistoryDate(to);
  if (!a || !b) throw new RangeError(`not a date: ${a ? to : from}`);
  return dayNumber(b) - dayNumber(a) + 1;
}
