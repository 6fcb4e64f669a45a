import type {
  HistoryDay,
  HistoryGridEnergy,
  HistoryGridPoint,
  HistoryPeriod,
  HistoryPeriodEntry,
} from '@heliodtu/contract/history';
import type { GridRows } from './grid-rows.js';
import type { LocalCalendar } from './local-day.js';

/**
 * The house's grid flow added to the history's answers (issue 35), after the production was
 * answered (one device or all of a companion's together): the meter measures the whole house,
 * so its flow goes only on answers that cover every inverter. Consumption and self-consumption
 * are derived here from production and the grid; nothing of them is stored.
 */

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Production, import and export of a period as the answer's energies. */
export function gridEnergy(productionWh: number, importWh: number, exportWh: number) {
  return {
    import_wh: round1(importWh),
    export_wh: round1(exportWh),
    consumption_wh: round1(Math.max(0, productionWh + importWh - exportWh)),
    self_consumed_wh: round1(Math.max(0, productionWh - exportWh)),
  } satisfies HistoryGridEnergy;
}

/**
 * The day's production over the time the meter recorded: all of it when the meter's first
 * bucket that day comes before any production, else the share of the production buckets from
 * that bucket on (a meter set at noon: the morning's production never was the house's
 * consumption). `from` is then that bucket's start (epoch s).
 */
export function productionWhileRecorded(
  answer: HistoryDay,
  firstGridBucket: number | undefined,
): { wh: number; from?: number } {
  const whole = { wh: answer.total.yield_wh };
  if (firstGridBucket === undefined) return whole;
  let [before, after] = [0, 0];
  for (const [t, avg] of answer.total.points) {
    if (t < firstGridBucket) before += avg;
    else after += avg;
  }
  if (before <= 0) return whole;
  return { wh: (answer.total.yield_wh * after) / (before + after), from: firstGridBucket };
}

/** The Day answer with `grid` when the meter recorded that day. */
export function withGridDay(answer: HistoryDay, rows: GridRows, day: number): HistoryDay {
  const buckets = rows.buckets(answer.start, answer.end);
  const totals = rows.day(day);
  if (buckets.length === 0 && !totals) return answer;
  const production = new Map(answer.total.points.map(([t, avg]) => [t, avg]));
  const points = buckets.map((b): HistoryGridPoint => {
    const [imp, exp] = [b.imp / 10, b.exp / 10];
    return [b.t, imp, exp, round1(Math.max(0, (production.get(b.t) ?? 0) + imp - exp))];
  });
  const importWh = totals?.importWh ?? buckets.reduce((sum, b) => sum + b.importWh, 0);
  const exportWh = totals?.exportWh ?? buckets.reduce((sum, b) => sum + b.exportWh, 0);
  // Buckets past their retention leave only the day's totals: then the whole day's production.
  const recorded = productionWhileRecorded(answer, buckets[0]?.t);
  return {
    ...answer,
    grid: {
      ...gridEnergy(recorded.wh, importWh, exportWh),
      points,
      ...(recorded.from === undefined ? {} : { counted_from: recorded.from }),
    },
  };
}

/**
 * A month, year or lifetime answer with `grid` on each bar the meter recorded in and on the
 * total. A bar with grid data but no production (a meter set before any inverter answered) is
 * added with a yield of 0.
 */
export function withGridPeriod(
  answer: HistoryPeriod,
  rows: GridRows,
  calendar: LocalCalendar,
  from: number,
  to: number,
  keyOf: (date: string) => string,
): HistoryPeriod {
  const sums = new Map<string, { importWh: number; exportWh: number; days: number }>();
  for (const row of rows.days(from, to)) {
    const key = keyOf(calendar.dateOf(row.day));
    const sum = sums.get(key) ?? { importWh: 0, exportWh: 0, days: 0 };
    sum.importWh += row.importWh;
    sum.exportWh += row.exportWh;
    sum.days++;
    sums.set(key, sum);
  }
  if (sums.size === 0) return answer;
  const byKey = new Map(answer.entries.map((e) => [e.key, e]));
  for (const [key, sum] of sums) {
    if (byKey.has(key)) continue;
    byKey.set(key, {
      key,
      yield_wh: 0,
      days: sum.days,
      peak_w: 0,
      peak_at: null,
      peak_local: null,
      peak_date: null,
      inverters: [],
    });
  }
  let [importWh, exportWh, productionWh] = [0, 0, 0];
  const entries = [...byKey.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry): HistoryPeriodEntry => {
      const sum = sums.get(entry.key);
      if (!sum) return entry;
      importWh += sum.importWh;
      exportWh += sum.exportWh;
      productionWh += entry.yield_wh;
      return { ...entry, grid: gridEnergy(entry.yield_wh, sum.importWh, sum.exportWh) };
    });
  return {
    ...answer,
    entries,
    // Over the bars the meter recorded in: production of days before the meter is left out.
    total: { ...answer.total, grid: gridEnergy(productionWh, importWh, exportWh) },
  };
}
