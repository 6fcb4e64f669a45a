import {
  HISTORY_EXPORT_MAX_DAYS,
  addDays,
  daysInMonth,
  formatHistoryDate,
  formatHistoryMonth,
  parseHistoryDate,
  type HistoryResolution,
} from '@heliodtu/contract/domain/history-dates';
import { HISTORY_PATHS } from '@heliodtu/contract/domain/history-paths';

/** The four views of the History screen; the URL keeps the view and its anchor date. */
export const HISTORY_VIEWS = ['day', 'month', 'year', 'lifetime'] as const;
export type HistoryView = (typeof HISTORY_VIEWS)[number];

/**
 * What is shown: a view and one local date inside its period (the gateway's calendar), and on a
 * companion of several devices the device (`dtu`; absent: all devices together, issue 27).
 */
export interface HistorySelection {
  view: HistoryView;
  date: string;
  dtu?: string | undefined;
}

/** An inverter of the history: on a companion's all-devices answer, with its device. */
export interface HistoryInverterRef {
  serial: string;
  dtu?: string | undefined;
}

/** A key that keeps one serial on two devices apart. */
export const inverterKey = (inverter: HistoryInverterRef) =>
  inverter.dtu ? `${inverter.dtu}/${inverter.serial}` : inverter.serial;

/** The calendar bounds navigation stays in: the first day with data and the gateway's today. */
export interface HistoryBounds {
  firstDay: string | null;
  today: string;
}

/** Reads `?view=&date=`; anything unknown or outside the bounds falls back to today's day view. */
export function selectionFromSearch(search: string, bounds: HistoryBounds): HistorySelection {
  const params = new URLSearchParams(search);
  const viewParam = params.get('view');
  const view = HISTORY_VIEWS.find((v) => v === viewParam) ?? 'day';
  const dateParam = params.get('date') ?? '';
  const valid = parseHistoryDate(dateParam) !== null && dateParam <= bounds.today;
  const dtu = params.get('dtu');
  return { view, date: valid ? dateParam : bounds.today, ...(dtu ? { dtu } : {}) };
}

/** The device a search names (`?dtu=`), before the bounds are known. */
export const deviceOfSearch = (search: string) =>
  new URLSearchParams(search).get('dtu') || undefined;

export function searchOf(selection: HistorySelection): string {
  return new URLSearchParams({
    view: selection.view,
    date: selection.date,
    ...(selection.dtu ? { dtu: selection.dtu } : {}),
  }).toString();
}

/** 'YYYY-MM' and 'YYYY' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);
export const yearOf = (date: string) => date.slice(0, 4);

/** The first and last day of the selection's period, clamped to the bounds where they matter. */
export function periodDays(selection: HistorySelection, bounds: HistoryBounds) {
  const { view, date } = selection;
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  switch (view) {
    case 'day':
      return { from: date, to: date };
    case 'month':
      return {
        from: formatHistoryDate({ year, month, day: 1 }),
        to: formatHistoryDate({ year, month, day: daysInMonth(year, month) }),
      };
    case 'year':
      return { from: `${yearOf(date)}-01-01`, to: `${yearOf(date)}-12-31` };
    case 'lifetime':
      return { from: bounds.firstDay ?? bounds.today, to: bounds.today };
  }
}

/**
 * The selection one period back (-1) or forward (+1): a day, a month (to its first day) or a
 * year. Null when that leaves the bounds (before the first month with data, after today).
 */
export function shiftSelection(
  selection: HistorySelection,
  step: -1 | 1,
  bounds: HistoryBounds,
): HistorySelection | null {
  const { view, date } = selection;
  if (view === 'lifetime') return null;
  let next: string;
  if (view === 'day') next = addDays(date, step);
  else if (view === 'month') {
    const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + step;
    next = `${formatHistoryMonth(Math.floor(index / 12), (index % 12) + 1)}-01`;
  } else next = `${Number(yearOf(date)) + step}-01-01`;
  const first = bounds.firstDay ?? bounds.today;
  const tooEarly =
    view === 'day'
      ? next < first
      : view === 'month'
        ? monthOf(next) < monthOf(first)
        : yearOf(next) < yearOf(first);
  const tooLate =
    view === 'day'
      ? next > bounds.today
      : view === 'month'
        ? monthOf(next) > monthOf(bounds.today)
        : yearOf(next) > yearOf(bounds.today);
  if (tooEarly || tooLate) return null;
  // A later period than today's month/year starts after today: keep the anchor at today.
  return { view, date: next > bounds.today ? bounds.today : next };
}

/**
 * The CSV export of what is shown: 5-minute buckets for a day, daily rows for the longer views
 * (the lifetime cut to the newest HISTORY_EXPORT_MAX_DAYS days).
 */
export function exportQuery(
  selection: HistorySelection,
  bounds: HistoryBounds,
  inverter?: HistoryInverterRef,
): { path: string; query: Record<string, string> } {
  const resolution: HistoryResolution = selection.view === 'day' ? 'bucket' : 'day';
  let { from, to } = periodDays(selection, bounds);
  if (to > bounds.today) to = bounds.today;
  const oldest = addDays(to, -(HISTORY_EXPORT_MAX_DAYS[resolution] - 1));
  if (from < oldest) from = oldest;
  const query: Record<string, string> = { from, to, resolution };
  if (inverter) query['serial'] = inverter.serial;
  const dtu = inverter?.dtu ?? selection.dtu;
  if (dtu) query['dtu'] = dtu;
  return { path: HISTORY_PATHS.export, query };
}

/**
 * The period one level down from a bar: a day of the month view opens that day, a month of the
 * year view that month, a year of the lifetime view that year. Null for the day view.
 */
export function drillDown(view: HistoryView, key: string): HistorySelection | null {
  if (view === 'month' && /^\d{4}-\d{2}-\d{2}$/.test(key)) return { view: 'day', date: key };
  if (view === 'year' && /^\d{4}-\d{2}$/.test(key)) return { view: 'month', date: `${key}-01` };
  if (view === 'lifetime' && /^\d{4}$/.test(key)) return { view: 'year', date: `${key}-01-01` };
  return null;
}
