import { readdir, stat, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';

export interface HeapFigures {
  heap_total: number;
  heap_used: number;
  heap_max_block: number;
  heap_min_free: number;
}

/**
 * The gateway's JS heap in the device's terms (wire-contract §4.11): total = committed heap,
 * used = live objects, free = the difference. One allocation must fit in one V8 space, so
 * the largest block is the most any single space can hand out without growing, capped at
 * free. The minimum free heap is the lowest free figure seen since this boot.
 */
export class HeapTracker {
  private minFree = Number.POSITIVE_INFINITY;

  sample(): HeapFigures {
    const stats = v8.getHeapStatistics();
    const total = stats.total_heap_size;
    const used = Math.min(stats.used_heap_size, total);
    const free = total - used;
    this.minFree = Math.min(this.minFree, free);
    const largestSpace = Math.max(
      0,
      ...v8
        .getHeapSpaceStatistics()
        .map((space) =>
          Math.min(space.space_available_size, space.space_size - space.space_used_size),
        ),
    );
    return {
      heap_total: total,
      heap_used: used,
      heap_max_block: Math.max(0, Math.min(largestSpace, free)),
      heap_min_free: this.minFree,
    };
  }
}

export interface FileSystemFigures {
  littlefs_total: number;
  littlefs_used: number;
}

/**
 * The device's file system is the data dir. Used = bytes of its files (what the file list
 * shows; the gateway's own state folder is not part of it). Total = used + what the host
 * volume still has free: the room those files can grow into. The host volume's own size
 * would count other programs' files as this device's.
 */
export async function fileSystemFigures(dataDir: string): Promise<FileSystemFigures> {
  let used = 0;
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    // Folders (the gateway's own state among them) are not device files.
    if (!entry.isFile()) continue;
    used += await stat(path.join(dataDir, entry.name)).then(
      (info) => info.size,
      () => 0, // removed meanwhile
    );
  }
  const volume = await statfs(dataDir);
  return { littlefs_total: used + volume.bavail * volume.bsize, littlefs_used: used };
}

/** A chip temperature that follows the host's load: 42 °C idle, up to 58 °C fully loaded. */
export function cpuTemperature(): number {
  const load = (os.loadavg()[0] ?? 0) / Math.max(1, os.availableParallelism());
  return Math.round((42 + 16 * Math.min(1, load)) * 10) / 10;
}
