import type { GridMeterState, HouseEnergy } from '@heliodtu/contract/grid-meter';

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

/** Today's energy flow from the grid registers' day and the fleet's yield (Wh). */
export function houseEnergy(
  grid: { import_wh: number; export_wh: number },
  production_wh: number,
): HouseEnergy {
  const consumption_wh = Math.max(0, production_wh + grid.import_wh - grid.export_wh);
  const self =
    production_wh > 0
      ? Math.min(100, Math.max(0, ((production_wh - grid.export_wh) / production_wh) * 100))
      : null;
  return { production_wh, ...grid, consumption_wh, self_consumption_pct: self };
}
