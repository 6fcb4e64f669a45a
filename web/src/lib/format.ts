import { useMemo } from 'react';
import { builtInDecimalFormat } from './i18n/built-in-numbers';
import { useLocale } from './i18n/use-t';

/** Named number and date presets on Intl (architecture §6.7, spec §9). */
export interface Formatters {
  decimalNoDigits(value: number): string;
  decimalOneDigit(value: number): string;
  decimalTwoDigits(value: number): string;
  /** A value with the decimals the device sends along (`d` of a value object). */
  decimal(value: number, digits: number): string;
  /** 0.42 → "42 %". */
  percent(value: number): string;
  /** Bytes shown in kilobytes, as the info pages do. */
  kilobyte(bytes: number): string;
  /** At most one digit. */
  celsius(value: number): string;
  /** 24-hour, numeric date and time. */
  datetime(date: Date | number): string;
  time(date: Date | number): string;
}

const cache = new Map<string, Formatters>();

/** An Intl format made on first use: the live page needs none, and no Intl on the server (built-in-numbers.ts). */
function lazyFormat<T>(make: () => { format(value: T): string }): (value: T) => string {
  let made: { format(value: T): string } | undefined;
  return (value) => (made ??= make()).format(value);
}

/** Formatters for a locale; unknown locales (a pack's code) fall back to the runtime default. */
export function formattersFor(locale: string): Formatters {
  const cached = cache.get(locale);
  if (cached) return cached;
  let known: boolean | undefined;
  const tag = () => {
    known ??= Intl.NumberFormat.supportedLocalesOf([locale]).length > 0;
    return known ? locale : undefined;
  };
  const number = (options: Intl.NumberFormatOptions) =>
    lazyFormat<number>(() => new Intl.NumberFormat(tag(), options));
  const date = (options: Intl.DateTimeFormatOptions) =>
    lazyFormat<number | Date>(
      () => new Intl.DateTimeFormat(tag(), { ...options, hourCycle: 'h23' }),
    );
  const byPlaces: ((value: number) => string)[] = [];
  // Looked up before anything is made: `decimal` asks for every figure shown.
  const fixed = (places: number) => {
    let format = byPlaces[places];
    if (format === undefined) {
      const intl = number({ minimumFractionDigits: places, maximumFractionDigits: places });
      format = builtInDecimalFormat(locale, places, intl) ?? intl;
      byPlaces[places] = format;
    }
    return format;
  };
  const percent = number({ style: 'percent', maximumFractionDigits: 0 });
  const kilobyte = number({ style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  const celsius = number({ style: 'unit', unit: 'celsius', maximumFractionDigits: 1 });
  const time = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
  const formatters: Formatters = {
    decimalNoDigits: fixed(0),
    decimalOneDigit: fixed(1),
    decimalTwoDigits: fixed(2),
    decimal: (v, d) => fixed(Number.isFinite(d) ? Math.max(0, Math.min(Math.floor(d), 20)) : 0)(v),
    percent,
    kilobyte: (bytes) => kilobyte(bytes / 1024),
    celsius,
    datetime: date({ year: 'numeric', month: '2-digit', day: '2-digit', ...time }),
    time: date(time),
  };
  cache.set(locale, formatters);
  return formatters;
}

/** Formatters for the language shown now. */
export function useFormat(): Formatters {
  const locale = useLocale();
  return useMemo(() => formattersFor(locale), [locale]);
}
