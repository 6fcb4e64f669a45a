import type { SystemStatus } from '@heliodtu/contract/system';
import {
  heapFragmentationPercent,
  heapFree,
  heapMaxUsage,
  usagePercent,
} from '@heliodtu/contract/domain/memory';

export type MemoryArea = 'Heap' | 'PsRam' | 'LittleFs' | 'Sketch';

export interface MemoryRow {
  area: MemoryArea;
  total: number;
  used: number;
  free: number;
  /** Used over total in whole percent, spec §9. */
  percent: number;
}

function row(area: MemoryArea, total: number, used: number): MemoryRow {
  return { area, total, used, free: Math.max(0, total - used), percent: usagePercent(used, total) };
}

/** The memory table's rows (spec §9 formulas); PSRAM only on boards that have it. */
export function memoryRows(status: SystemStatus): MemoryRow[] {
  const rows = [row('Heap', status.heap_total, status.heap_used)];
  if (status.psram_total > 0) rows.push(row('PsRam', status.psram_total, status.psram_used));
  rows.push(row('LittleFs', status.littlefs_total, status.littlefs_used));
  rows.push(row('Sketch', status.sketch_total, status.sketch_used));
  return rows;
}

export interface HeapFigures {
  totalFree: number;
  largestFreeBlock: number;
  minFree: number;
  maxUsage: number;
  /** 0..100, unrounded. */
  fragmentation: number;
}

/** Heap details, spec §9: fragmentation 1 − max block / free; max usage total − min free. */
export function heapFigures(status: SystemStatus): HeapFigures {
  return {
    totalFree: heapFree(status.heap_total, status.heap_used),
    largestFreeBlock: status.heap_max_block,
    minFree: status.heap_min_free,
    maxUsage: heapMaxUsage(status.heap_total, status.heap_min_free),
    fragmentation: heapFragmentationPercent(
      status.heap_total,
      status.heap_used,
      status.heap_max_block,
    ),
  };
}
