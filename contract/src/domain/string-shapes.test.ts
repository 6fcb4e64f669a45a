import { describe, expect, it } from 'vitest';
import {
  inferredGroups,
  recordShapes,
  SHAPE_DEFAULTS,
  shapeRelation,
  shapeSpread,
  type ShapeReading,
  type StringShapes,
} from './string-shapes.js';

const HOUR = 3_600_000;
const MIN = 60_000;

/** A bell of daylight peaking at `peak` (hours), irradiation in %, 0 outside 5–21 h. */
const bell = (peak: number) => (hour: number) =>
  hour < 5 || hour > 21 ? 0 : 90 * Math.exp(-(((hour - peak) / 3) ** 2));
const south = bell(13);
const east = bell(10);
const west = bell(16);

/** Feeds the strings' curves every 5 minutes from `from` to `to` (hours). */
function day(
  strings: Record<string, (hour: number) => number>,
  from: number,
  to: number,
  start?: StringShapes,
): StringShapes | undefined {
  let shapes = start;
  for (let t = from * HOUR; t <= to * HOUR; t += 5 * MIN) {
    const readings: ShapeReading[] = Object.entries(strings).map(([key, curve]) => ({
      key,
      irradiation: curve(t / HOUR),
    }));
    shapes = recordShapes(shapes, readings, t);
  }
  return shapes;
}

describe('shapeRelation', () => {
  it('joins a string with a permanent fault to its roof, but only once the peak is past', () => {
    const strings = { a: south, b: (h: number) => 0.3 * south(h) };
    expect(shapeRelation(day(strings, 5, 12), 'a', 'b')).toBe('uncertain');
    expect(shapeRelation(day(strings, 5, 16), 'a', 'b')).toBe('same');
    expect(shapeSpread(day(strings, 5, 16), 'a', 'b')).toBeCloseTo(0, 2);
  });

  it('keeps an east and a west string apart', () => {
    expect(shapeRelation(day({ e: east, w: west }, 5, 12), 'e', 'w')).toBe('different');
    expect(shapeRelation(day({ e: east, w: west }, 5, 20), 'e', 'w')).toBe('different');
  });

  it('is unsure of a west string that follows the east one all morning', () => {
    // Diffuse light only: the west string is a steady share of the east one until noon.
    const strings = { e: east, w: (h: number) => 0.16 * east(h) };
    const morning = day(strings, 5, 10);
    expect(shapeSpread(morning, 'e', 'w')).toBeLessThan(SHAPE_DEFAULTS.sameSpread);
    expect(shapeRelation(morning, 'e', 'w')).toBe('uncertain');
  });

  it('needs the minimum span even past the peak', () => {
    const strings = { a: south, b: (h: number) => 0.5 * south(h) };
    expect(shapeRelation(day(strings, 14, 16.5), 'a', 'b')).toBe('uncertain');
    expect(shapeRelation(day(strings, 14, 17.5), 'a', 'b')).toBe('same');
  });

  it('takes clouds over both strings as the same sky', () => {
    const cloud = (h: number) => (Math.floor(h * 4) % 3 === 0 ? 0.3 : 1);
    const strings = {
      a: (h: number) => cloud(h) * south(h),
      b: (h: number) => 0.8 * cloud(h) * south(h),
    };
    expect(shapeRelation(day(strings, 5, 16), 'a', 'b')).toBe('same');
  });

  it('puts a string that gives nothing with any other, once enough was seen', () => {
    const strings = { a: west, b: () => 0 };
    expect(shapeRelation(day(strings, 5, 12), 'a', 'b')).toBe('uncertain');
    expect(shapeRelation(day(strings, 5, 19), 'a', 'b')).toBe('same');
  });

  it('is unsure of strings never seen together in daylight', () => {
    expect(shapeRelation(undefined, 'a', 'b')).toBe('uncertain');
    expect(shapeRelation(day({ a: south }, 5, 16), 'a', 'b')).toBe('uncertain');
    expect(shapeSpread(undefined, 'a', 'b')).toBeNull();
  });
});

describe('recordShapes', () => {
  it('records no dusk or night, and starts again after a night or a clock going back', () => {
    const strings = { a: south, b: south };
    const today = day(strings, 0, 20);
    expect(south((today?.bins[0]?.start ?? 0) / HOUR + 1 / 6)).toBeGreaterThanOrEqual(5);
    expect(south((today?.at ?? 0) / HOUR)).toBeGreaterThanOrEqual(5);
    expect(day(strings, 0, 21)?.at).toBe(today?.at);
    // Three hours of night are forgotten with the day.
    expect(day(strings, 0, 23)).toBeUndefined();
    const reading = [
      { key: 'a', irradiation: 50 },
      { key: 'b', irradiation: 50 },
    ];
    const tomorrow = recordShapes(today, reading, 24 * HOUR + 7 * HOUR);
    expect(tomorrow?.bins).toHaveLength(1);
    const back = recordShapes(today, reading, 10 * HOUR);
    expect(back?.bins).toHaveLength(1);
    expect(recordShapes(today, [], 30 * HOUR)).toBeUndefined();
  });

  it('averages the readings of one bin', () => {
    let shapes = recordShapes(undefined, [{ key: 'a', irradiation: 10 }], 0);
    shapes = recordShapes(shapes, [{ key: 'a', irradiation: 30 }], MIN);
    expect(shapes?.bins).toEqual([{ start: 0, sum: { a: 40 }, count: { a: 2 } }]);
  });
});

describe('inferredGroups', () => {
  it('groups a two-way roof by its curves in the afternoon, and nothing in the morning', () => {
    const strings = { e1: east, e2: (h: number) => 0.95 * east(h), w1: west, w2: west };
    const keys = Object.keys(strings);
    expect(inferredGroups(day(strings, 5, 9), keys)).toEqual([null, null, null, null]);
    expect(inferredGroups(day(strings, 5, 19.5), keys)).toEqual([0, 0, 2, 2]);
  });

  it('leaves out a string unsure about another, and a group that contradicts itself', () => {
    const strings = { a: south, b: south, c: (h: number) => 0.16 * east(h) + 0.001 * h };
    const shapes = day(strings, 5, 16);
    expect(inferredGroups(shapes, ['a', 'b', 'x'])).toEqual([null, null, null]);
    expect(inferredGroups(shapes, ['a', 'b'])).toEqual([0, 0]);
  });
});
