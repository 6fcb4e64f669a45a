import { HISTORY_CSV_HOUSE_NAME } from '@heliodtu/contract/history';
import type { HistoryResolution } from '@heliodtu/contract/domain/history-dates';
import type { GridRows } from './grid-rows.js';
import type { LocalCalendar } from './local-day.js';
import type { QueryContext, orderedInverters } from './queries.js';

/**
 * The house's rows of the CSV export (issue 35): one per day, or per grid bucket, with the
 * production of every exported inverter, the grid's import and export and the consumption
 * derived from them (contract HISTORY_CSV_GRID_COLUMNS).
 */

export interface CsvGrid {
  rows: GridRows;
  /** The gateway's local days (the main device's zone), as the grid was recorded in. */
  calendar: LocalCalendar;
}

interface CsvDevice {
  ctx: QueryContext;
  inverters: ReturnType<typeof orderedInverters>;
}

const fixed1 = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

const flow = (productionWh: number, importWh: number, exportWh: number) => [
  fixed1(importWh),
  fixed1(exportWh),
  fixed1(Math.max(0, productionWh + importWh - exportWh)),
];

/** The house's rows of local day `day`: fields of the resolution's columns, then the grid's. */
export function houseRows(
  devices: readonly CsvDevice[],
  grid: CsvGrid,
  day: number,
  resolution: HistoryResolution,
): (string | number)[][] {
  const { calendar, rows } = grid;
  if (resolution === 'day') {
    const totals = rows.day(day);
    if (!totals) return [];
    let production = 0;
    for (const { ctx, inverters } of devices) {
      const ids = new Set(inverters.map((i) => i.id));
      for (const row of ctx.store.days(day, day)) if (ids.has(row.inv)) production += row.wh;
    }
    return [
      [
        calendar.dateOf(day),
        '',
        HISTORY_CSV_HOUSE_NAME,
        fixed1(production),
        '',
        '',
        ...flow(production, totals.importWh, totals.exportWh),
      ],
    ];
  }
  const [fromS, toS] = [calendar.startOf(day) / 1000, calendar.startOf(day + 1) / 1000];
  const production = new Map<number, number>();
  for (const { ctx, inverters } of devices) {
    const ids = new Set(inverters.map((i) => i.id));
    for (const r of ctx.store.bucketsBetween(fromS, toS)) {
      if (ids.has(r.inv)) production.set(r.t, (production.get(r.t) ?? 0) + r.wh);
    }
  }
  return rows.buckets(fromS, toS).map((b) => {
    const wh = production.get(b.t) ?? 0;
    return [
      new Date(b.t * 1000).toISOString().replace('.000Z', 'Z'),
      calendar.dateTimeOf(b.t * 1000),
      '',
      HISTORY_CSV_HOUSE_NAME,
      '',
      '',
      fixed1(wh),
      ...flow(wh, b.importWh, b.exportWh),
    ];
  });
}
