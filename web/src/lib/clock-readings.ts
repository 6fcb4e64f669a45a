/**
 * A clock known from readings taken now and then (a device's or a gateway's, which may run
 * simulated and faster than the host's: SIM_SPEED), ticked on between them at the rate measured
 * from the last two. The live view's device clock and the Alerts screen's gateway clock share it.
 */

export interface ClockReading {
  /**
   * The clock's time as epoch ms: a device's local wall clock read as if it were UTC
   * (device-clock.ts), a gateway's alert clock as it is.
   */
  readonly device: number;
  /** Host time (Date.now()) when it was read. */
  readonly host: number;
}

/** The clock's ms at host time `host`, from up to the last two readings; the host time without any. */
export function deviceTimeAt(readings: readonly ClockReading[], host: number): number {
  const last = readings[readings.length - 1];
  if (!last) return host;
  const before = readings[readings.length - 2];
  let rate = 1;
  if (before && last.host - before.host >= 1_000 && last.device > before.device) {
    // Clamped: a clock set by hand between two readings must not make the estimate wild.
    rate = Math.min(
      1_000,
      Math.max(0.1, (last.device - before.device) / (last.host - before.host)),
    );
  }
  return last.device + (host - last.host) * rate;
}
