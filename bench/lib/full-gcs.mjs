// Which timed spans a full GC (mark-compact) fell into, from the GC entries Node reports
// (perf_hooks 'gc'). A bench's p99 of many short spans is often just the spans with one.
import { constants, PerformanceObserver } from 'node:perf_hooks';

/**
 * Starts watching; `spans` later takes the [start, end] pairs (performance.now() ms) and gives
 * how many held a full GC, the pauses' range, and the spans' durations without those.
 */
export function watchFullGcs() {
  const pauses = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    /** Stops watching; GC entries arrive a little late, so this waits for them first. */
    async spans(spans) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      observer.disconnect();
      const hit = (span) => pauses.some((p) => p.start < span[1] && p.end > span[0]);
      const withGc = spans.filter(hit);
      const lengths = pauses.map((p) => p.end - p.start);
      return {
        count: withGc.length,
        shortest: lengths.length > 0 ? Math.min(...lengths) : 0,
        longest: lengths.length > 0 ? Math.max(...lengths) : 0,
        without: spans.filter((span) => !hit(span)).map((span) => span[1] - span[0]),
      };
    },
  };
}
