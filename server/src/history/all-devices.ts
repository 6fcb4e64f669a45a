import type {
  HistoryDay,
  HistoryPeak,
  HistoryPeriod,
  HistoryPeriodEntry,
  HistoryPeriodPeak,
  HistoryPoint,
  HistoryRange,
} from '@heliodtu/contract/history';

/**
 * The history of every device of a companion together (issue 27: no `dtu=` with several
 * devices). Each device's answer is built on its own (its own local days); here they are put
 * side by side: energies summed, every inverter tagged with its device (`dtu`), so one serial
 * on two devices stays two series. The first device's calendar names the days. Peaks of all
 * devices together are not recorded: a day's is the highest 5-minute average of the summed
 * curve, a period's the highest of any one device.
 */

export interface DeviceAnswer<T> {
  device: string;
  answer: T;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const tagged = <T extends object>(device: string, items: readonly T[]) =>
  items.map((item) => ({ ...item, dtu: device }));

/** GET /api/history/range of all devices: the widest span, every inverter tagged. */
export function mergeRanges(parts: readonly DeviceAnswer<HistoryRange>[]): HistoryRange {
  const [first] = parts;
  if (!first) throw new Error('mergeRanges needs at least one device');
  const firsts = parts.flatMap((p) => (p.answer.first_day ? [p.answer.first_day] : []));
  const lasts = parts.flatMap((p) => (p.answer.last_day ? [p.answer.last_day] : []));
  return {
    ...first.answer,
    first_day: firsts.length > 0 ? firsts.sort()[0]! : null,
    last_day: lasts.length > 0 ? lasts.sort().at(-1)! : null,
    recording: parts.every((p) => p.answer.recording),
    inverters: parts.flatMap((p) => tagged(p.device, p.answer.inverters)),
  };
}

/**
 * GET /api/history/day of all devices for one date. `clockOf` gives the local 'HH:MM' of an
 * epoch ms in the first device's zone (the peak's wall time).
 */
export function mergeDays(
  parts: readonly DeviceAnswer<HistoryDay>[],
  clockOf: (epochMs: number) => string,
): HistoryDay {
  const [first] = parts;
  if (!first) throw new Error('mergeDays needs at least one device');
  const sums = new Map<number, [number, number]>();
  for (const { answer } of parts) {
    for (const [t, avg, max] of answer.total.points) {
      const sum = sums.get(t) ?? [0, 0];
      sums.set(t, [sum[0] + avg, sum[1] + max]);
    }
  }
  const points = [...sums.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, [avg, max]]): HistoryPoint => [t, round1(avg), round1(max)]);
  let peak: HistoryPeak = { peak_w: 0, peak_at: null, peak_local: null };
  for (const [t, avg] of points) {
    if (avg > peak.peak_w) peak = { peak_w: avg, peak_at: t, peak_local: clockOf(t * 1000) };
  }
  return {
    ...first.answer,
    total: {
      yield_wh: round1(parts.reduce((sum, p) => sum + p.answer.total.yield_wh, 0)),
      ...peak,
      points,
    },
    inverters: parts.flatMap((p) => tagged(p.device, p.answer.inverters)),
  };
}

const higher = <T extends HistoryPeriodPeak>(a: T, b: HistoryPeriodPeak): HistoryPeriodPeak =>
  b.peak_w > a.peak_w
    ? { peak_w: b.peak_w, peak_at: b.peak_at, peak_local: b.peak_local, peak_date: b.peak_date }
    : { peak_w: a.peak_w, peak_at: a.peak_at, peak_local: a.peak_local, peak_date: a.peak_date };

const NO_PEAK: HistoryPeriodPeak = { peak_w: 0, peak_at: null, peak_local: null, peak_date: null };

/** GET /api/history/month, /year, /years of all devices: bars by key, yields summed. */
export function mergePeriods(parts: readonly DeviceAnswer<HistoryPeriod>[]): HistoryPeriod {
  const [first] = parts;
  if (!first) throw new Error('mergePeriods needs at least one device');
  const byKey = new Map<string, HistoryPeriodEntry>();
  for (const { device, answer } of parts) {
    for (const entry of answer.entries) {
      const seen = byKey.get(entry.key);
      const inverters = tagged(device, entry.inverters);
      byKey.set(
        entry.key,
        seen
          ? {
              ...seen,
              ...higher(seen, entry),
              yield_wh: round1(seen.yield_wh + entry.yield_wh),
              // Days with data on any device: at least the most of one device.
              days: Math.max(seen.days, entry.days),
              inverters: [...seen.inverters, ...inverters],
            }
          : { ...entry, inverters },
      );
    }
  }
  const entries = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    ...first.answer,
    entries,
    total: {
      yield_wh: round1(parts.reduce((sum, p) => sum + p.answer.total.yield_wh, 0)),
      ...parts.reduce((peak, p) => higher(peak, p.answer.total), NO_PEAK),
    },
    inverters: parts.flatMap((p) => tagged(p.device, p.answer.inverters)),
  };
}
