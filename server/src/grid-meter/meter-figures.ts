import type { GridMeterState, HouseEnergy } from '@heliodtu/contract/grid-meter';
import type { CountedDay } from './energy-registers.js';

/** The status's plain English line for `state`. */
export function stateDetail(state: GridMeterState, staleAfterS: number, failure: string): string {
  const lines: Partial<Record<GridMeterState, string>> = {
    off: 'No grid meter is set.',
    waiting: 'No reading has arrived yet.',
    stale: `The newest reading is older than ${staleAfterS} s.`,
    implausible: "The house's consumption comes out below zero: check the sign setting.",
    ok: '',
  };
  return lines[state] ?? failure;
}

/**
 * Today's energy flow from the grid registers' day and the production over the same time (Wh);
 * `countedFrom` when that time began after local midnight (null: the whole day).
 */
export function houseEnergy(
  grid: { import_wh: number; export_wh: number },
  production_wh: number,
  countedFrom: number | null = null,
): HouseEnergy {
  const consumption_wh = Math.max(0, production_wh + grid.import_wh - grid.export_wh);
  const self =
    production_wh > 0
      ? Math.min(100, Math.max(0, ((production_wh - grid.export_wh) / production_wh) * 100))
      : null;
  return {
    production_wh,
    import_wh: grid.import_wh,
    export_wh: grid.export_wh,
    consumption_wh,
    self_consumption_pct: self,
    counted_from: countedFrom,
  };
}

/**
 * Today's flow from what the registers counted: counting since local midnight takes the
 * fleet's own day counters as the day's production; counting begun during the day (a meter
 * set, a gateway started) only what was produced while the meter counted, or the morning's
 * production would count as the house's consumption.
 */
export function countedHouseEnergy(
  counted: CountedDay,
  dayStart: number,
  productionTodayWh: number,
): HouseEnergy {
  const whole = counted.counted_from <= dayStart;
  return houseEnergy(
    counted,
    whole ? productionTodayWh : counted.production_wh,
    whole ? null : counted.counted_from,
  );
}
