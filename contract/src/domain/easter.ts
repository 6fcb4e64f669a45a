/** A calendar date without time; month is 1..12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Easter Sunday of a Gregorian year (Anonymous Gregorian algorithm, Meeus/Jones/Butcher), spec §1. */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return { year, month: Math.floor(n / 31), day: (n % 31) + 1 };
}

export type BrandIcon = 'tree' | 'egg' | 'sun';

const DAY_MS = 86_400_000;
// Day number of a calendar date; UTC so daylight-saving changes do not shift it.
const dayNumber = (year: number, month: number, day: number) =>
  Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);

/**
 * Navbar brand icon for a local date: tree 24–26 December, egg Good Friday to Easter Monday,
 * otherwise sun, spec §1.
 */
export function brandIconFor(date: Date): BrandIcon {
  const year = date.getFullYear();
  const month = date.getMonth() + 1;
  const day = date.getDate();
  if (month === 12 && day >= 24 && day <= 26) return 'tree';
  const easter = easterSunday(year);
  const offset = dayNumber(year, month, day) - dayNumber(year, easter.month, easter.day);
  if (offset >= -2 && offset <= 1) return 'egg';
  return 'sun';
}
