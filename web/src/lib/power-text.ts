import type { Formatters } from './format';

/** Between a figure and its unit: a narrow card never breaks "90 W" over two lines. */
const UNIT_SPACE = '\u00a0';

/** Watts as "1,230 W" (whole watts: a meter's and an inverter's figures carry no more). */
export const wattsText = (format: Formatters, watts: number): string =>
  `${format.decimalNoDigits(watts)}${UNIT_SPACE}W`;

/** Watt-hours as "2.15 kWh". */
export const energyText = (format: Formatters, wattHours: number): string =>
  `${format.decimalTwoDigits(wattHours / 1000)}${UNIT_SPACE}kWh`;

/** An age as "45 s", "12 min" or "3 h": how old a meter's reading is. */
export function ageText(format: Formatters, ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${format.decimalNoDigits(seconds)}${UNIT_SPACE}s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${format.decimalNoDigits(minutes)}${UNIT_SPACE}min`;
  return `${format.decimalNoDigits(Math.round(minutes / 60))}${UNIT_SPACE}h`;
}
