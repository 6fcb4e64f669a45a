import type { Formatters } from './format';

/** Watts as "1,230 W" (whole watts: a meter's and an inverter's figures carry no more). */
export const wattsText = (format: Formatters, watts: number): string =>
  `${format.decimalNoDigits(watts)} W`;

/** Watt-hours as "2.15 kWh". */
export const energyText = (format: Formatters, wattHours: number): string =>
  `${format.decimalTwoDigits(wattHours / 1000)} kWh`;

/** An age as "45 s", "12 min" or "3 h": how old a meter's reading is. */
export function ageText(format: Formatters, ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${format.decimalNoDigits(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${format.decimalNoDigits(minutes)} min`;
  return `${format.decimalNoDigits(Math.round(minutes / 60))} h`;
}
