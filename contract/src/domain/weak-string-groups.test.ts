import { describe, expect, it } from 'vitest';
import {
  EMPTY_WEAK_STRING_STATE,
  feedWeakStrings,
  stringInputsOf,
  type StringInput,
  type WeakStringState,
} from './weak-string-groups.js';
import { weakSince } from './weak-strings.js';

const MIN = 60_000;
const EAST = { azimuth: 95, tilt: 25 };
const WEST = { azimuth: 275, tilt: 25 };

/** Feeds the same strings every minute for `minutes` minutes. */
function feed(strings: StringInput[], minutes: number, state = EMPTY_WEAK_STRING_STATE) {
  let next: WeakStringState = state;
  for (let m = 0; m <= minutes; m++) next = feedWeakStrings(next, 'inv', strings, m * MIN);
  return next;
}
const flagged = (state: WeakStringState) =>
  Object.keys(state.tracks).filter((key) => weakSince(state.tracks[key]) !== null);

describe('feedWeakStrings', () => {
  it('compares strings only with those facing the same way', () => {
    // 11:00 on an east/west roof: west at 60–66 % of the east strings, nothing wrong.
    const roof: StringInput[] = [
      { channel: '0', irradiation: 80, orientation: EAST },
      { channel: '1', irradiation: 78, orientation: EAST },
      { channel: '2', irradiation: 52, orientation: WEST },
      { channel: '3', irradiation: 50, orientation: WEST },
    ];
    expect(flagged(feed(roof, 45))).toEqual([]);
    const shaded = roof.map((s) => (s.channel === '3' ? { ...s, irradiation: 15 } : s));
    expect(flagged(feed(shaded, 45))).toEqual(['inv:3']);
  });

  it('flags nothing while strings without orientation cannot be grouped yet', () => {
    const strings: StringInput[] = [
      { channel: '0', irradiation: 80, orientation: null },
      { channel: '1', irradiation: 20, orientation: null },
    ];
    const state = feed(strings, 60);
    expect(flagged(state)).toEqual([]);
    expect(state.tracks['inv:1']).toBeUndefined();
    expect(state.shapes['inv']?.bins.length).toBeGreaterThan(5);
  });

  it('never flags a string without Wp, and clears a flag it had', () => {
    const strings: StringInput[] = [
      { channel: '0', irradiation: 80, orientation: EAST },
      { channel: '1', irradiation: 80, orientation: EAST },
      { channel: '2', irradiation: 10, orientation: EAST },
    ];
    const before = feed(strings, 40);
    expect(flagged(before)).toEqual(['inv:2']);
    const noWp = strings.map((s) => (s.channel === '2' ? { ...s, irradiation: null } : s));
    expect(feedWeakStrings(before, 'inv', noWp, 41 * MIN).tracks['inv:2']).toBeUndefined();
  });
});

describe('stringInputsOf', () => {
  const dc = {
    '0': { Irradiation: { v: 50, u: '%', d: 3, max: 400 }, orientation: EAST },
    '1': {},
  };
  it('reads irradiation and orientation from live data, or ignores the orientation', () => {
    expect(stringInputsOf(dc)).toEqual([
      { channel: '0', irradiation: 50, orientation: EAST },
      { channel: '1', irradiation: null, orientation: null },
    ]);
    expect(stringInputsOf(dc, false)[0]?.orientation).toBeNull();
  });
});
