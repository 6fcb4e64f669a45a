import type {
  HistoryDay,
  HistoryDayInverter,
  HistoryPeak,
  HistoryPeriod,
  HistoryPeriodEntry,
  HistoryPeriodPeak,
  HistoryPoint,
} from '@heliodtu/contract/history';
import { HISTORY_BUCKET_MINUTES } from '@heliodtu/contract/domain/history-dates';
import { inputsOf, type BucketRow, type DayTotals } from './aggregate.js';
import type { LocalCalendar } from './local-day.js';
import type { HistoryStore, InverterRow } from './store.js';

/** Answers of the history API, built from the store (wire shapes in contract/src/history.ts). */

export interface QueryContext {
  store: HistoryStore;
  /** The device whose history is answered (its inverter rows, its fleet row). */
  device: string;
  calendar: LocalCalendar;
  /** Serials configured now, in config order (a deleted inverter's history stays readable). */
  present: readonly string[];
}

const watts = (deciwatts: number) => deciwatts / 10;

function peakOf(
  ctx: QueryContext,
  totals: Pick<DayTotals, 'peak' | 'peakAt'> | undefined,
): HistoryPeak {
  const at = totals && totals.peak > 0 ? totals.peakAt : null;
  return {
    peak_w: totals && at !== null ? watts(totals.peak) : 0,
    peak_at: at,
    peak_local: at === null ? null : ctx.calendar.clockOf(at * 1000),
  };
}

