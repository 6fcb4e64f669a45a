import { linkedGroups } from './string-orientation.js';
import { median } from './weak-strings.js';

/**
 * Orientation groups inferred from the strings' own curves (issue 23), for strings without a
 * configured azimuth and tilt. Strings facing the same way rise and fall together: the ratio of
 * their irradiations stays the same all day, whatever the weather, even when one of them is
 * dirty or shaded. Strings facing different ways change places over the day (east leads in the
 * morning, west in the afternoon). In the morning alone an east and a west string can look alike
 * for hours (the west one sees only diffuse light, which grows with the sun), so two strings only
 * count as one group once their curves have been seen past their peak for long enough; until then
 * the grouping is uncertain and nothing is compared. Pure: the caller keeps the returned shapes.
 */

export interface ShapeOptions {
  /** Readings are averaged over bins of this length, ms. */
  readonly binMs: number;
  /** Readings whose median is below this irradiation (%) are dusk or night and not recorded. */
  readonly dayMinPercent: number;
  /** A longer pause between daylight readings starts a new day: the curves are forgotten, ms. */
  readonly nightGapMs: number;
  /** Two strings must have been seen together this long before they can count as one group, ms. */
  readonly minSpanMs: number;
  /** ... and their joint level must have fallen below this share of its peak since (past noon). */
  readonly pastPeakShare: number;
  /** Spread (level-weighted standard deviation of the log ratio) up to which they are one group. */
  readonly sameSpread: number;
  /** Spread from which they surely face different ways, however little was seen. */
  readonly differentSpread: number;
  /** A string below this irradiation (%) in every bin gives nothing: broken, whatever it faces. */
  readonly deadPercent: number;
}

export const SHAPE_DEFAULTS: ShapeOptions = {
  binMs: 10 * 60_000,
  dayMinPercent: 5,
  nightGapMs: 3 * 3_600_000,
  minSpanMs: 3 * 3_600_000,
  pastPeakShare: 0.85,
  sameSpread: 0.15,
  differentSpread: 0.25,
  deadPercent: 1,
};

/** The readings of one bin: per string key, the sum and number of irradiations. */
export interface ShapeBin {
  readonly start: number;
  readonly sum: Readonly<Record<string, number>>;
  readonly count: Readonly<Record<string, number>>;
}

/** What is remembered of one inverter's strings today. */
export interface StringShapes {
  /** Data time (ms) of the last daylight reading. */
  readonly at: number;
  readonly bins: readonly ShapeBin[];
}

export interface ShapeReading {
  readonly key: string;
  /** Irradiation in %; strings without a configured Wp are not passed. */
  readonly irradiation: number;
}

/** Keeps a string that gave 0 in one bin from a log of 0. */
const EPSILON = 0.01;

/** A day and a bit of bins at most, whatever the bin length. */
const MAX_BINS = 160;

/**
 * Adds one set of readings of an inverter's strings at data time `at` (ms). Dusk and night are
 * not recorded; after a night (or a clock going back) the curves start again.
 */
export function recordShapes(
  shapes: StringShapes | undefined,
  readings: readonly ShapeReading[],
  at: number,
  options: ShapeOptions = SHAPE_DEFAULTS,
): StringShapes | undefined {
  const newDay = shapes !== undefined && (at < shapes.at || at - shapes.at > options.nightGapMs);
  const kept = newDay ? undefined : shapes;
  if (readings.length === 0 || median(readings.map((r) => r.irradiation)) < options.dayMinPercent) {
    return kept;
  }
  const start = Math.floor(at / options.binMs) * options.binMs;
  const bins = kept?.bins ?? [];
  const last = bins[bins.length - 1];
  const open = last?.start === start ? last : { start, sum: {}, count: {} };
  const sum = { ...open.sum };
  const count = { ...open.count };
  for (const { key, irradiation } of readings) {
    sum[key] = (sum[key] ?? 0) + irradiation;
    count[key] = (count[key] ?? 0) + 1;
  }
  const before = open === last ? bins.slice(0, -1) : bins;
  return { at, bins: [...before, { start, sum, count }].slice(-MAX_BINS) };
}

export type ShapeRelation = 'same' | 'different' | 'uncertain';

