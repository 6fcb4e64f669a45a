import { describe, expect, it } from 'vitest';
import { dataAgeDisplay, liveAgeSeconds } from './data-age.js';

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
