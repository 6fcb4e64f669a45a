import {
  dateOfDayNumber,
  dayNumber,
  formatHistoryDate,
  type CalendarDate,
} from '@heliodtu/contract/domain/history-dates';
import { localParts, localToEpoch, utcOffsetMinutes } from '../device/posix-tz.js';

/**
 * Local calendar days in the gateway's POSIX time zone (ntp.timezone): the one place that maps
 * instants to local days and back (architecture §6.11). A day is identified by its day number
 * (days since 1970-01-01 of the local date); a DST day lasts 23 or 25 hours.
 */
export class LocalCalendar {
  /** Day number → local midnight (epoch ms); days are asked for over and over by queries. */
  private readonly starts = new Map<number, number>();
  /** The day last found by dayOf(), to answer instants inside it without a zone lookup. */
  private cached = { day: 0, start: 1, end: 0 };

  constructor(readonly tz: string) {}

  /** Epoch ms of the first instant of local day `day`. */
  startOf(day: number): number {
    let start = this.starts.get(day);
    if (start === undefined) {
      const { year, month, day: dom } = dateOfDayNumber(day);
      start = localToEpoch({ year, month, day: dom, hour: 0, minute: 0, second: 0 }, this.tz);
      if (this.starts.size > 4096) this.starts.clear();
      this.starts.set(day, start);
    }
    return start;
  }

  /** Local day number of an instant. */
  dayOf(epochMs: number): number {
    const c = this.cached;
    if (epochMs >= c.start && epochMs < c.end) return c.day;
    const p = localParts(epochMs, this.tz);
    const day = dayNumber(p);
    this.cached = { day, start: this.startOf(day), end: this.startOf(day + 1) };
    return day;
  }

  /** 'YYYY-MM-DD' of a day number. */
  dateOf(day: number): string {
    return formatHistoryDate(dateOfDayNumber(day));
  }

  /** East-positive UTC offset in seconds at an instant. */
  offsetSeconds(epochMs: number): number {
    return utcOffsetMinutes(this.tz, epochMs) * 60;
  }

  /** Local wall time 'HH:MM' of an instant. */
  clockOf(epochMs: number): string {
    const p = localParts(epochMs, this.tz);
    return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  }

  /** Local 'YYYY-MM-DD HH:MM' of an instant (CSV). */
  dateTimeOf(epochMs: number): string {
    const p = localParts(epochMs, this.tz);
    const hm = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
    return `${formatHistoryDate(p)} ${hm}`;
  }

  /**
   * The offsets in force during a day: [from (epoch s), offset (s)] — one entry, or two when the
   * clocks change that day (found to the minute by bisection; POSIX rules change at most twice a year).
   */
  offsetsOf(day: number): [number, number][] {
    const start = this.startOf(day);
    const end = this.startOf(day + 1);
    const first = this.offsetSeconds(start);
    const last = this.offsetSeconds(end - 1);
    if (first === last) return [[start / 1000, first]];
    let lo = start;
    let hi = end - 1;
    while (hi - lo > 60_000) {
      const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
      if (mid <= lo) break;
      if (this.offsetSeconds(mid) === first) lo = mid;
      else hi = mid;
    }
    return [
      [start / 1000, first],
      [Math.floor(hi / 1000), last],
    ];
  }
}

/** Day number of a calendar date (re-exported for callers that hold parsed query dates). */
export function dayNumberOf(date: CalendarDate): number {
  return dayNumber(date);
}
