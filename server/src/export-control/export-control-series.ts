import type { ExportControlPoint } from '@heliodtu/contract/export-control';

/** A point every 5 s of the gateway's clock, the last 15 minutes (the screen's chart). */
export const SERIES_STEP_MS = 5_000;
export const SERIES_SPAN_MS = 15 * 60_000;

export class ExportControlSeries {
  private readonly points: ExportControlPoint[] = [];

  /** Adds the point when 5 s have passed since the last one; drops what is older than 15 min. */
  offer(point: ExportControlPoint): void {
    const last = this.points.at(-1);
    if (last !== undefined && point.t - last.t < SERIES_STEP_MS && point.t >= last.t) return;
    // A clock set back (a simulated day restarted) starts the chart afresh.
    if (last !== undefined && point.t < last.t) this.points.length = 0;
    this.points.push(point);
    while ((this.points[0]?.t ?? point.t) < point.t - SERIES_SPAN_MS) this.points.shift();
  }

  list(): ExportControlPoint[] {
    return this.points.map((p) => ({ ...p }));
  }
}
