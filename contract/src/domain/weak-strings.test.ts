import { describe, expect, it } from 'vitest';
import {
  median,
  trackWeakStrings,
  WEAK_STRING_DEFAULTS,
  weakSince,
  type StringReading,
  type WeakStringTracks,
} from './weak-strings.js';

const MIN = 60_000;

/** Readings of one inverter "inv" with the given irradiation per string. */
const inverter = (...values: (number | null)[]): StringReading[] =>
  values.map((irradiation, i) => ({ key: `inv:${i}`, group: 'inv', irradiation }));

/** Feeds the same readings every minute from `from` for `minutes` minutes. */
function feed(
  tracks: WeakStringTracks,
  readings: StringReading[],
  from: number,
  minutes: number,
): WeakStringTracks {
  let next = tracks;
  for (let m = 0; m <= minutes; m++) next = trackWeakStrings(next, readings, from + m * MIN);
  return next;
}

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });
});

describe('trackWeakStrings', () => {
  it('flags a string below 70 % of the others for 30 minutes, and since when', () => {
    const tracks = feed({}, inverter(80, 78, 20, 81), 0, 29);
    expect(weakSince(tracks['inv:2'])).toBeNull();
    const later = trackWeakStrings(tracks, inverter(80, 78, 20, 81), 30 * MIN);
    expect(weakSince(later['inv:2'])).toBe(0);
    expect(later['inv:2']?.share).toBeCloseTo(20 / 80);
    for (const key of ['inv:0', 'inv:1', 'inv:3']) expect(weakSince(later[key])).toBeNull();
  });

  it('does not flag a string just above 70 % of the median', () => {
    const tracks = feed({}, inverter(50, 35.5, 50), 0, 60);
    expect(tracks['inv:1']?.belowSince).toBeNull();
    expect(weakSince(tracks['inv:1'])).toBeNull();
  });

  it('clears by itself when the string recovers, and starts over after that', () => {
    let tracks = feed({}, inverter(60, 10), 0, 40);
    expect(weakSince(tracks['inv:1'])).toBe(0);
    tracks = trackWeakStrings(tracks, inverter(60, 58), 41 * MIN);
    expect(weakSince(tracks['inv:1'])).toBeNull();
    tracks = feed(tracks, inverter(60, 10), 42 * MIN, 29);
    expect(weakSince(tracks['inv:1'])).toBeNull();
    tracks = trackWeakStrings(tracks, inverter(60, 10), 72 * MIN);
    expect(weakSince(tracks['inv:1'])).toBe(42 * MIN);
  });

  it('compares nothing at night: no flag, and a flag of the day clears', () => {
    let tracks = feed({}, inverter(3, 0.5), 0, 60);
    expect(tracks['inv:1']).toBeUndefined();
    tracks = feed({}, inverter(60, 10), 0, 40);
    expect(weakSince(tracks['inv:1'])).not.toBeNull();
    tracks = trackWeakStrings(tracks, inverter(2, 0), 41 * MIN);
    expect(tracks['inv:1']).toBeUndefined();
  });

  it('never flags a string without Wp, and leaves it out of the median', () => {
    const tracks = feed({}, inverter(80, null, 10, 79), 0, 45);
    expect(tracks['inv:1']).toBeUndefined();
    expect(weakSince(tracks['inv:2'])).toBe(0);
    expect(tracks['inv:2']?.share).toBeCloseTo(10 / 79.5);
  });

  it('never flags the only string of an inverter, nor one whose only neighbour has no Wp', () => {
    expect(feed({}, inverter(5), 0, 60)['inv:0']).toBeUndefined();
    expect(feed({}, inverter(5, null), 0, 60)['inv:0']).toBeUndefined();
  });

  it('compares only within a group: another inverter does not count', () => {
    const other: StringReading[] = [
      { key: 'b:0', group: 'b', irradiation: 10 },
      { key: 'b:1', group: 'b', irradiation: 9 },
    ];
    const tracks = feed({}, [...inverter(80, 81), ...other], 0, 45);
    for (const key of ['inv:0', 'inv:1', 'b:0', 'b:1']) expect(weakSince(tracks[key])).toBeNull();
  });

  it('starts the run again after a gap in the data or a clock going backwards', () => {
    let tracks = feed({}, inverter(60, 10), 0, 20);
    tracks = feed(tracks, inverter(60, 10), 20 * MIN + WEAK_STRING_DEFAULTS.maxGapMs + 1, 20);
    expect(weakSince(tracks['inv:1'])).toBeNull();
    tracks = feed({}, inverter(60, 10), 100 * MIN, 20);
    tracks = feed(tracks, inverter(60, 10), 90 * MIN, 20);
    expect(tracks['inv:1']?.belowSince).toBe(90 * MIN);
    expect(weakSince(tracks['inv:1'])).toBeNull();
  });

  it('neither flags nor counts a string whose group is uncertain', () => {
    const readings = inverter(80, 78, 20).map((r) =>
      r.key === 'inv:1' ? { ...r, group: null } : r,
    );
    const tracks = feed({}, readings, 0, 45);
    expect(tracks['inv:1']).toBeUndefined();
    expect(tracks['inv:2']?.share).toBeCloseTo(20 / 80);
    const unsure = readings.map((r) => ({ ...r, group: null }));
    expect(trackWeakStrings(tracks, unsure, 46 * MIN)).toEqual({});
  });

  it('keeps the tracks of strings that were not in this reading', () => {
    const tracks = feed({}, inverter(60, 10), 0, 31);
    const next = trackWeakStrings(tracks, [{ key: 'x:0', group: 'x', irradiation: 50 }], 32 * MIN);
    expect(next['inv:1']).toBe(tracks['inv:1']);
  });
});
