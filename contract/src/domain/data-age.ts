import { TIMERS } from '../limits.js';

/** How the inverter header shows the data age. */
export type DataAgeDisplay =
  | { readonly kind: 'seconds'; readonly seconds: number }
  | { readonly kind: 'absolute'; readonly timestampMs: number };

/**
 * Age in seconds now: the data_age the server sent plus the whole seconds since it arrived
 * (the web counts it up locally each second), spec §3.
 */
export function liveAgeSeconds(dataAge: number, receivedAtMs: number, nowMs: number): number {
  const elapsed = Math.floor((nowMs - receivedAtMs) / 1000);
  return Math.max(0, dataAge) + Math.max(0, elapsed);
}

/** Shows seconds, or the absolute time of the last update when the age is above 300 s, spec §4. */
export function dataAgeDisplay(ageSeconds: number, nowMs: number): DataAgeDisplay {
  if (ageSeconds > TIMERS.dataAgeAbsoluteAfterSeconds) {
    return { kind: 'absolute', timestampMs: nowMs - ageSeconds * 1000 };
  }
  return { kind: 'seconds', seconds: Math.max(0, ageSeconds) };
}
