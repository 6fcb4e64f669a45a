import { describe, expect, it } from 'vitest';
import {
  durationParts,
  formatDuration,
  heapFragmentationPercent,
  heapFree,
  heapMaxUsage,
  toKilobytes,
  uptimeHours,
  usagePercent,
} from './memory.js';

describe('usagePercent', () => {
  it('rounds used over total to whole percent', () => {
    expect(usagePercent(50, 200)).toBe(25);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(1, 200)).toBe(1); // 0.5 rounds up
    expect(usagePercent(0, 100)).toBe(0);
    expect(usagePercent(100, 100)).toBe(100);
  });

  it('is 0 for an absent area (no PSRAM)', () => {
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(5, -1)).toBe(0);
  });
});

describe('heap figures', () => {
  it('free heap is total minus used, never negative', () => {
    expect(heapFree(300_000, 120_000)).toBe(180_000);
    expect(heapFree(100, 150)).toBe(0);
  });

  it('fragmentation is 1 − largest block / free heap', () => {
    expect(heapFragmentationPercent(300_000, 100_000, 200_000)).toBe(0);
    expect(heapFragmentationPercent(300_000, 100_000, 150_000)).toBe(25);
    expect(heapFragmentationPercent(300_000, 100_000, 50_000)).toBe(75);
    expect(heapFragmentationPercent(341_000, 160_000, 110_580)).toBeCloseTo(38.906, 3);
  });

  it('fragmentation is 0 with no free heap and never negative', () => {
    expect(heapFragmentationPercent(1000, 1000, 0)).toBe(0);
    expect(heapFragmentationPercent(1000, 500, 900)).toBe(0);
  });

  it('max usage is total minus minimum free', () => {
    expect(heapMaxUsage(300_000, 120_000)).toBe(180_000);
    expect(heapMaxUsage(300_000, 400_000)).toBe(0);
  });

  it('kilobytes are 1024 bytes', () => {
    expect(toKilobytes(2048)).toBe(2);
    expect(toKilobytes(1536)).toBe(1.5);
  });
});

describe('uptime', () => {
  it('whole hours', () => {
    expect(uptimeHours(0)).toBe(0);
    expect(uptimeHours(3599)).toBe(0);
    expect(uptimeHours(3600)).toBe(1);
    expect(uptimeHours(90_000)).toBe(25);
  });

  it('splits into days, hours, minutes and seconds', () => {
    expect(durationParts(93_784)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(durationParts(86_399)).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 });
    expect(durationParts(86_400)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('formats as d:hh:mm:ss', () => {
    expect(formatDuration(93_784)).toBe('1:02:03:04');
    expect(formatDuration(59)).toBe('0:00:00:59');
    expect(formatDuration(4_294_967)).toBe('49:17:02:47');
    expect(formatDuration(12.9)).toBe('0:00:00:12');
  });
});
