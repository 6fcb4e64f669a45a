/**
 * Export control's sharing rule (docs/power-control.md §3): how much the governed inverters
 * must produce, and how that is shared among them. Pure and zod-free, so the Power control
 * screen can explain a limit with the same code the gateway decides it with.
 */

/** An input giving less than this share of its part of the limit is held by the sun. */
export const SUN_HELD_INPUT_SHARE = 0.97;
/**
 * An inverter giving less than this share of its limit is held by the sun as a whole. Looser
 * than the inputs' rule: inverters give a few percent below their limit (conversion, the
 * limit's 0.1 % steps) while the limit holds them.
 */
export const SUN_HELD_OUTPUT_SHARE = 0.9;
/**
 * Room a sun-held inverter keeps above what it produces, as a share of its upper limit (at
 * least SUN_HELD_HEADROOM_MIN_W): enough that it stays "clearly below its limit" while the sun
 * holds it (so the rule does not flip from one decision to the next), and that a brightening
 * sky reaches its limit and gives it its full share again.
 */
export const SUN_HELD_HEADROOM_SHARE = 0.05;
export const SUN_HELD_HEADROOM_MIN_W = 10;

export interface ShareCandidate {
  /** Anything unique (device + serial). */
  readonly key: string;
  readonly lower_w: number;
  readonly upper_w: number;
  /** AC power now, W. */
  readonly power_w: number;
  /** The limit it runs under now, W (null while unknown: then nothing is sun-held). */
  readonly limit_w: number | null;
  /** DC power per input, W. */
  readonly inputs_w: readonly number[];
}

/** What an inverter can give now: its upper limit, or less where the sun holds inputs back. */
export function usableOutput(inverter: ShareCandidate): number {
  const { upper_w, limit_w, inputs_w, power_w } = inverter;
  if (limit_w === null || limit_w <= 0 || inputs_w.length === 0) return upper_w;
  // Clearly below its limit, the limit holds nothing back: most inverters (HMS, HMT) cap their
  // whole output, so a strong input above its part of the limit is not capped by it. Counting
  // such inputs as room would give this inverter a share it cannot produce and starve the
  // others (the house imports while the sun could cover it); too little is the safe side, as
  // the others take the rest and it gets more once they are all at their upper limits.
  if (Math.max(0, power_w) < SUN_HELD_OUTPUT_SHARE * limit_w) {
    return Math.min(upper_w, Math.max(0, power_w));
  }
  const perInput = limit_w / inputs_w.length;
  const held = inputs_w.filter((w) => w < SUN_HELD_INPUT_SHARE * perInput).length;
  if (held === 0) return upper_w;
  // Inputs the limit holds (not the sun) could each still grow to their part of the upper limit.
  const free = inputs_w.length - held;
  const growth = (free / inputs_w.length) * Math.max(0, upper_w - limit_w);
  return Math.min(upper_w, Math.max(0, power_w) + growth);
}

/** The room a sun-held inverter keeps above what it is expected to give, W. */
export function sunHeldHeadroom(upper_w: number): number {
  return Math.max(SUN_HELD_HEADROOM_MIN_W, SUN_HELD_HEADROOM_SHARE * upper_w);
}

/**
 * An input above this share of its part of the limit is not capped by it (the inverter caps its
 * AC total). An inverter that caps each input at its part of the limit (HM units, HMS-4CH
 * before firmware 1.1.12) shows its capped inputs at their part ÷ the conversion efficiency,
 * a few percent above it, and none beyond.
 */
export const PER_INPUT_CAP_MAX_SHARE = 1.1;

/**
 * The limit an inverter clearly below its limit needs so that none of its inputs is capped:
 * when its strongest inputs sit at their part of the limit and none above (an inverter that
 * caps each input: east strings capped in the morning while the west ones get little), the
 * inputs count times the strongest input plus the headroom; else 0. Without it such an
 * inverter looks sun-held as a whole and its limit stays where it caps its strong inputs.
 */
export function perInputLimitFloor(inverter: ShareCandidate, headroom_w: number): number {
  const { limit_w, inputs_w, power_w } = inverter;
  if (limit_w === null || limit_w <= 0 || inputs_w.length < 2) return 0;
  if (Math.max(0, power_w) >= SUN_HELD_OUTPUT_SHARE * limit_w) return 0;
  const part = limit_w / inputs_w.length;
  const strongest = Math.max(...inputs_w);
  if (strongest < SUN_HELD_INPUT_SHARE * part || strongest > PER_INPUT_CAP_MAX_SHARE * part) {
    return 0;
  }
  return inputs_w.length * strongest + headroom_w;
}

