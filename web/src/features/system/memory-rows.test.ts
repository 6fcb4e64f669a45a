import { describe, expect, it } from 'vitest';
import { heapFigures, memoryRows } from './memory-rows';
import { SYSTEM_SAMPLE } from './testing/system-sample';

describe('memoryRows (spec §9)', () => {
  it('gives used over total in whole percent and the free rest', () => {
    const rows = memoryRows(SYSTEM_SAMPLE);
    expect(rows.map((r) => r.area)).toEqual(['Heap', 'LittleFs', 'Sketch']);
    expect(rows[0]).toEqual({
      area: 'Heap',
      total: 300 * 1024,
      used: 200 * 1024,
      free: 100 * 1024,
      percent: 67,
    });
    expect(rows[1]?.percent).toBe(1); // 0.5 % rounds up
    expect(rows[2]?.percent).toBe(75);
  });

  it('lists PSRAM only when the board has it', () => {
    const rows = memoryRows({ ...SYSTEM_SAMPLE, psram_total: 4096, psram_used: 1024 });
    expect(rows.map((r) => r.area)).toEqual(['Heap', 'PsRam', 'LittleFs', 'Sketch']);
    expect(rows[1]?.percent).toBe(25);
  });

  it('shows an empty area as 0 % rather than NaN', () => {
    const rows = memoryRows({ ...SYSTEM_SAMPLE, littlefs_total: 0, littlefs_used: 0 });
    expect(rows[1]?.percent).toBe(0);
  });
});

describe('heapFigures (spec §9)', () => {
  it('computes fragmentation as 1 − largest block / free, and max usage as total − min free', () => {
    const heap = heapFigures(SYSTEM_SAMPLE);
    expect(heap.totalFree).toBe(100 * 1024);
    expect(heap.largestFreeBlock).toBe(25 * 1024);
    expect(heap.minFree).toBe(60 * 1024);
    expect(heap.maxUsage).toBe(240 * 1024);
    expect(heap.fragmentation).toBeCloseTo(75);
  });
});
