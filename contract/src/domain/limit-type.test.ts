import { describe, expect, it } from 'vitest';
import { limitTypeCases } from '../fixtures/limit.js';
import {
  decodeLimitType,
  encodeLimitType,
  exceedsLimitMaximum,
  LIMIT_TYPES_ACCEPTED,
  LIMIT_TYPES_V24,
  LIMIT_TYPES_V25,
  limitRange,
  limitTypeFor,
  limitTypesOf,
  relativeLimitAfterAck,
} from './limit-type.js';

const kinds = [
  { relative: false, persistent: false },
  { relative: true, persistent: false },
  { relative: false, persistent: true },
  { relative: true, persistent: true },
];

describe('encodeLimitType', () => {
  it('uses 0/1/256/257 by default (v24)', () => {
    expect(kinds.map((kind) => encodeLimitType(kind))).toEqual([0, 1, 256, 257]);
  });

  it('uses 0/1/2/3 for the v25 scheme', () => {
    expect(kinds.map((kind) => encodeLimitType(kind, 'v25'))).toEqual([0, 1, 2, 3]);
  });
});

describe('decodeLimitType', () => {
  it.each(limitTypeCases)('%i is relative %s, persistent %s', (value, relative, persistent) => {
    expect(decodeLimitType(value)).toEqual({ relative, persistent });
  });

  it.each([-1, 4, 255, 258, 512, 0.5, Number.NaN])('rejects %s', (value) => {
    expect(decodeLimitType(value)).toBeNull();
  });

  it('round-trips every kind in both schemes', () => {
    for (const kind of kinds) {
      expect(decodeLimitType(encodeLimitType(kind, 'v24'))).toEqual(kind);
      expect(decodeLimitType(encodeLimitType(kind, 'v25'))).toEqual(kind);
    }
  });

  it('accepts exactly the union of both schemes', () => {
    expect([...LIMIT_TYPES_ACCEPTED].sort((a, b) => a - b)).toEqual(
      [...new Set([...LIMIT_TYPES_V24, ...LIMIT_TYPES_V25])].sort((a, b) => a - b),
    );
    for (let n = -2; n < 600; n++) {
      expect(decodeLimitType(n) !== null).toBe(
        (LIMIT_TYPES_ACCEPTED as readonly number[]).includes(n),
      );
    }
  });
});

describe('limitRange', () => {
  it('is 0..100 for relative limits whatever the max power', () => {
    expect(limitRange(true, 800)).toEqual({ min: 0, max: 100 });
    expect(limitRange(true, 0)).toEqual({ min: 0, max: 100 });
  });

  it('is 0..max power for absolute limits, 2250 when unknown', () => {
    expect(limitRange(false, 800)).toEqual({ min: 0, max: 800 });
    expect(limitRange(false, 0)).toEqual({ min: 0, max: 2250 });
  });
});

describe('exceedsLimitMaximum', () => {
  it('rejects only values above 2250', () => {
    expect(exceedsLimitMaximum(2250)).toBe(false);
    expect(exceedsLimitMaximum(2250.1)).toBe(true);
    expect(exceedsLimitMaximum(-5)).toBe(false);
  });
});

describe('relativeLimitAfterAck', () => {
  it('takes relative values clamped to 0..100', () => {
    expect(relativeLimitAfterAck({ relative: true }, 40, 800, 100)).toBe(40);
    expect(relativeLimitAfterAck({ relative: true }, 150, 800, 100)).toBe(100);
    expect(relativeLimitAfterAck({ relative: true }, -3, 0, 100)).toBe(0);
  });

  it('converts absolute values with the max power, or keeps the old value', () => {
    expect(relativeLimitAfterAck({ relative: false }, 400, 800, 100)).toBe(50);
    expect(relativeLimitAfterAck({ relative: false }, 800, 2000, 100)).toBe(40);
    expect(relativeLimitAfterAck({ relative: false }, 400, 0, 73)).toBe(73);
  });
});

describe('limit types per firmware generation', () => {
  it('v24.11.7 takes 0/1/256/257, v26.3.30 0/1/2/3', () => {
    expect(limitTypesOf('v24')).toEqual([0, 1, 256, 257]);
    expect(limitTypesOf('v26')).toEqual([0, 1, 2, 3]);
  });

  it('encodes "kept after restart" with the generation\'s own value, never a refused one', () => {
    expect(kinds.map((kind) => limitTypeFor(kind, 'v24'))).toEqual([0, 1, 256, 257]);
    expect(kinds.map((kind) => limitTypeFor(kind, 'v26'))).toEqual([0, 1, 2, 3]);
    for (const generation of ['v24', 'v26'] as const) {
      for (const kind of kinds) {
        expect(decodeLimitType(limitTypeFor(kind, generation), generation)).toEqual(kind);
      }
    }
  });

  it("refuses the other generation's persistent values and anything from 4 on", () => {
    expect([2, 3, 4].map((value) => decodeLimitType(value, 'v24'))).toEqual([null, null, null]);
    expect([256, 257, 4, 5].map((value) => decodeLimitType(value, 'v26'))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
