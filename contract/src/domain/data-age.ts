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

/**
 * The age in seconds now of one inverter's data: from `data_age_ms` where the device sends it
 * (current firmware, wire-current §3), which keeps the fraction `data_age` drops, so the shown
 * second turns when the real one does; else from `data_age`.
 */
export function inverterAgeSeconds(
  inverter: { readonly data_age: number; readonly data_age_ms?: number | undefined },
  receivedAtMs: number,
  nowMs: number,
): number {
  const ms = inverter.data_age_ms;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    return liveAgeSeconds(inverter.data_age, receivedAtMs, nowMs);
  }
  return Math.floor((Math.max(0, ms) + Math.max(0, nowMs - receivedAtMs)) / 1000);
}

/** Shows seconds, or the absolute time of the last update when the age is above 300 s, spec §4. */
export function dataAgeDisplay(ageSeconds: number, nowMs: number): DataAgeDisplay {
  if (ageSeconds > TIMERS.dataAgeAbsoluteAfterSeconds) {
    return { kind: 'absolute', timestampMs: nowMs - ageSeconds * 1000 };
  }
  return { kind: 'seconds', seconds: Math.max(0, ageSeconds) };
}
