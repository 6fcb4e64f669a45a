import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let now = Date.now();
let timer: number | undefined;
/** Set while a server-rendered page renders or hydrates: every age is counted to this time. */
let frozenAt: number | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = clockNow();
    timer = window.setInterval(() => {
      now = clockNow();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

const read = () => now;

/** One shared 1-second clock for everything that shows elapsed time (architecture §6.5). */
export function useNow(): number {
  return useSyncExternalStore(subscribe, read, read);
}

/** The time the clock shows: the frozen time during a server render or hydration, else now. */
export function clockNow(): number {
  return frozenAt ?? Date.now();
}

/**
 * Stops the clock at `at` (ms), so the server's render and the browser's hydration count data
 * ages to the same moment and write the same figures (ssr/); undefined lets it run again.
 */
export function freezeClock(at: number | undefined): void {
  frozenAt = at;
  now = clockNow();
  for (const l of listeners) l();
}
