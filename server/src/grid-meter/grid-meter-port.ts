import type { EventEmitter } from 'node:events';
import type { GridMeterState, GridMeterStatus } from '@heliodtu/contract/grid-meter';

/**
 * What the rest of the gateway sees of the grid meter (docs/power-control.md §1): export
 * control regulates on it, the history records the house's energy flow from it, MQTT and the
 * metrics publish it. The app decorates one as `app.gridMeter` on every gateway (source 'none'
 * until the owner sets one).
 */

/** One reading, import positive (the owner's sign setting applied), W. */
export interface GridMeterReading {
  readonly power_w: number;
  /** Per phase or per summed topic, W; empty when the meter gives only a total. */
  readonly phases_w: readonly number[];
  /** When it arrived, epoch ms of the gateway's clock (device time on a simulated gateway). */
  readonly at: number;
}

export interface GridMeterEvents {
  /** Every new usable reading. */
  reading: [GridMeterReading];
  /** The state changed (ok → stale, …). */
  state: [GridMeterState];
}

export interface GridMeterPort extends EventEmitter<GridMeterEvents> {
  /** A source other than 'none' is set. */
  configured(): boolean;
  state(): GridMeterState;
  /** The newest reading while the state is 'ok', else null: nothing stale is ever handed out. */
  usable(): GridMeterReading | null;
  /**
   * The house's grid energy registers, Wh, monotonic like a meter's own: power integrated
   * between usable readings (never across a stale gap), kept in DATA_DIR/.heliodtu across
   * restarts. History buckets, today's totals, Prometheus counters and Home Assistant's
   * `total_increasing` sensors are all differences of these.
   */
  energy(): { readonly import_wh: number; readonly export_wh: number };
  /** The status as GET /api/gridmeter/status answers it. */
  status(): GridMeterStatus;
  /** Reads the meter now (an HTTP meter is polled at once) and answers the status. */
  readNow(): Promise<GridMeterStatus>;
}

/** The simulated house (SIM_METER=house), decorated as `app.simulatedHouse` when on. */
export interface SimulatedHousePort {
  /** The house's grid power now, as a Shelly Pro 3EM would measure it (import positive). */
  reading(): GridMeterReading;
}
