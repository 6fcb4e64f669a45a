import { EXPORT_CONTROL_CONFIRM_TOLERANCE } from '../limits.js';

/**
 * Export control's rules of change (docs/power-control.md §3): when to act at all, which
 * commands to send and in which order, what counts as confirmed, what counts as an owner's
 * manual limit, and the daily window. Pure and zod-free (the screen explains with them).
 */

/** Nothing to do while the grid power is within the target ± the hysteresis. */
export function withinHysteresis(grid_w: number, target_w: number, hysteresis_w: number): boolean {
  return Math.abs(grid_w - target_w) <= hysteresis_w;
}

/** A change worth a command: at least the hysteresis (and at least 1 W). */
export function worthCommand(from_w: number, to_w: number, hysteresis_w: number): boolean {
  return Math.abs(to_w - from_w) >= Math.max(1, hysteresis_w);
}

/** Inverters report their limit in 0.1 % steps of their maximum: a read-back is that coarse. */
export const LIMIT_READBACK_STEP = 0.001;

/**
 * A read-back confirms a request when it is within 2 % of it, or within the inverter's own
 * reporting step (0.1 % of its maximum) and at least 1 W, for small requests.
 */
export function confirms(
  readback_w: number | null,
  requested_w: number,
  max_power_w: number | null = null,
): boolean {
  if (readback_w === null) return false;
  const step = LIMIT_READBACK_STEP * (max_power_w ?? 0);
  const tolerance = Math.max(1, step, EXPORT_CONTROL_CONFIRM_TOLERANCE * requested_w);
  return Math.abs(readback_w - requested_w) <= tolerance;
}

/**
 * A read-back that moved away from the limit control had confirmed (with no request of its
 * own pending) was set by someone else: the owner, on the device, over MQTT or the API.
 */
export function isManualChange(
  confirmed_w: number | null,
  readback_w: number | null,
  max_power_w: number | null = null,
): boolean {
  if (confirmed_w === null || readback_w === null) return false;
  return !confirms(readback_w, confirmed_w, max_power_w);
}

export interface PlannedLimit {
  readonly key: string;
  /** The limit it runs under now (what control asked last, or its read-back), W. */
  readonly from_w: number;
  /** What the sharing rule wants, W. */
  readonly to_w: number;
  readonly lower_w: number;
  readonly upper_w: number;
  /** An increase now would come sooner than the command spacing after its last one. */
  readonly increaseHeld: boolean;
  /** Its output follows its limit (not held by the sun): a change of limit shows in the meter. */
  readonly follows?: boolean;
  /** Limit commands it was sent in the last hour (the one that takes a change alone is the least used). */
  readonly recentCommands?: number;
}

/** How far from its share an inverter that takes a change alone may go: share of its upper limit. */
export const LONE_CHANGE_SHARE = 0.1;

/**
 * One inverter that can take a whole change alone, or null: its output follows its limit, the
 * new limit stays within its bounds and within 10 % of its upper limit (at least twice the
 * hysteresis) of its share. The least used in the last hour, then the one with most room.
 */
export function loneTaker(
  plan: readonly PlannedLimit[],
  change_w: number,
  hysteresis_w: number,
): PlannedLimit | null {
  const fits = plan.filter((p) => {
    if (!p.follows || (change_w > 0 && p.increaseHeld)) return false;
    const next = p.from_w + change_w;
    const tolerance = Math.max(2 * hysteresis_w, LONE_CHANGE_SHARE * p.upper_w);
    return next >= p.lower_w && next <= p.upper_w && Math.abs(next - p.to_w) <= tolerance;
  });
  const room = (p: PlannedLimit) => (change_w < 0 ? p.from_w - p.lower_w : p.upper_w - p.from_w);
  fits.sort((a, b) => (a.recentCommands ?? 0) - (b.recentCommands ?? 0) || room(b) - room(a));
  return fits[0] ?? null;
}

export interface LimitCommand {
  readonly key: string;
  readonly watts: number;
}

/**
 * The commands for one decision: decreases first (export is answered at once, never held back
 * by the spacing), then increases not held back by the spacing. A change smaller than the
 * hysteresis gets no command; when many such small changes add up to the hysteresis or more
 * (several inverters sharing one change), the sum goes to the inverter that can take it best,
 * so that a change is never lost by being split. With `direction` (+1: the house imports,
 * −1: it exports) only changes that way are sent: lowering a limit while the house imports
 * (a sun-held inverter's room trimmed) or raising one while it exports changes nothing the
 * meter would see, and only costs a command and a wait.
 */
export function planCommands(
  plan: readonly PlannedLimit[],
  hysteresis_w: number,
  direction: -1 | 0 | 1 = 0,
): LimitCommand[] {
  const targets = new Map(plan.map((p) => [p.key, p.to_w]));
  for (const sign of [-1, 1]) {
    if (direction !== 0 && sign !== direction) continue;
    const small = plan.filter(
      (p) => Math.sign(p.to_w - p.from_w) === sign && !worthCommand(p.from_w, p.to_w, hysteresis_w),
    );
    const rest = small.reduce((sum, p) => sum + (p.to_w - p.from_w), 0);
    if (small.length < 2 || !worthCommand(0, rest, hysteresis_w)) continue;
    const room = (p: PlannedLimit) => (sign < 0 ? p.from_w - p.lower_w : p.upper_w - p.from_w);
    const best = [...small].sort((a, b) => room(b) - room(a))[0];
    if (!best) continue;
    for (const p of small) targets.set(p.key, p.from_w);
    const moved = best.from_w + rest;
    targets.set(best.key, Math.min(best.upper_w, Math.max(best.lower_w, moved)));
  }
  const commands = plan
    .map((p) => ({ p, watts: targets.get(p.key) ?? p.from_w }))
    .filter(({ p, watts }) => worthCommand(p.from_w, watts, hysteresis_w));
  const decreases = commands.filter(({ p, watts }) => watts < p.from_w && direction <= 0);
  const increases = commands.filter(
    ({ p, watts }) => watts > p.from_w && !p.increaseHeld && direction >= 0,
  );
  const chosen = direction > 0 ? increases : direction < 0 ? decreases : [];
  if (chosen.length > 1) {
    // A change several inverters would share goes to one when one can take it whole: one
    // command and one wait instead of several (a kettle's cycles would cost every inverter).
    const change = chosen.reduce((sum, { p, watts }) => sum + (watts - p.from_w), 0);
    const taker = loneTaker(plan, change, hysteresis_w);
    if (taker) return [{ key: taker.key, watts: Math.round(taker.from_w + change) }];
  }
  return [...decreases, ...increases].map(({ p, watts }) => ({ key: p.key, watts }));
}

/** "HH:MM" as minutes after midnight. */
export function clockMinutes(text: string): number {
  const [hours, minutes] = text.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Whether a local time (minutes after midnight) is inside the daily window [start, end).
 * A start after the end spans midnight (22:00–06:00); equal start and end is the whole day.
 */
export function inDailyWindow(minutes: number, start: string, end: string): boolean {
  const from = clockMinutes(start);
  const to = clockMinutes(end);
  if (from === to) return true;
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}