/** Whether the sun, not the limit, holds the inverter's output back (some input is shaded). */
export function isSunHeld(inverter: ShareCandidate): boolean {
  return usableOutput(inverter) < inverter.upper_w;
}

/**
 * The production the governed inverters must give: what they give now plus the grid power
 * above the target (import positive), kept within the sum of their lower and upper limits.
 */
export function neededProduction(
  inverters: readonly ShareCandidate[],
  grid_w: number,
  target_w: number,
): number {
  const producing = inverters.reduce((sum, i) => sum + Math.max(0, i.power_w), 0);
  const lowest = inverters.reduce((sum, i) => sum + i.lower_w, 0);
  const highest = inverters.reduce((sum, i) => sum + i.upper_w, 0);
  return Math.min(highest, Math.max(lowest, producing + grid_w - target_w));
}

interface Band {
  readonly weight: number;
  readonly low: number;
  readonly high: number;
}

/** Σ clamp(level × weight, low, high) = total, solved for level by bisection (monotonic). */
function fill(bands: readonly Band[], total: number): number[] {
  const at = (level: number) =>
    bands.map((b) => Math.min(b.high, Math.max(b.low, level * b.weight)));
  const sum = (level: number) => at(level).reduce((s, v) => s + v, 0);
  let low = 0;
  let high = 1;
  while (sum(high) < total && high < 1e12) high *= 2;
  for (let round = 0; round < 60; round += 1) {
    const mid = (low + high) / 2;
    if (sum(mid) < total) low = mid;
    else high = mid;
  }
  return at(high);
}

/**
 * How much more limit than output an inverter the limit holds needs: inverters give a few
 * percent below their limit (conversion, the limit's 0.1 % steps). Without it the house sits
 * that much above the target, inside the hysteresis where nothing corrects it. At most the
 * inputs' margin (3 %); 1 for an inverter the sun holds.
 */
export function trackingRatio(inverter: ShareCandidate): number {
  const { limit_w, power_w } = inverter;
  if (limit_w === null || power_w <= 0 || power_w >= limit_w) return 1;
  if (power_w < SUN_HELD_OUTPUT_SHARE * limit_w || isSunHeld(inverter)) return 1;
  return Math.min(1 / SUN_HELD_INPUT_SHARE, limit_w / power_w);
}

/**
 * Shares `needed_w` among the inverters by their upper limits, each within [lower, upper].
 * An inverter the sun holds back is first expected to give no more than it can (the rest goes
 * to the others), and its limit is what it gives plus a little headroom; only when the others
 * are all at their upper limits does it get more (nobody else could use it). Whole watts.
 */
export function shareLimits(
  inverters: readonly ShareCandidate[],
  needed_w: number,
): Map<string, number> {
  const result = new Map<string, number>();
  if (inverters.length === 0) return result;
  const usable = inverters.map((i) => Math.max(i.lower_w, Math.min(i.upper_w, usableOutput(i))));
  const usableSum = usable.reduce((s, v) => s + v, 0);
  const outputs =
    needed_w <= usableSum
      ? fill(
          inverters.map((i, n) => ({ weight: i.upper_w, low: i.lower_w, high: usable[n] ?? 0 })),
          needed_w,
        )
      : fill(
          inverters.map((i, n) => ({ weight: i.upper_w, low: usable[n] ?? 0, high: i.upper_w })),
          needed_w,
        );
  inverters.forEach((i, n) => {
    const output = outputs[n] ?? i.lower_w;
    const cap = usable[n] ?? i.upper_w;
    // Held by the sun at what it gives: its limit leaves it a little room above that.
    const atCap = cap < i.upper_w && Math.abs(output - cap) <= 0.5;
    // While its limit stays between one and three headrooms above what it gives, it keeps it:
    // a sky that dims slowly does not cost a command at every decision.
    const headroom = sunHeldHeadroom(i.upper_w);
    // Asked for all it gives, or more: an inverter capping each input needs room above its
    // strongest input, not above its total, or its limit goes on capping what it could give.
    const floor = cap < i.upper_w && output >= cap - 0.5 ? perInputLimitFloor(i, headroom) : 0;
    const wanted = Math.max(output + headroom, floor);
    const kept = i.limit_w !== null && i.limit_w >= wanted && i.limit_w <= wanted + 2 * headroom;
    const limit = atCap
      ? kept
        ? (i.limit_w ?? output)
        : wanted
      : Math.max(output * trackingRatio(i), floor);
    result.set(i.key, Math.min(i.upper_w, Math.max(i.lower_w, Math.round(limit))));
  });
  return result;
}
