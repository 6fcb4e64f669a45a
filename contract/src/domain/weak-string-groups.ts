import type { DcChannel } from '../live-data.js';
import { orientationGroups, type StringOrientation } from './string-orientation.js';
import {
  inferredGroups,
  recordShapes,
  SHAPE_DEFAULTS,
  type ShapeOptions,
  type StringShapes,
} from './string-shapes.js';
import {
  trackWeakStrings,
  WEAK_STRING_DEFAULTS,
  weakStringKey,
  type StringReading,
  type WeakStringOptions,
  type WeakStringTracks,
} from './weak-strings.js';

/**
 * One step of the weak-string rule for one inverter (issues 15 and 23), as the live view runs it
 * and the gateway's alerts will: strings with a configured orientation are grouped by it, the
 * others by their curves, and each is compared only within its group.
 */

/** One DC input of an inverter at one instant. */
export interface StringInput {
  /** The live data's channel key ("0", "1", …). */
  readonly channel: string;
  /** Irradiation in %, or null without a configured Wp. */
  readonly irradiation: number | null;
  /** Azimuth and tilt the owner set (HelioDTU extension), or null. */
  readonly orientation: StringOrientation | null;
}

/** The inferred groups of an inverter, worked out again only when a bin closes. */
interface InferredGroups {
  /** Start of the last closed bin they were worked out from, and the strings' keys. */
  readonly upTo: number;
  readonly keys: string;
  readonly labels: readonly (number | null)[];
}

export interface WeakStringState {
  readonly tracks: WeakStringTracks;
  /** Today's curves of the strings without an orientation, per inverter serial. */
  readonly shapes: Readonly<Record<string, StringShapes>>;
  readonly inferred: Readonly<Record<string, InferredGroups>>;
}

export const EMPTY_WEAK_STRING_STATE: WeakStringState = { tracks: {}, shapes: {}, inferred: {} };

export { weakStringKey };

/** The inferred groups from the closed bins (the open one is still filling). */
function inferredOf(
  cached: InferredGroups | undefined,
  shapes: StringShapes | undefined,
  keys: readonly string[],
  options: ShapeOptions,
): InferredGroups {
  const closed = shapes?.bins.slice(0, -1) ?? [];
  const upTo = closed[closed.length - 1]?.start ?? -1;
  const joined = keys.join(',');
  if (cached?.upTo === upTo && cached.keys === joined) return cached;
  const labels = inferredGroups(shapes && { ...shapes, bins: closed }, keys, options);
  return { upTo, keys: joined, labels };
}

/**
 * The strings of one inverter's live data (its `DC` object) as the rule reads them. The
 * orientation is a HelioDTU extension: `withOrientation` false ignores it (the firmware build).
 */
export function stringInputsOf(
  dc: Readonly<Record<string, Pick<DcChannel, 'Irradiation' | 'orientation'>>>,
  withOrientation = true,
): StringInput[] {
  return Object.entries(dc).map(([channel, values]) => ({
    channel,
    irradiation: values.Irradiation?.v ?? null,
    orientation: (withOrientation && values.orientation) || null,
  }));
}

/** Feeds one inverter's strings read at data time `at` (ms); returns the new state. */
export function feedWeakStrings(
  state: WeakStringState,
  serial: string,
  strings: readonly StringInput[],
  at: number,
  options: { weak?: WeakStringOptions; shapes?: ShapeOptions } = {},
): WeakStringState {
  const measured = strings.filter((s) => s.irradiation !== null);
  const configured = measured.filter((s) => s.orientation !== null);
  const unknown = measured.filter((s) => s.orientation === null);
  const shapes = recordShapes(
    state.shapes[serial],
    unknown.map((s) => ({ key: s.channel, irradiation: s.irradiation ?? 0 })),
    at,
    options.shapes ?? SHAPE_DEFAULTS,
  );
  const byOrientation = orientationGroups(
    configured.map((s) => s.orientation as StringOrientation),
  );
  const inferred = inferredOf(
    state.inferred[serial],
    shapes,
    unknown.map((s) => s.channel),
    options.shapes ?? SHAPE_DEFAULTS,
  );
  const byShape = inferred.labels;
  const reading = (s: StringInput, group: string | null): StringReading => ({
    key: weakStringKey(serial, s.channel),
    group: group === null ? null : `${serial}/${group}`,
    irradiation: s.irradiation,
  });
  const readings = [
    ...configured.map((s, i) => reading(s, `set-${byOrientation[i] ?? i}`)),
    ...unknown.map((s, i) => {
      const label = byShape[i];
      return reading(s, label === null || label === undefined ? null : `seen-${label}`);
    }),
    // Strings without Wp are never flagged; passed so a flag of theirs from before clears.
    ...strings.filter((s) => s.irradiation === null).map((s) => reading(s, null)),
  ];
  const nextShapes = { ...state.shapes };
  if (shapes) nextShapes[serial] = shapes;
  else delete nextShapes[serial];
  return {
    tracks: trackWeakStrings(state.tracks, readings, at, options.weak ?? WEAK_STRING_DEFAULTS),
    shapes: nextShapes,
    inferred: { ...state.inferred, [serial]: inferred },
  };
}
