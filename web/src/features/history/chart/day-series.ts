import type { HistoryDay, HistoryPoint } from '@heliodtu/contract/history';
import { inverterKey } from '../history-view';

/** One curve of the day chart: a label and the average power per bucket (null = no poll). */
export interface DaySeries {
  key: string;
  label: string;
  values: (number | null)[];
  /** The house's flow (issue 35): drawn in its own colour, not the inverters' palette. */
  flow?: 'consumption' | 'grid';
}

/** Labels of the house's curves, when the day has grid data. */
export interface FlowLabels {
  consumption: string;
  grid: string;
}

/** The day chart's data: bucket starts (epoch s) from local midnight to the next, and curves. */
export interface DayChartData {
  times: number[];
  series: DaySeries[];
  /** Local wall time of an instant of this day, by the gateway's UTC offsets. */
  localTime(t: number): string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The UTC offset in force at `t` (last entry with from ≤ t; the first before the day). */
export function offsetAt(offsets: HistoryDay['utc_offsets'], t: number): number {
  let offset = offsets[0]?.[1] ?? 0;
  for (const [from, value] of offsets) if (from <= t) offset = value;
  return offset;
}

/** 'HH:MM' of an instant in the gateway's time zone (never the browser's). */
export function localTimeOf(offsets: HistoryDay['utc_offsets'], t: number): string {
  const shifted = new Date((t + offsetAt(offsets, t)) * 1000);
  return `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}

function valuesOn(times: number[], points: HistoryPoint[]): (number | null)[] {
  const byTime = new Map(points.map(([t, avg]) => [t, avg]));
  return times.map((t) => byTime.get(t) ?? null);
}

/**
 * Aligns the answer on one 5-minute grid (uPlot wants one x array): the fleet total (unless one
 * inverter was asked for), each inverter, and each string when the answer has them. Buckets
 * without a poll stay null, drawn as gaps: the gateway did not see the fleet then.
 */
export function daySeries(
  day: HistoryDay,
  totalLabel: string,
  stringLabel: (index: number) => string,
  /** All devices of a companion (issue 27): the label of an inverter's device. */
  deviceLabel: (dtu: string) => string = (dtu) => dtu,
  /** Issue 35: with grid data, the house's consumption and grid power follow the total. */
  flow?: FlowLabels,
): DayChartData {
  const step = day.bucket_minutes * 60;
  const times: number[] = [];
  for (let t = day.start; t < day.end; t += step) times.push(t);
  const series: DaySeries[] = [];
  if (day.inverters.length !== 1) {
    series.push({ key: 'total', label: totalLabel, values: valuesOn(times, day.total.points) });
  }
  if (day.grid && flow) {
    const byTime = new Map(day.grid.points.map(([t, imp, exp, use]) => [t, [imp - exp, use]]));
    const pick = (k: 0 | 1) => times.map((t) => byTime.get(t)?.[k] ?? null);
    series.push(
      { key: 'consumption', label: flow.consumption, values: pick(1), flow: 'consumption' },
      { key: 'grid', label: flow.grid, values: pick(0), flow: 'grid' },
    );
  }
  for (const inverter of day.inverters) {
    const name = inverter.name || inverter.serial;
    series.push({
      key: inverterKey(inverter),
      label: inverter.dtu ? `${name} (${deviceLabel(inverter.dtu)})` : name,
      values: valuesOn(times, inverter.points),
    });
    for (const string of inverter.strings ?? []) {
      series.push({
        key: `${inverterKey(inverter)}/${string.index}`,
        label: string.name || stringLabel(string.index + 1),
        values: valuesOn(times, string.points),
      });
    }
  }
  return { times, series, localTime: (t) => localTimeOf(day.utc_offsets, t) };
}

/** Axis ticks: the instants of this day whose local time is a whole multiple of `hours`. */
export function hourTicks(day: Pick<HistoryDay, 'start' | 'end' | 'utc_offsets'>, hours: number) {
  const ticks: number[] = [];
  for (let t = day.start; t <= day.end; t += 3600) {
    const local = new Date((t + offsetAt(day.utc_offsets, t)) * 1000);
    if (local.getUTCMinutes() === 0 && local.getUTCHours() % hours === 0) ticks.push(t);
  }
  return ticks;
}
