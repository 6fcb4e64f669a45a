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
  /** Only decreases (export answered before the live data caught up). */
  cutsOnly = false,
): Decision {
  const { target_w, hysteresis_w } = config;
  if (candidates.length === 0) return { state: 'holding', commands: [] };
  const share: ShareCandidate[] = candidates.map((c) => ({
    key: recordKey(c.record.device, c.record.serial),
    lower_w: c.lower_w,
    upper_w: c.upper_w,
    power_w: assumedPower(c),
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
  const planned = planCommands(plan, hysteresis_w, grid_w > target_w ? 1 : -1).filter(
    (command) =>
      !cutsOnly || command.watts < (plan.find((p) => p.key === command.key)?.from_w ?? 0),
  );
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
 * limit it confirmed (a cut answering export does not wait for it): then it counts as giving
 * its new limit, never what it gave before. After an increase that is more than it may give,
 * so a cut computed from it is too small rather than too large (the house never swings from
 * export into import on old data); the next decision, on fresh data, does the rest.
 */
function assumedPower(c: Candidate): number {
  const limit = currentLimit(c.record, c.inverter);
  const power = c.inverter.power_w ?? 0;
  if (limit === null) return power;
  const { confirmedAt } = c.record;
  const dataAt = c.inverter.data_at;
  const stale = confirmedAt !== null && (dataAt === null || dataAt <= confirmedAt);
  return stale ? limit : Math.min(power, limit);
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
