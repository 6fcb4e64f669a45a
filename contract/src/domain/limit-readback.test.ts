import { describe, expect, it } from 'vitest';
import {
  LIMIT_READ_BACK_MS,
  limitMatches,
  limitReadBack,
  minutesSeconds,
} from './limit-readback.js';

describe('limitReadBack', () => {
  it('counts down about 4 minutes for an absolute limit', () => {
    expect(LIMIT_READ_BACK_MS).toBe(240_000);
    expect(limitReadBack(false, 0)).toEqual({
      remainingMs: 240_000,
      remainingSeconds: 240,
      due: false,
    });
    expect(limitReadBack(false, 60_500)).toEqual({
      remainingMs: 179_500,
      remainingSeconds: 180,
      due: false,
    });
    expect(limitReadBack(false, 240_000)?.due).toBe(true);
    expect(limitReadBack(false, 999_999)).toEqual({
      remainingMs: 0,
      remainingSeconds: 0,
      due: true,
    });
  });

  it('never counts more than the whole wait, even with a clock that went backwards', () => {
    expect(limitReadBack(false, -5_000)?.remainingMs).toBe(240_000);
  });

  it('has no countdown for a relative limit (shown at once)', () => {
    expect(limitReadBack(true, 0)).toBeNull();
  });

  it('takes another wait where one is given', () => {
    expect(limitReadBack(false, 1_000, 2_000)?.remainingSeconds).toBe(1);
  });
});

describe('minutesSeconds', () => {
  it('formats m:ss, rounding up', () => {
    expect(minutesSeconds(240)).toBe('4:00');
    expect(minutesSeconds(61)).toBe('1:01');
    expect(minutesSeconds(9.2)).toBe('0:10');
    expect(minutesSeconds(-3)).toBe('0:00');
  });
});

describe('limitMatches', () => {
  it('compares a relative limit in %, capped at 100', () => {
    expect(
      limitMatches({ value: 50, relative: true }, { limitRelative: 50, limitAbsolute: 400 }),
    ).toBe(true);
    expect(
      limitMatches({ value: 50, relative: true }, { limitRelative: 100, limitAbsolute: 800 }),
    ).toBe(false);
    expect(
      limitMatches({ value: 120, relative: true }, { limitRelative: 100, limitAbsolute: 800 }),
    ).toBe(true);
  });

  it('compares an absolute limit in W within the 0.1 % steps, never while max power is unknown', () => {
    expect(
      limitMatches({ value: 600, relative: false }, { limitRelative: 30, limitAbsolute: 600 }),
    ).toBe(true);
    expect(
      limitMatches({ value: 333, relative: false }, { limitRelative: 16.6, limitAbsolute: 332 }),
    ).toBe(true);
    expect(
      limitMatches({ value: 600, relative: false }, { limitRelative: 100, limitAbsolute: 2000 }),
    ).toBe(false);
    expect(
      limitMatches({ value: 600, relative: false }, { limitRelative: 30, limitAbsolute: -1 }),
    ).toBe(false);
  });
});
