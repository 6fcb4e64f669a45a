import { describe, expect, it } from 'vitest';
import { Weather } from './weather.js';

const NOON = Date.UTC(2025, 5, 21, 11, 0);

describe('Weather', () => {
  it('is the same for the same seed and instant, however often asked', () => {
    const a = new Weather(42, 51, 10);
    const b = new Weather(42, 51, 10);
    for (let t = NOON; t < NOON + 3_600_000; t += 97_000) {
      expect(a.clearSkyIndex(t)).toBe(b.clearSkyIndex(t));
      expect(a.ambient(t)).toBe(b.ambient(t));
    }
  });

  it('gives an instant the same sky whatever was asked before (jumps, backfill, reverse)', () => {
    const forward = new Weather(8, 51, 10);
    const instants = Array.from({ length: 400 }, (_, i) => NOON - 3 * 86_400_000 + i * 733_000);
    const expected = instants.map((t) => forward.clearSkyIndex(t));
    const jumping = new Weather(8, 51, 10);
    jumping.clearSkyIndex(NOON + 40 * 86_400_000);
    const backwards = [...instants].reverse().map((t) => jumping.clearSkyIndex(t));
    expect(backwards.reverse()).toEqual(expected);
  });

  it('lets an even sky drift differently for another seed, within its day type', () => {
    const skies = [1, 2].map((seed) => {
      const weather = new Weather(seed, 51, 10, 'overcast');
      return Array.from({ length: 240 }, (_, m) => weather.clearSkyIndex(NOON + m * 60_000));
    });
    expect(skies[0]).not.toEqual(skies[1]);
    for (const sky of skies) {
      expect(Math.min(...sky)).toBeGreaterThanOrEqual(0.05);
      expect(Math.max(...sky)).toBeLessThan(0.45);
      expect(Math.max(...sky) - Math.min(...sky)).toBeGreaterThan(0.04);
    }
  });

  it('draws a mix of day types from the seed and keeps k in range', () => {
    const weather = new Weather(3, 51, 10);
    const types = new Set<string>();
    for (let day = 0; day < 60; day++) {
      const t = NOON + day * 86_400_000;
      types.add(weather.dayType(t));
      for (let m = 0; m < 600; m += 7) {
        const k = weather.clearSkyIndex(t + m * 60_000);
        expect(k).toBeGreaterThanOrEqual(0.05);
        expect(k).toBeLessThanOrEqual(1.15);
      }
    }
    expect([...types].sort()).toEqual(['clear', 'hazy', 'mixed', 'overcast']);
  });

  it('honours a forced day type and makes summer afternoons warmer than winter nights', () => {
    const clear = new Weather(1, 51, 10, 'clear');
    expect(clear.dayType(NOON)).toBe('clear');
    expect(clear.clearSkyIndex(NOON)).toBeGreaterThan(0.9);
    const overcast = new Weather(1, 51, 10, 'overcast');
    expect(overcast.clearSkyIndex(NOON)).toBeLessThan(0.4);
    const summerAfternoon = clear.ambient(Date.UTC(2025, 6, 20, 14, 0));
    const winterNight = clear.ambient(Date.UTC(2025, 0, 20, 3, 0));
    expect(summerAfternoon - winterNight).toBeGreaterThan(12);
  });

  it('varies the clear-sky index through a mixed day (cloud passages)', () => {
    const weather = new Weather(5, 51, 10, 'mixed');
    const values = Array.from({ length: 120 }, (_, m) => weather.clearSkyIndex(NOON + m * 60_000));
    expect(Math.max(...values)).toBeGreaterThan(0.9);
    expect(Math.min(...values)).toBeLessThan(0.55);
  });
});
