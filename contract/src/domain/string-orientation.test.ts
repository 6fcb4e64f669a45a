import { describe, expect, it } from 'vitest';
import {
  azimuthDistance,
  linkedGroups,
  orientationGroups,
  sameOrientation,
} from './string-orientation.js';

describe('sameOrientation', () => {
  it('takes azimuths within 20° and tilts within 10° as one plane, across north', () => {
    expect(sameOrientation({ azimuth: 90, tilt: 30 }, { azimuth: 110, tilt: 40 })).toBe(true);
    expect(sameOrientation({ azimuth: 90, tilt: 30 }, { azimuth: 111, tilt: 30 })).toBe(false);
    expect(sameOrientation({ azimuth: 90, tilt: 30 }, { azimuth: 90, tilt: 41 })).toBe(false);
    expect(sameOrientation({ azimuth: 350, tilt: 30 }, { azimuth: 5, tilt: 30 })).toBe(true);
    expect(azimuthDistance(359, 0)).toBe(1);
    expect(azimuthDistance(90, 270)).toBe(180);
  });

  it('ignores the azimuth of nearly flat strings only when both are', () => {
    expect(sameOrientation({ azimuth: 90, tilt: 5 }, { azimuth: 270, tilt: 0 })).toBe(true);
    expect(sameOrientation({ azimuth: 90, tilt: 5 }, { azimuth: 270, tilt: 6 })).toBe(false);
  });
});

describe('orientationGroups', () => {
  it('groups an east/west roof in two and a south roof in one', () => {
    const east = { azimuth: 95, tilt: 25 };
    const west = { azimuth: 275, tilt: 25 };
    expect(orientationGroups([east, east, west, west])).toEqual([0, 0, 2, 2]);
    expect(orientationGroups([west, east, { azimuth: 185, tilt: 35 }])).toEqual([0, 1, 2]);
  });

  it('links through a middle member, so a slow curve of a roof stays one group', () => {
    expect(linkedGroups([0, 15, 30, 100], (a, b) => Math.abs(a - b) <= 15)).toEqual([0, 0, 0, 3]);
    expect(linkedGroups([], () => true)).toEqual([]);
  });
});
