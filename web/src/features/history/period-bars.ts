import type { HistoryPeriod, HistoryPeriodEntry } from '@heliodtu/contract/history';
import type { BarPart } from './chart/bar-chart';
import { daysInMonth } from '@heliodtu/contract/domain/history-dates';
import { dateLabel, longMonth, monthLabel, shortMonth } from './history-format';
import { monthOf, yearOf, type HistoryBounds, type HistorySelection } from './history-view';

/** One bar per day of the month, month of the year, or year of the lifetime (missing = null). */
export function barsOf(
  period: HistoryPeriod,
  selection: HistorySelection,
  bounds: HistoryBounds,
  locale: string,
) {
  const byKey = new Map(period.entries.map((entry) => [entry.key, entry]));
  let keys: string[];
  let ticks: string[];
  let labels: string[];
  if (selection.view === 'month') {
    const month = monthOf(selection.date);
    const count = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
    keys = Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
    ticks = keys.map((_, i) => String(i + 1));
    labels = keys.map((key) => dateLabel(locale, key));
  } else if (selection.view === 'year') {
    const year = yearOf(selection.date);
    keys = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
    ticks = keys.map((_, i) => shortMonth(locale, i + 1));
    labels = keys.map((_, i) => `${longMonth(locale, i + 1)} ${year}`);
  } else {
    const first = Number(yearOf(period.entries[0]?.key ?? bounds.firstDay ?? bounds.today));
    const last = Number(yearOf(bounds.today));
    keys = Array.from({ length: Math.max(1, last - first + 1) }, (_, i) => String(first + i));
    ticks = keys;
    labels = keys;
  }
  const entries = keys.map((key) => byKey.get(key));
  return { keys, ticks, labels, entries };
}

export function periodName(selection: HistorySelection, locale: string, lifetime: string) {
  if (selection.view === 'month') return monthLabel(locale, selection.date);
  if (selection.view === 'year') return yearOf(selection.date);
  return lifetime;
}

/** Where the period's peak happened: its local day made readable, and the time. */
export function peakDetail(date: string, locale: string, at: string): string {
  return `${dateLabel(locale, date)}, ${at}`;
}

/**
 * The stacked parts of bars with the house's flow (issue 35), bottom up: self-consumed,
 * exported, imported (kWh); bars from before the meter keep their yield in a part of its own.
 * Null when no bar has grid data: the bars stay plain yield.
 */
export function flowParts(
  entries: readonly (HistoryPeriodEntry | undefined)[],
  labels: { yield: string; selfConsumed: string; exported: string; imported: string },
): BarPart[] | null {
  if (!entries.some((entry) => entry?.grid)) return null;
  const part = (
    label: string,
    color: BarPart['color'],
    value: (entry: HistoryPeriodEntry) => number | undefined,
  ): BarPart => ({
    label,
    color,
    values: entries.map((entry) => {
      const wh = entry && value(entry);
      return wh === undefined ? null : wh / 1000;
    }),
  });
  const parts = [
    part(
      labels.selfConsumed,
      (theme) => theme.flow.selfConsumed,
      (e) => e.grid?.self_consumed_wh,
    ),
    part(
      labels.exported,
      (theme) => theme.flow.exported,
      (e) => e.grid?.export_wh,
    ),
    part(
      labels.imported,
      (theme) => theme.flow.imported,
      (e) => e.grid?.import_wh,
    ),
  ];
  const plain = part(
    labels.yield,
    (theme) => theme.flow.noMeter,
    (e) => (e.grid ? undefined : e.yield_wh),
  );
  return plain.values.some((v) => v !== null) ? [plain, ...parts] : parts;
}