interface PairPoint {
  readonly start: number;
  readonly x: number;
  readonly y: number;
}

/** The daylight bins in which both strings were read: their mean irradiations x and y. */
function pairPoints(
  shapes: StringShapes | undefined,
  a: string,
  b: string,
  options: ShapeOptions,
): PairPoint[] {
  const points: PairPoint[] = [];
  for (const bin of shapes?.bins ?? []) {
    const [na, nb] = [bin.count[a] ?? 0, bin.count[b] ?? 0];
    if (na === 0 || nb === 0) continue;
    const [x, y] = [(bin.sum[a] ?? 0) / na, (bin.sum[b] ?? 0) / nb];
    if (Math.max(x, y) >= options.dayMinPercent) points.push({ start: bin.start, x, y });
  }
  return points;
}

/**
 * How far the ratio of two strings wandered: the standard deviation of its log, weighted by the
 * joint level, so dawn, dusk and the moment the sun grazes a plane count little. 0 for strings
 * that rise and fall together, whatever their sizes.
 */
export function ratioSpread(points: readonly PairPoint[]): number {
  let weights = 0;
  let mean = 0;
  const logs = points.map((p) => Math.log((p.x + EPSILON) / (p.y + EPSILON)));
  points.forEach((p, i) => {
    weights += p.x + p.y;
    mean += (p.x + p.y) * (logs[i] ?? 0);
  });
  if (weights === 0) return 0;
  mean /= weights;
  let variance = 0;
  points.forEach((p, i) => (variance += (p.x + p.y) * ((logs[i] ?? 0) - mean) ** 2));
  return Math.sqrt(variance / weights);
}

/** How two strings' curves relate so far today. */
export function shapeRelation(
  shapes: StringShapes | undefined,
  a: string,
  b: string,
  options: ShapeOptions = SHAPE_DEFAULTS,
): ShapeRelation {
  const points = pairPoints(shapes, a, b, options);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'uncertain';
  let peak = 0;
  for (const p of points) peak = Math.max(peak, p.x + p.y);
  const seenLongEnough =
    last.start - first.start + options.binMs >= options.minSpanMs &&
    last.x + last.y <= options.pastPeakShare * peak;
  // A string that gives nothing all day is broken: it belongs with any other for the rule.
  const dead = (pick: (p: PairPoint) => number) =>
    points.every((p) => pick(p) < options.deadPercent);
  if (dead((p) => p.x) || dead((p) => p.y)) return seenLongEnough ? 'same' : 'uncertain';
  const spread = ratioSpread(points);
  if (spread >= options.differentSpread) return 'different';
  return spread <= options.sameSpread && seenLongEnough ? 'same' : 'uncertain';
}

/** For tests and tuning: the spread of two strings so far today, null before any bin. */
export function shapeSpread(
  shapes: StringShapes | undefined,
  a: string,
  b: string,
  options: ShapeOptions = SHAPE_DEFAULTS,
): number | null {
  const points = pairPoints(shapes, a, b, options);
  return points.length === 0 ? null : ratioSpread(points);
}

/**
 * The inferred group of each string in `keys`: a label (the index of the group's first key), or
 * null while it is uncertain which strings face the same way as this one.
 */
export function inferredGroups(
  shapes: StringShapes | undefined,
  keys: readonly string[],
  options: ShapeOptions = SHAPE_DEFAULTS,
): (number | null)[] {
  // Symmetric: each pair is worked out once.
  const relation = keys.map((a, i) =>
    keys.map((b, j) => (j > i ? shapeRelation(shapes, a, b, options) : 'uncertain')),
  );
  const at = (i: number, j: number): ShapeRelation =>
    (i < j ? relation[i]?.[j] : relation[j]?.[i]) ?? 'uncertain';
  const labels = linkedGroups(
    keys.map((_, i) => i),
    (i, j) => at(i, j) === 'same',
  );
  return labels.map((label, i) => {
    const unsure = keys.some((_, j) => j !== i && at(i, j) === 'uncertain');
    // Same as one member and different from another of its own group: no grouping holds.
    const torn = labels.some((other, j) => other === label && at(i, j) === 'different');
    return unsure || torn ? null : label;
  });
}
