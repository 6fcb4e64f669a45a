// A benchmark's hard time limit and its temp folders: a bench that hangs (a browser that never
// answers, a gateway that never starts) stops by itself and leaves no folder behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Over `limitMs` the `name` bench says so, runs `onLimit` (its clean-up) and exits 1. The timer
 * does not keep the process alive; clear it when the bench is done.
 */
export function hardTimeLimit(name, limitMs, onLimit = async () => {}) {
  const watchdog = setTimeout(() => {
    process.stdout.write(`${name} bench: over its time limit, stopping\n`);
    void onLimit().finally(() => process.exit(1));
  }, limitMs);
  watchdog.unref();
  return watchdog;
}

/**
 * The time limit with the bench's temp folders: `tempDir(prefix)` makes one, `cleanUp()` runs
 * `release` (browsers, servers) and removes them all, at the end or over the limit.
 */
export function benchScratch({ name, limitMs, release }) {
  const temps = [];
  const removeAll = async () => {
    await release();
    for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  };
  const watchdog = hardTimeLimit(name, limitMs, removeAll);
  return {
    tempDir(prefix) {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      temps.push(dir);
      return dir;
    },
    async cleanUp() {
      await removeAll();
      clearTimeout(watchdog);
    },
  };
}
