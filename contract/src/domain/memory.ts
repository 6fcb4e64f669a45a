/** Used share of a memory area in whole percent (0 when the area is absent), spec §9. */
export function usagePercent(used: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.round((used / total) * 100);
}

/** Free heap in bytes (heap_used = total − free on the wire), wire-contract §4.11. */
export function heapFree(heapTotal: number, heapUsed: number): number {
  return Math.max(0, heapTotal - heapUsed);
}

/**
 * Heap fragmentation in percent: (1 − largest free block / free heap) × 100, unrounded;
 * 0 when nothing is free, spec §9.
 */
export function heapFragmentationPercent(
  heapTotal: number,
  heapUsed: number,
  heapMaxBlock: number,
): number {
  const free = heapFree(heapTotal, heapUsed);
  if (free <= 0) return 0;
  const ratio = 1 - Math.min(heapMaxBlock, free) / free;
  return ratio * 100;
}

/** Largest heap use since boot: total − minimum free heap, spec §9. */
export function heapMaxUsage(heapTotal: number, heapMinFree: number): number {
  return Math.max(0, heapTotal - heapMinFree);
}

/** Bytes in kilobytes (1024), unrounded; formatting is the caller's, spec §9. */
export function toKilobytes(bytes: number): number {
  return bytes / 1024;
}

/** Whole hours of an uptime in seconds, spec §9. */
export function uptimeHours(seconds: number): number {
  return Math.floor(Math.max(0, seconds) / 3600);
}

export interface DurationParts {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

/** Whole days, hours, minutes and seconds of a duration in seconds, for the uptime display, spec §9. */
export function durationParts(totalSeconds: number): DurationParts {
  const s = Math.floor(Math.max(0, totalSeconds));
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor(s / 3600) % 24,
    minutes: Math.floor(s / 60) % 60,
    seconds: s % 60,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** Uptime as "d:hh:mm:ss" (93784 s → "1:02:03:04"), spec §9. */
export function formatDuration(totalSeconds: number): string {
  const { days, hours, minutes, seconds } = durationParts(totalSeconds);
  return `${days}:${two(hours)}:${two(minutes)}:${two(seconds)}`;
}