/** Inverters with history, present ones first in config order, then deleted ones by id. */
export function orderedInverters(ctx: QueryContext): (InverterRow & { present: boolean })[] {
  const rows = ctx.store.inverters(ctx.device);
  const rank = (serial: string) => {
    const i = ctx.present.indexOf(serial);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return rows
    .map((row) => ({ ...row, present: ctx.present.includes(row.serial) }))
    .sort((a, b) => rank(a.serial) - rank(b.serial) || a.id - b.id);
}

/** GET /api/history/day for local day `day`. */
export function dayView(
  ctx: QueryContext,
  day: number,
  options: { serial?: string | undefined; strings: boolean },
): HistoryDay {
  const { calendar, store } = ctx;
  const start = calendar.startOf(day);
  const end = calendar.startOf(day + 1);
  const [fromS, toS] = [start / 1000, end / 1000];
  const daily = new Map(store.days(day, day).map((row) => [row.inv, row]));
  const byInverter = new Map<number, BucketRow[]>();
  for (const row of store.bucketsBetween(fromS, toS)) {
    const list = byInverter.get(row.inv);
    if (list) list.push(row);
    else byInverter.set(row.inv, [row]);
  }
  const total = new Map<number, [number, number]>();
  const inverters: HistoryDayInverter[] = [];
  for (const inv of orderedInverters(ctx)) {
    if (options.serial !== undefined && inv.serial !== options.serial) continue;
    const rows = byInverter.get(inv.id) ?? [];
    const totals = daily.get(inv.id);
    if (rows.length === 0 && !totals) continue;
    const points: HistoryPoint[] = rows.map((r) => [r.t, watts(r.avg), watts(r.max)]);
    for (const [t, avg, max] of points) {
      const sum = total.get(t) ?? [0, 0];
      total.set(t, [sum[0] + avg, sum[1] + max]);
    }
    const entry: HistoryDayInverter = {
      serial: inv.serial,
      name: inv.name,
      present: inv.present,
      yield_wh: totals?.wh ?? 0,
      ...peakOf(ctx, totals),
      points,
    };
    if (options.strings) {
      const decoded = rows.map((r) => inputsOf(r));
      const inputs = Math.max(inv.strings.length, ...decoded.map((d) => d.length));
      entry.strings = Array.from({ length: inputs }, (_, index) => ({
        index,
        name: inv.strings[index] ?? '',
        points: rows.map((r, k): HistoryPoint => {
          const [avg, max] = decoded[k]?.[index] ?? [0, 0];
          return [r.t, avg, max];
        }),
      }));
    }
    inverters.push(entry);
  }
  const fleetInv = store.fleetOf(ctx.device);
  const fleet = options.serial === undefined && fleetInv !== null ? daily.get(fleetInv) : undefined;
  const single = inverters.length === 1 ? inverters[0] : undefined;
  return {
    date: calendar.dateOf(day),
    tz: calendar.tz,
    bucket_minutes: HISTORY_BUCKET_MINUTES,
    start: fromS,
    end: toS,
    utc_offsets: calendar.offsetsOf(day),
    total: {
      yield_wh: round1(inverters.reduce((sum, i) => sum + i.yield_wh, 0)),
      ...(fleet
        ? peakOf(ctx, fleet)
        : single
          ? { peak_w: single.peak_w, peak_at: single.peak_at, peak_local: single.peak_local }
          : peakOf(ctx, undefined)),
      points: [...total.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([t, [avg, max]]): HistoryPoint => [t, round1(avg), round1(max)]),
    },
    inverters,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

interface Acc {
  wh: number;
  peak: number;
  peakAt: number | null;
  /** Local day number of the peak's daily row. */
  peakDay: number | null;
}

const newAcc = (): Acc => ({ wh: 0, peak: 0, peakAt: null, peakDay: null });

const better = (acc: Acc, row: DayTotals) => {
  acc.wh += row.wh;
  if (row.peak > acc.peak) {
    acc.peak = row.peak;
    acc.peakAt = row.peakAt;
    acc.peakDay = row.day;
  }
};

/** A period's peak with its local date, taken from the daily row it came from (no zone lookup). */
function periodPeakOf(ctx: QueryContext, acc: Acc): HistoryPeriodPeak {
  const peak = peakOf(ctx, acc);
  const date =
    peak.peak_at !== null && acc.peakDay !== null ? ctx.calendar.dateOf(acc.peakDay) : null;
  return { ...peak, peak_date: date };
}

/** Month, year and lifetime bars: daily rows in [from, to] grouped by `keyOf(date)`. */
export function periodView(
  ctx: QueryContext,
  period: HistoryPeriod['period'],
  key: string,
  from: number,
  to: number,
  keyOf: (date: string) => string,
): HistoryPeriod {
  const inverters = orderedInverters(ctx);
  const byId = new Map(inverters.map((i) => [i.id, i]));
  const groups = new Map<string, { days: Set<number>; fleet: Acc; invs: Map<number, Acc> }>();
  const overall = new Map<number, Acc>();
  const fleetAll = newAcc();
  const fleetInv = ctx.store.fleetOf(ctx.device);
  for (const row of ctx.store.days(from, to)) {
    const k = keyOf(ctx.calendar.dateOf(row.day));
    let group = groups.get(k);
    if (!group) {
      group = { days: new Set(), fleet: newAcc(), invs: new Map() };
      groups.set(k, group);
    }
    if (row.inv === fleetInv) {
      better(group.fleet, row);
      better(fleetAll, row);
      continue;
    }
    if (!byId.has(row.inv)) continue;
    group.days.add(row.day);
    const acc = group.invs.get(row.inv) ?? newAcc();
    better(acc, row);
    group.invs.set(row.inv, acc);
    const all = overall.get(row.inv) ?? newAcc();
    better(all, row);
    overall.set(row.inv, all);
  }
  const order = (id: number) => inverters.findIndex((i) => i.id === id);
  const entries: HistoryPeriodEntry[] = [...groups.entries()]
    .filter(([, g]) => g.invs.size > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, g]) => {
      const invs = [...g.invs.entries()].sort(([a], [b]) => order(a) - order(b));
      return {
        key: k,
        yield_wh: invs.reduce((sum, [, acc]) => sum + acc.wh, 0),
        days: g.days.size,
        ...periodPeakOf(ctx, g.fleet),
        inverters: invs.map(([id, acc]) => ({
          serial: byId.get(id)?.serial ?? '',
          yield_wh: acc.wh,
          ...periodPeakOf(ctx, acc),
        })),
      };
    });
  return {
    period,
    key,
    tz: ctx.calendar.tz,
    entries,
    total: {
      yield_wh: entries.reduce((sum, e) => sum + e.yield_wh, 0),
      ...periodPeakOf(ctx, fleetAll),
    },
    inverters: inverters
      .filter((i) => overall.has(i.id))
      .map((i) => {
        const acc = overall.get(i.id) ?? newAcc();
        return {
          serial: i.serial,
          name: i.name,
          present: i.present,
          yield_wh: acc.wh,
          ...periodPeakOf(ctx, acc),
        };
      }),
  };
}
