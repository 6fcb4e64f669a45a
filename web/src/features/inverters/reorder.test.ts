import { describe, expect, it } from 'vitest';
import { dropIndex, mergeOrder, moveId } from './reorder';

describe('moveId', () => {
  it('moves down, up and clamps at the ends', () => {
    expect(moveId([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(moveId([1, 2, 3], 2, 9)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
  });

  it('returns the same array when nothing moves', () => {
    const ids = [1, 2, 3];
    expect(moveId(ids, 1, 0)).toBe(ids);
    expect(moveId(ids, 7, 1)).toBe(ids);
  });
});

describe('mergeOrder', () => {
  it('keeps the draft, drops deleted ids and appends new ones', () => {
    expect(mergeOrder(null, [0, 1, 2])).toEqual([0, 1, 2]);
    expect(mergeOrder([2, 0, 1], [0, 1, 2])).toEqual([2, 0, 1]);
    expect(mergeOrder([2, 0, 1], [0, 2, 5])).toEqual([2, 0, 5]);
  });
});

describe('dropIndex', () => {
  it('counts the rows whose middle lies above the pointer', () => {
    expect(dropIndex(5, [10, 30, 50])).toBe(0);
    expect(dropIndex(35, [10, 30, 50])).toBe(2);
    expect(dropIndex(99, [10, 30, 50])).toBe(3);
  });
});
