/**
 * The weak-string rule of the live view (issue 15): during the day, a string whose irradiation
 * (DC power over its configured Wp) stays below 70 % of the median of the other strings of its
 * group (same inverter, same orientation: issue 23) for 30 minutes is weak. Pure and zod-free: the web feeds it readings from the live store,
 * stamped with the device's time, and keeps the returned tracks between calls.
 */

export interface WeakStringOptions {
  /** A string is weak below this share of its group's median. */
  readonly ratio: number;
  /** How long it must stay below before it is flagged, ms. */
  readonly holdMs: number;
  /** Below this group median (%) it is night or dusk: nothing is compared, runs end. */
  readonly dayMinPercent: number;
  /** A longer pause between readings (no data, a clock jump) starts the run again, ms. */
  readonly maxGapMs: number;
}

export const WEAK_STRING_DEFAULTS: WeakStringOptions = {
  ratio: 0.7,
  holdMs: 30 * 60_000,
  dayMinPercent: 5,
  maxGapMs: 10 * 60_000,
};

/** One string at one instant. */
export interface StringReading {
  /** Unique per string, e.g. `<serial>:<channel>`. */
  readonly key: string;
  /**
   * Strings compared with each other: those of one inverter facing the same way
   * (weak-string-groups.ts), null while that is uncertain (then it is neither flagged nor a peer).
   */
  readonly group: string | null;
  /** Irradiation in %, or null when the string has no configured Wp (then it is never flagged). */
  readonly irradiation: number | null;
}

/** What the rule remembers of a string between readings. */
export interface WeakStringTrack {
  /** Data time (ms) of the last reading that was compared. */
  readonly at: number;
  /** Start of the current run below the threshold, null when not below. */
  readonly belowSince: number | null;
  /** The string's irradiation over its group's median at the last reading (0..∞). */
  readonly share: number;
}

export type WeakStringTracks = Readonly<Record<string, WeakStringTrack>>;

/** The key of one string in the tracks: `<serial>:<channel>`. */
export const weakStringKey = (serial: string, channel: string): string => `${serial}:${channel}`;

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Feeds one set of readings taken at data time `at` (ms): returns the new tracks. Strings that
 * cannot be compared (no Wp, alone in their group, night) lose their track, so a flag clears by
 * itself; strings not in `readings` keep theirs.
 */
export function trackWeakStrings(
  tracks: WeakStringTracks,
  readings: readonly StringReading[],
  at: number,
  options: WeakStringOptions = WEAK_STRING_DEFAULTS,
): WeakStringTracks {
  const next: Record<string, WeakStringTrack> = { ...tracks };
  for (const reading of readings) {
    delete next[reading.key];
    if (reading.irradiation === null || reading.group === null) continue;
    const others = readings
      .filter((r) => r.group === reading.group && r.key !== reading.key && r.irradiation !== null)
      .map((r) => r.irradiation as number);
    if (others.length === 0) continue;
    const reference = median(others);
    if (reference < options.dayMinPercent) continue;
    const share = reading.irradiation / reference;
    const previous = tracks[reading.key];
    // A run only continues over readings close enough in time, and never backwards.
    const continues =
      previous !== undefined && at >= previous.at && at - previous.at <= options.maxGapMs;
    const below = share < options.ratio;
    const belowSince = below ? (continues ? (previous.belowSince ?? at) : at) : null;
    next[reading.key] = { at, belowSince, share };
  }
  return next;
}

/** When the string counts as weak: since when it is below, or null. */
export function weakSince(
  track: WeakStringTrack | undefined,
  options: WeakStringOptions = WEAK_STRING_DEFAULTS,
): number | null {
  if (!track || track.belowSince === null) return null;
  return track.at - track.belowSince >= options.holdMs ? track.belowSince : null;
}
