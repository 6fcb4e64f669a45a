import {
  HISTORY_CSV_COLUMNS,
  HISTORY_CSV_DEVICE_COLUMN,
  HISTORY_CSV_GRID_COLUMNS,
} from '@heliodtu/contract/history';
import type { HistoryResolution } from '@heliodtu/contract/domain/history-dates';
import { houseRows, type CsvGrid } from './csv-house.js';
import { orderedInverters, type QueryContext } from './queries.js';

/**
 * The CSV export (RFC 4180, UTF-8, CRLF), produced a day at a time so a long range streams
 * without being held in memory. Per inverter and day, the bucket rows' energy sums to the
 * day row's yield (both come from the same counter steps).
 */

/** A field as CSV: quoted when needed; a leading = + - @ is defused for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: (string | number)[]) => fields.map(csvField).join(',') + '\r\n';
const fixed1 = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/**
 * The export of local days [from, to] as chunks of text (one per day), header first; several
 * devices (a companion without `dtu=`) day by day, each device's rows in turn.
 */
export function* csvChunks(
  contexts: readonly QueryContext[],
  from: number,
  to: number,
  resolution: HistoryResolution,
  serial?: string,
  /** Several devices (issue 27): a last column with the device id. */
  deviceColumn = false,
  /** The house's grid flow (issue 35): its columns when the meter recorded in the range. */
  grid?: CsvGrid,
): Generator<string> {
  const withGrid =
    grid !== undefined && serial === undefined && grid.rows.days(from, to).length > 0;
  yield csvLine([
    ...HISTORY_CSV_COLUMNS[resolution],
    ...(withGrid ? HISTORY_CSV_GRID_COLUMNS : []),
    ...(deviceColumn ? [HISTORY_CSV_DEVICE_COLUMN] : []),
  ]);
  const gridBlank = withGrid ? HISTORY_CSV_GRID_COLUMNS.map(() => '') : [];
  const devices = contexts.map((ctx) => ({
    ctx,
    inverters: orderedInverters(ctx).filter((i) => serial === undefined || i.serial === serial),
    device: deviceColumn ? [ctx.device] : [],
  }));
  for (let day = from; day <= to; day++) {
    let chunk = '';
    for (const { ctx, inverters, device } of devices) {
      chunk += dayRows(ctx, inverters, day, resolution, (fields) =>
        csvLine([...fields, ...gridBlank, ...device]),
      );
    }
    if (withGrid) {
      const blankDevice = deviceColumn ? [''] : [];
      for (const fields of houseRows(devices, grid, day, resolution)) {
        chunk += csvLine([...fields, ...blankDevice]);
      }
    }
    if (chunk) yield chunk;
  }
}

/** One device's rows of local day `day`. */
function dayRows(
  ctx: QueryContext,
  inverters: ReturnType<typeof orderedInverters>,
  day: number,
  resolution: HistoryResolution,
  line: (fields: (string | number)[]) => string,
): string {
  const { calendar, store } = ctx;
  let chunk = '';
  if (resolution === 'day') {
    const rows = new Map(store.days(day, day).map((r) => [r.inv, r]));
    for (const inv of inverters) {
      const row = rows.get(inv.id);
      if (!row) continue;
      const at = row.peak > 0 ? row.peakAt : null;
      chunk += line([
        calendar.dateOf(day),
        inv.serial,
        inv.name,
        fixed1(row.wh),
        fixed1(row.peak / 10),
        at === null ? '' : calendar.clockOf(at * 1000),
      ]);
    }
    return chunk;
  }
  const [fromS, toS] = [calendar.startOf(day) / 1000, calendar.startOf(day + 1) / 1000];
  const order = new Map(inverters.map((inv, i) => [inv.id, i]));
  const rows = store
    .bucketsBetween(fromS, toS)
    .flatMap((r) => {
      const i = order.get(r.inv);
      const inv = i === undefined ? undefined : inverters[i];
      return inv && i !== undefined ? [{ inv, order: i, r }] : [];
    })
    .sort((a, b) => a.r.t - b.r.t || a.order - b.order);
  for (const { inv, r } of rows) {
    chunk += line([
      new Date(r.t * 1000).toISOString().replace('.000Z', 'Z'),
      calendar.dateTimeOf(r.t * 1000),
      inv.serial,
      inv.name,
      fixed1(r.avg / 10),
      fixed1(r.max / 10),
      fixed1(r.wh),
    ]);
  }
  return chunk;
}
