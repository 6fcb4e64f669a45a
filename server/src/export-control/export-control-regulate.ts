import type {
  ExportControlConfig,
  ExportControlState,
  GovernedInverter,
} from '@heliodtu/contract/export-control';
import {
  isSunHeld,
  neededProduction,
  shareLimits,
  type ShareCandidate,
} from '@heliodtu/contract/domain/export-control-share';
import { planCommands, withinHysteresis } from '@heliodtu/contract/domain/export-control-decide';
import type { GovernableInverter } from './export-control-port.js';
import type { GridMeterReading } from '../grid-meter/grid-meter-port.js';
import {
  EXPORT_CONTROL_COMMANDS_PER_HOUR,
  EXPORT_CONTROL_DECREASE_RESERVE,
} from '@heliodtu/contract/limits';
import {
  commandsInLastHour,
  currentLimit,
  recordKey,
  type GovernedRecord,
} from './governed-record.js';

/** One governed inverter control may change now. */
export interface Candidate {
  readonly record: GovernedRecord;
  readonly inverter: GovernableInverter;
  readonly lower_w: number;
  readonly upper_w: number;
  /** Its limit while control cannot see the grid, W (the owner's, else its lower limit). */
  readonly fallback_w: number;
}

/**
 * A change may follow a confirmed one before that inverter's live data once the meter has read
 * this long after the confirmation (a cut answering export, a raise answering a load come on).
 */
const CONFIRMED_SETTLE_MS = 2_000;

/**
 * Import this far above the target (and at least the hysteresis) is answered without waiting
 * for live data, as export is: a kettle switched on while control waits for a DTU's next poll
 * would otherwise be drawn from the grid for up to one poll cycle (15 s for three inverters).
 */
export const EARLY_RAISE_MIN_W = 100;

/**
 * Whether a change may go before the changed inverters' live data caught up (0: wait). Export
 * beyond the hysteresis is answered with cuts (−1), import of EARLY_RAISE_MIN_W or more above the
 * target with raises (+1), once every changed inverter confirmed its limit and the meter read
 * since: then the meter already shows what those limits do, and regulate counts what each gives
 * so that the change comes out too small rather than too large (never a swing past the target).
 */
export function earlyDirection(
  cfg: ExportControlConfig,
  reading: GridMeterReading,
  unsettled: readonly Candidate[],
): -1 | 0 | 1 {
  const excess = reading.power_w - cfg.target_w;
  const direction = excess < -cfg.hysteresis_w ? -1 : excess >= earlyRaiseMargin(cfg) ? 1 : 0;
  if (direction === 0) return 0;
  const seen = unsettled.every(
    (c) =>
      c.record.confirmedAt !== null && reading.at >= c.record.confirmedAt + CONFIRMED_SETTLE_MS,
  );
  return seen ? direction : 0;
}

/** How far above the target import must be for a raise before live data, W. */
export function earlyRaiseMargin(cfg: Pick<ExportControlConfig, 'hysteresis_w'>): number {
  return Math.max(EARLY_RAISE_MIN_W, cfg.hysteresis_w);
}

export interface Decision {
  readonly state: ExportControlState;
  readonly commands: readonly { candidate: Candidate; watts: number }[];
}

/**
 * One decision from what is measured (docs/power-control.md §3): the production needed is
 * shared among the inverters control may change now; inverters away, paused or at their
 * fallback are not among them, so nobody makes up for them beyond their own upper limits.
 */
