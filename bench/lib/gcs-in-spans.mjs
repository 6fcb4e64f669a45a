// How much of timed spans was garbage collection, from the GC entries Node reports
// (perf_hooks 'gc'): a bench's p99 of many short spans is often the spans a GC fell into.
import { constants, PerformanceObserver } from 'node:perf_hooks';

/**
 * Starts watching; `spans` later takes the [start, end] pairs (performance.now() ms) and gives
 * the spans a full GC (mark-compact) fell into with those pauses' range, each span's time in
 * GC of any kind, and each span's time less that (the program's own work, and waiting for a core).
 */
export function watchGcs() {
  const pauses = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      pauses.push({
        start: entry.startTime,
        end: entry.startTime + entry.duration,
        full: entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    /** Stops watching; GC entries arrive a little late, so this waits for them first. */
    async spans(spans) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      observer.disconnect();
      const hits = spans.map((span) =>
        pauses.filter((pause) => pause.start < span[1] && pause.end > span[0]),
      );
      const full = pauses.filter((pause) => pause.full).map((pause) => pause.end - pause.start);
      const inGc = spans.map((span, i) =>
        hits[i].reduce(
          (sum, pause) => sum + Math.min(pause.end, span[1]) - Math.max(pause.start, span[0]),
          0,
        ),
      );
      return {
        fullCount: hits.filter((pauses) => pauses.some((pause) => pause.full)).length,
        fullShortest: full.length > 0 ? Math.min(...full) : 0,
        fullLongest: full.length > 0 ? Math.max(...full) : 0,
        inGc,
        lessGc: spans.map((span, i) => span[1] - span[0] - inGc[i]),
      };
    },
  };
}
