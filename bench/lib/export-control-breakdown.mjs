// Where export control's extra import and its limit commands come from (bench/export-control.mjs).
// Honest by construction: the extra import of a moment is the grid import with control minus the
// import without control at the same second of the same seeded day (same house, same sky), and
// every moment with extra import is counted under exactly one cause, the first that applies.

/** A rise in the household's consumption within a second that counts as a load step up, W. */
export const STEP_UP_W = 200;
/** How long after a load step up extra import is put down to it, ms. */
export const AFTER_STEP_UP_MS = 30_000;

export const IMPORT_CAUSES = [
  ['hysteresis', 'holding within the hysteresis (grid ≤ target + hysteresis)'],
  ['step-up', `within ${AFTER_STEP_UP_MS / 1000} s after a load step up ≥ ${STEP_UP_W} W`],
  ['sun-held', 'a sun-held inverter at its limit (the sky brightened)'],
  ['capped', 'an inverter at a limit below its upper one, not raised yet'],
  ['waiting', 'waiting (confirmation, live data, meter, spacing)'],
  ['other', 'other'],
];

/** One second of extra import for EXPORT_BENCH_TRACE: what control saw and did then. */
function traceLine(t, cause, gridOn, gridOff, s) {
  const inverters = s.inverters.map(
    (i) =>
      `${i.name}:${i.power_w}/${i.requested_w ?? i.readback_w}${i.sunHeld ? 's' : ''}${i.confirmed ? '' : '?'}`,
  );
  const time = new Date(t).toISOString().slice(11, 19);
  return `${time} ${cause} grid ${Math.round(gridOn)} off ${Math.round(gridOff)} ${s.state} ${inverters.join(' ')}`;
}

export class ImportBreakdown {
  /** Lines of EXPORT_BENCH_TRACE, or null. */
  trace = null;
  byCause = new Map(IMPORT_CAUSES.map(([key]) => [key, 0]));
  /** Moments with control importing less than without it (W·s): the extra import is net of them. */
  lessWs = 0;
  lastStepUpAt = -Infinity;

  constructor(targetW, hysteresisW) {
    this.targetW = targetW;
    this.hysteresisW = hysteresisW;
  }

  noteConsumption(t, rise) {
    if (rise >= STEP_UP_W) this.lastStepUpAt = t;
  }

  /** One tick: `status` is called only when there is extra import to put down to a cause. */
  add(t, tickMs, gridOn, gridOff, status) {
    const extra = Math.max(0, gridOn) - Math.max(0, gridOff);
    if (extra < 0) {
      this.lessWs -= (extra * tickMs) / 1000;
      return;
    }
    if (extra === 0) return;
    const cause = this.cause(t, gridOn, status);
    this.byCause.set(cause, this.byCause.get(cause) + (extra * tickMs) / 1000);
    if (this.trace && t % 1000 === 0 && extra > 2)
      this.trace.push(traceLine(t, cause, gridOn, gridOff, status()));
  }

  cause(t, gridOn, status) {
    if (gridOn <= this.targetW + this.hysteresisW) return 'hysteresis';
    if (t - this.lastStepUpAt <= AFTER_STEP_UP_MS) return 'step-up';
    const s = status();
    const atLimit = s.inverters.filter((i) => {
      const limit = i.requested_w ?? i.readback_w;
      return (
        limit !== null &&
        i.power_w !== null &&
        limit < i.upper_w &&
        i.power_w >= limit - Math.max(5, 0.02 * limit)
      );
    });
    if (atLimit.some((i) => i.sunHeld)) return 'sun-held';
    if (atLimit.length > 0) return 'capped';
    if (s.state === 'waiting') return 'waiting';
    return 'other';
  }

  /** Lines for the report, Wh. */
  lines(fmt) {
    const total = [...this.byCause.values()].reduce((a, b) => a + b, 0);
    const out = [
      `  extra import with control by cause: ${fmt(total / 3600)} Wh, less ${fmt(this.lessWs / 3600)} Wh where control imported less (net ${fmt((total - this.lessWs) / 3600)} Wh)`,
    ];
    for (const [key, label] of IMPORT_CAUSES) {
      const wh = this.byCause.get(key) / 3600;
      out.push(`    ${fmt(wh).padStart(6)} Wh  ${label}`);
    }
    return out;
  }
}

/** Limit commands by what they did: decreases, increases (sun-held, stepped), small ones. */
export class CommandBreakdown {
  counts = {
    decrease: 0,
    increase: 0,
    sunHeldIncrease: 0,
    steppedIncrease: 0,
    small: 0,
    fallback: 0,
  };
  last = new Map();
  lastIncrease = new Map();
  pending = [];

  constructor(hysteresisW) {
    this.hysteresisW = hysteresisW;
  }

  /** A limit sent (from inside the controller's step). */
  sent(t, serial, watts) {
    this.pending.push({ t, serial, watts });
  }

  /** After the step: the controller's status says why each limit went. */
  classify(status) {
    if (this.pending.length === 0) return;
    const s = status();
    for (const { t, serial, watts } of this.pending) {
      const inverter = s.inverters.find((i) => i.serial === serial);
      const before = this.last.get(serial) ?? inverter?.taken_over_w ?? null;
      this.last.set(serial, watts);
      if (inverter?.state === 'fallback' || s.state === 'starting' || s.state === 'meter_lost') {
        this.counts.fallback += 1;
        continue;
      }
      if (before !== null && Math.abs(watts - before) < 2 * this.hysteresisW)
        this.counts.small += 1;
      if (before !== null && watts < before) {
        this.counts.decrease += 1;
        continue;
      }
      this.counts.increase += 1;
      if (inverter?.sunHeld) this.counts.sunHeldIncrease += 1;
      if (t - (this.lastIncrease.get(serial) ?? -Infinity) <= 30_000)
        this.counts.steppedIncrease += 1;
      this.lastIncrease.set(serial, t);
    }
    this.pending = [];
  }

  lines() {
    const c = this.counts;
    return [
      `  by what they did: ${c.decrease} decreases, ${c.increase} increases (${c.sunHeldIncrease} to a sun-held inverter, ${c.steppedIncrease} within 30 s of the inverter's previous increase), ${c.fallback} fallback or start; ${c.small} changed the limit by less than twice the hysteresis`,
    ];
  }
}
