import { localParts } from '../device/posix-tz.js';

/**
 * When the daily e-mail digest goes out: once per local day of the gateway's time zone, at
 * DIGEST_HOUR or at the first chance after it (a gateway off at 08:00 sends when it is back).
 * Pure: the time and the zone are given, the day last sent is the caller's.
 */

/** Local hour from which the day's digest is due. */
export const DIGEST_HOUR = 8;

/** The local day of an instant in a POSIX TZ zone, `YYYY-MM-DD`. */
export function localDay(epochMs: number, tz: string): string {
  const p = localParts(epochMs, tz);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/**
 * Whether the digest is due at `epochMs`: past DIGEST_HOUR local time on a local day other than
 * `sentDay` (the day of the last one sent, or null before the first).
 */
export function digestDue(epochMs: number, tz: string, sentDay: string | null): boolean {
  const p = localParts(epochMs, tz);
  return p.hour >= DIGEST_HOUR && localDay(epochMs, tz) !== sentDay;
}

/** The digest's day in memory: asked whether one is due, told when one went out. */
export class DigestSchedule {
  private sentDay: string | null = null;

  constructor(
    private readonly now: () => number,
    private readonly timezone: () => string,
  ) {}

  due(): boolean {
    return digestDue(this.now(), this.timezone(), this.sentDay);
  }

  sent(): void {
    this.sentDay = localDay(this.now(), this.timezone());
  }
}
