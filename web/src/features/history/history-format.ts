import type { Formatters } from '@/lib/format';

/** Wh from the API shown as kWh with two decimals. */
export function kwh(format: Formatters, wattHours: number | null | undefined): string {
  if (wattHours === null || wattHours === undefined) return '–';
  return `${format.decimalTwoDigits(wattHours / 1000)} kWh`;
}

const cache = new Map<string, Intl.DateTimeFormat>();

// Local calendar dates of the gateway are formatted as UTC dates: no browser time zone enters.
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = cache.get(key);
  if (!cached) {
    const tag = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
    cached = new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' });
    cache.set(key, cached);
  }
  return cached;
}

const utc = (year: number, month = 1, day = 1) => Date.UTC(year, month - 1, day);

/** 'YYYY-MM-DD' → 'Saturday, 21 June 2025' in the language shown. */
export function dateLabel(locale: string, date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return formatter(locale, { dateStyle: 'full' }).format(utc(y ?? 2000, m, d));
}

/** 'YYYY-MM' (or a date inside it) → 'June 2025'. */
export function monthLabel(locale: string, month: string): string {
  const [y, m] = month.split('-').map(Number);
  return formatter(locale, { year: 'numeric', month: 'long' }).format(utc(y ?? 2000, m));
}

/** Month 1–12 → 'Jun'. */
export function shortMonth(locale: string, month: number): string {
  return formatter(locale, { month: 'short' }).format(utc(2000, month));
}

/** Month 1–12 → 'June'. */
export function longMonth(locale: string, month: number): string {
  return formatter(locale, { month: 'long' }).format(utc(2000, month));
}
