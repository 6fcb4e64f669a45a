import { useMemo } from 'react';
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

/** Formatters for a locale; unknown locales (a pack's code) fall back to the runtime default. */
export function formattersFor(locale: string): Formatters {
  const cached = cache.get(locale);
  if (cached) return cached;
  const tag = Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
  const number = (min: number, max: number) =>
    new Intl.NumberFormat(tag, { minimumFractionDigits: min, maximumFractionDigits: max });
  const fixed = [0, 1, 2, 3].map((d) => number(d, d));
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  const kilobyte = new Intl.NumberFormat(tag, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  });
  const celsius = new Intl.NumberFormat(tag, {
    style: 'unit',
    unit: 'celsius',
    maximumFractionDigits: 1,
  });
  const datetime = new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const time = new Intl.DateTimeFormat(tag, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const formatters: Formatters = {
    decimalNoDigits: (v) => fixed[0]!.format(v),
    decimalOneDigit: (v) => fixed[1]!.format(v),
    decimalTwoDigits: (v) => fixed[2]!.format(v),
    decimal: (v, d) =>
      (fixed[d] ?? number(Math.max(0, Math.min(d, 20)), Math.max(0, Math.min(d, 20)))).format(v),
    percent: (v) => percent.format(v),
    kilobyte: (bytes) => kilobyte.format(bytes / 1024),
    celsius: (v) => celsius.format(v),
    datetime: (date) => datetime.format(date),
    time: (date) => time.format(date),
  };
  cache.set(locale, formatters);
  return formatters;
}

/** Formatters for the language shown now. */
export function useFormat(): Formatters {
  const locale = useLocale();
  return useMemo(() => formattersFor(locale), [locale]);
}
