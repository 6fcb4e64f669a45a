import type { ValueObject } from '@heliodtu/contract/value';
import type { Formatters } from '@/lib/format';

/** A measurement with the decimals the device sends (wire-contract §1.2); '–' without a value. */
export function formatValue(
  format: Formatters,
  value: Pick<ValueObject, 'v' | 'd'> | undefined,
): string {
  if (value?.v === null || value?.v === undefined || !Number.isFinite(value.v)) return '–';
  return format.decimal(value.v, Math.max(0, Math.min(value.d, 6)));
}

/** Value and unit: "402.7 W"; units the device leaves empty (PowerFactor) add nothing. */
export function formatValueWithUnit(format: Formatters, value: ValueObject | undefined): string {
  const text = formatValue(format, value);
  return value?.u && text !== '–' ? `${text} ${value.u}` : text;
}

/** Seconds since midnight as HH:MM:SS, wrapping past midnight (wire-contract §4.5: shown in UTC). */
export function formatTimeOfDay(seconds: number): string {
  const day = ((Math.trunc(seconds) % 86_400) + 86_400) % 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(day / 3600))}:${two(Math.floor(day / 60) % 60)}:${two(day % 60)}`;
}