export function regulate(
  candidates: readonly Candidate[],
  grid_w: number,
  config: ExportControlConfig,
  now: number,
  /**
   * Before the live data of the last change caught up: only decreases (−1, export answered) or
   * only increases (+1, a load come on); 0 on settled data.
   */
  early: -1 | 0 | 1 = 0,
): Decision {
  const { target_w, hysteresis_w } = config;
  if (candidates.length === 0) return { state: 'holding', commands: [] };
  const share: ShareCandidate[] = candidates.map((c) => ({
    key: recordKey(c.record.device, c.record.serial),
    lower_w: c.lower_w,
    upper_w: c.upper_w,
    power_w: assumedPower(c, early),
    limit_w: currentLimit(c.record, c.inverter),
    inputs_w: c.inverter.inputs_w,
  }));
  share.forEach((candidate, n) => {
    const record = candidates[n]?.record;
    if (!record) return;
    record.reason = isSunHeld(candidate)
      ? 'The sun holds it below its limit: no more headroom than it can use'
      : 'Shares the production needed by its upper limit';
  });
  if (withinHysteresis(grid_w, target_w, hysteresis_w)) return { state: 'holding', commands: [] };
  const needed = neededProduction(share, grid_w, target_w);
  const limits = shareLimits(share, needed);
  const spacingMs = config.command_spacing_s * 1000;
  const plan = candidates.map((c, n) => {
    const candidate = share[n];
    const key = candidate?.key ?? '';
    const recent = commandsInLastHour(c.record, now);
    const from = currentLimit(c.record, c.inverter) ?? c.upper_w;
    return {
      key,
      from_w: from,
      to_w: limits.get(key) ?? from,
      lower_w: c.lower_w,
      upper_w: c.upper_w,
      increaseHeld:
        (c.record.lastIncreaseAt !== null && now - c.record.lastIncreaseAt < spacingMs) ||
        recent >= EXPORT_CONTROL_COMMANDS_PER_HOUR - EXPORT_CONTROL_DECREASE_RESERVE,
      follows: candidate ? !isSunHeld(candidate) : false,
      recentCommands: recent,
    };
  });
  const planned = planCommands(plan, hysteresis_w, grid_w > target_w ? 1 : -1).filter((command) => {
    const from = plan.find((p) => p.key === command.key)?.from_w ?? 0;
    return early === 0 || Math.sign(command.watts - from) === early;
  });
  const byKey = new Map(candidates.map((c, n) => [share[n]?.key ?? '', c]));
  const commands = planned.flatMap((command) => {
    const candidate = byKey.get(command.key);
    return candidate ? [{ candidate, watts: command.watts }] : [];
  });
  if (commands.length > 0) return { state: 'regulating', commands };
  const importing = grid_w > target_w;
  const atBound = plan.every((p) =>
    importing ? p.from_w >= p.upper_w - hysteresis_w : p.from_w <= p.lower_w + hysteresis_w,
  );
  if (atBound) return { state: importing ? 'at_upper' : 'at_lower', commands: [] };
  // Increases held back by the command spacing wait; changes too small to send hold.
  const spacing = plan.some((p) => p.increaseHeld && p.to_w > p.from_w);
  return { state: spacing ? 'waiting' : 'holding', commands: [] };
}

/**
 * What an inverter gives now as far as a decision can tell. Its live data may be older than a
 * limit it confirmed (an early change does not wait for it). For a cut it then counts as giving
 * its new limit, never what it gave before: after an increase that is more than it may give,
 * so the cut comes out too small rather than too large (the house never swings from export into
 * import on old data). For a raise it counts as what it last reported, at most its new limit:
 * after an increase that is less than it gives now, so the raise comes out too small rather
 * than too large (no swing into export). The next decision, on fresh data, does the rest.
 */
function assumedPower(c: Candidate, early: -1 | 0 | 1): number {
  const limit = currentLimit(c.record, c.inverter);
  const power = c.inverter.power_w ?? 0;
  if (limit === null) return power;
  const { confirmedAt } = c.record;
  const dataAt = c.inverter.data_at;
  const stale = confirmedAt !== null && (dataAt === null || dataAt <= confirmedAt);
  return stale && early <= 0 ? limit : Math.min(power, limit);
}

/** A governed inverter as a candidate, its upper limit never above its own maximum. */
export function candidateOf(
  record: GovernedRecord,
  inverter: GovernableInverter,
  governed: GovernedInverter,
): Candidate {
  // A limit above the inverter's own maximum would never be read back as asked.
  const upper = Math.min(governed.upper_w, inverter.max_power_w ?? governed.upper_w);
  return {
    record,
    inverter,
    lower_w: Math.min(governed.lower_w, upper),
    upper_w: upper,
    fallback_w: governed.fallback_w ?? governed.lower_w,
  };
}
