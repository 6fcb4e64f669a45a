/**
 * When the live view expects the inverter to report a new limit (spec §9: an absolute limit
 * shows its current value only after about 4 minutes; the DTU does not re-read the limit within
 * 4 minutes of a limit command, inverter-domain §7.5). Pure and zod-free.
 */

/** The DTU's quiet time after a limit command before it reads the limit back, ms. */
export const LIMIT_READ_BACK_MS = 240_000;

export interface LimitReadBack {
  /** Ms left until the expected read-back; 0 once it is due. */
  readonly remainingMs: number;
  /** Whole seconds left, rounded up, for a "m:ss" countdown. */
  readonly remainingSeconds: number;
  /** The read-back is due (the countdown is over). */
  readonly due: boolean;
}

/**
 * The countdown of an absolute limit sent `elapsedMs` ago (in device time, so a faster simulated
 * clock shortens it as it shortens the DTU's wait). Relative limits are shown at once: null.
 */
export function limitReadBack(
  relative: boolean,
  elapsedMs: number,
  readBackMs: number = LIMIT_READ_BACK_MS,
): LimitReadBack | null {
  if (relative) return null;
  const remainingMs = Math.max(0, readBackMs - Math.max(0, elapsedMs));
  return {
    remainingMs,
    remainingSeconds: Math.ceil(remainingMs / 1000),
    due: remainingMs === 0,
  };
}

/** "m:ss" of a number of seconds (the countdown's text; no locale has other digits here). */
export function minutesSeconds(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The inverter reports the requested limit: relative in %, absolute in W, within rounding. */
export function limitMatches(
  requested: { readonly value: number; readonly relative: boolean },
  reported: { readonly limitRelative: number; readonly limitAbsolute: number },
): boolean {
  if (requested.relative)
    return Math.abs(reported.limitRelative - Math.min(requested.value, 100)) <= 0.1;
  if (reported.limitAbsolute < 0) return false;
  // 0.1 % steps of the reported relative limit: up to 1 W on a 2000 W inverter.
  return Math.abs(reported.limitAbsolute - requested.value) <= Math.max(1, requested.value * 0.001);
}
