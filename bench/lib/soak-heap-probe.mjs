// The soak's heap probe: a full GC forced in the server (through its inspector) after warm-up
// and every 10 minutes, the heap left printed (unlike RSS it does not move with the collector).
import path from 'node:path';
import { fmt, sleep } from './bench-server.mjs';

const out = (text) => process.stdout.write(text);
const since = (t0) => ((Date.now() - t0) / 1000).toFixed(0).padStart(4);
const GC_EVERY_MS = 10 * 60_000;

/** Forces a full GC in the server after warm-up and every 10 minutes; `at(label)` forces one now. */
export function startHeapProbe({ inspector, t0, warmUpMs, durationMs, snapshotsDir }) {
  const taken = [];
  const at = async (label) => {
    const heap = await inspector.collect();
    taken.push({ label, ...heap });
    out(`${since(t0)} s  heap after forced GC ${fmt(heap.heapUsed / 1048576, 2)} MiB (${label})\n`);
    if (snapshotsDir && (label === 'warm-up' || label === 'end')) {
      const file = path.join(snapshotsDir, `soak-${label}.heapsnapshot`);
      await inspector.snapshot(file);
      out(`${since(t0)} s  heap snapshot written to ${file}\n`);
    }
    return heap;
  };
  let stopped = false;
  // After warm-up, then every 10 minutes while more than a minute of the run is left. A short
  // run gets none: RSS would not regrow before its last span and the figure would mislead.
  const schedule = durationMs >= GC_EVERY_MS ? [{ due: warmUpMs, label: 'warm-up' }] : [];
  for (let due = GC_EVERY_MS; due < durationMs - 60_000; due += GC_EVERY_MS)
    schedule.push({ due, label: `${due / 60_000} min` });
  const done = (async () => {
    for (const { due, label } of schedule) {
      await sleep(Math.max(0, t0 + due - Date.now()));
      if (stopped) return;
      await at(label);
    }
  })();
  return {
    taken,
    at,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}
