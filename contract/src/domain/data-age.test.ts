import { describe, expect, it } from 'vitest';
import { dataAgeDisplay, inverterAgeSeconds, liveAgeSeconds } from './data-age.js';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

describe('liveAgeSeconds', () => {
  it('adds whole seconds elapsed since the message arrived', () => {
    expect(liveAgeSeconds(3, NOW, NOW)).toBe(3);
    expect(liveAgeSeconds(3, NOW, NOW + 999)).toBe(3);
    expect(liveAgeSeconds(3, NOW, NOW + 1000)).toBe(4);
    expect(liveAgeSeconds(3, NOW, NOW + 10_500)).toBe(13);
  });

  it('never counts down when the clock goes backwards or data_age is negative', () => {
    expect(liveAgeSeconds(5, NOW, NOW - 4000)).toBe(5);
    expect(liveAgeSeconds(-2, NOW, NOW + 2000)).toBe(2);
  });
});

describe('inverterAgeSeconds', () => {
  it('counts from data_age_ms where the device sends it, keeping the fraction of a second', () => {
    // 4.9 s old on arrival: after 200 ms it is 5.1 s old, which data_age (4) alone shows as 4.
    const v26 = { data_age: 4, data_age_ms: 4_900 };
    expect(inverterAgeSeconds(v26, NOW, NOW + 200)).toBe(5);
    expect(liveAgeSeconds(v26.data_age, NOW, NOW + 200)).toBe(4);
    expect(inverterAgeSeconds(v26, NOW, NOW + 50)).toBe(4);
    expect(inverterAgeSeconds({ data_age: 0, data_age_ms: -30 }, NOW, NOW - 5)).toBe(0);
  });

  it('falls back to data_age without data_age_ms (v24)', () => {
    expect(inverterAgeSeconds({ data_age: 4 }, NOW, NOW + 200)).toBe(4);
    expect(inverterAgeSeconds({ data_age: 4 }, NOW, NOW + 1_000)).toBe(5);
  });
});

describe('dataAgeDisplay', () => {
  it('shows seconds up to and including 300 s', () => {
    expect(dataAgeDisplay(0, NOW)).toEqual({ kind: 'seconds', seconds: 0 });
    expect(dataAgeDisplay(42, NOW)).toEqual({ kind: 'seconds', seconds: 42 });
    expect(dataAgeDisplay(300, NOW)).toEqual({ kind: 'seconds', seconds: 300 });
  });

  it('shows the time of the last update above 300 s', () => {
    expect(dataAgeDisplay(301, NOW)).toEqual({ kind: 'absolute', timestampMs: NOW - 301_000 });
    expect(dataAgeDisplay(86_400, NOW)).toEqual({
      kind: 'absolute',
      timestampMs: NOW - 86_400_000,
    });
  });

  it('works on the counted-up age', () => {
    const age = liveAgeSeconds(299, NOW, NOW + 2000);
    expect(dataAgeDisplay(age, NOW + 2000).kind).toBe('absolute');
  });
});
