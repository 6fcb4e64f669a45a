/**
 * Orientation groups of strings (issue 23): strings facing different ways are never compared by
 * the weak-string rule. An orientation is what the owner set on the gateway (a HelioDTU
 * extension); strings without one are grouped from their curves (string-shapes.ts).
 */

export interface StringOrientation {
  /** Whole degrees clockwise from north: 90 east, 180 south, 270 west. */
  readonly azimuth: number;
  /** Whole degrees from horizontal: 0 flat, 90 vertical. */
  readonly tilt: number;
}

/** Two azimuths at most this far apart (°) face the same way: a roof is rarely set to the degree. */
export const SAME_AZIMUTH_DEGREES = 20;
/** Two tilts at most this far apart (°) count as the same plane. */
export const SAME_TILT_DEGREES = 10;
/** At or below this tilt (°) a string lies nearly flat: its azimuth hardly matters. */
export const FLAT_TILT_DEGREES = 5;

/** Smallest angle between two azimuths, 0..180. */
export function azimuthDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Whether two strings face the same way closely enough to be compared. */
export function sameOrientation(a: StringOrientation, b: StringOrientation): boolean {
  if (Math.abs(a.tilt - b.tilt) > SAME_TILT_DEGREES) return false;
  const flat = a.tilt <= FLAT_TILT_DEGREES && b.tilt <= FLAT_TILT_DEGREES;
  return flat || azimuthDistance(a.azimuth, b.azimuth) <= SAME_AZIMUTH_DEGREES;
}

/**
 * Groups of `items` linked by `linked` (each item joins every group it links to), as a label per
 * item: the index of the group's first item. Labels follow the input order.
 */
export function linkedGroups<T>(items: readonly T[], linked: (a: T, b: T) => boolean): number[] {
  const label = items.map((_, i) => i);
  const root = (i: number): number => (label[i] === i ? i : root(label[i] ?? i));
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      if (!linked(items[i] as T, items[j] as T)) continue;
      const [a, b] = [root(i), root(j)];
      label[Math.max(a, b)] = Math.min(a, b);
    }
  }
  return items.map((_, i) => root(i));
}

/** The group label of each configured orientation: strings linked by sameOrientation share one. */
export function orientationGroups(orientations: readonly StringOrientation[]): number[] {
  return linkedGroups(orientations, sameOrientation);
}
