import {
  EVENT_LOG_MAX_ENTRIES,
  type EventLogLocale,
  type EventLogStatus,
} from '@heliodtu/contract/event-log';
import { utcOffsetMinutes } from './posix-tz.js';
import { eventMessage } from './event-messages.js';

/** One event as the inverter holds it: id and device epoch ms of start and end (null while open). */
export interface InverterEvent {
  readonly id: number;
  readonly start: number;
  end: number | null;
}

/** Event ids the simulation raises (inverter-domain §4.2, §10 step 13). */
export const EVENT = {
  InverterStart: 1,
  TimeCalibration: 2,
  OverTemperature: 121,
  RemoteShutdown: 124,
  GridOvervoltage: 141,
  GridUndervoltage: 143,
  GridOverfrequency: 144,
  GridUnderfrequency: 145,
  GridDisconnection: 148,
} as const;

/**
 * The inverter's own event buffer: emptied at every inverter boot, holds at most 15 entries
 * (later events are lost once it is full), and counts events for the live-data packet.
 */
export class InverterEventLog {
  private list: InverterEvent[] = [];
  /** The counter in the live-data packet; the DTU fetches the log when it changes. */
  counter = 0;

  get entries(): readonly InverterEvent[] {
    return this.list;
  }

  clear(): void {
    this.list = [];
  }

  add(id: number, start: number, end: number | null = start): void {
    this.counter = (this.counter + 1) & 0xffff;
    if (this.list.length < EVENT_LOG_MAX_ENTRIES) this.list.push({ id, start, end });
  }

  /** Close the latest open event with this id. */
  close(id: number, at: number): void {
    const open = [...this.list].reverse().find((e) => e.id === id && e.end === null);
    if (open) {
      open.end = at;
      this.counter = (this.counter + 1) & 0xffff;
    }
  }

  hasOpen(id: number): boolean {
    return this.list.some((e) => e.id === id && e.end === null);
  }

  restore(events: readonly InverterEvent[], counter: number): void {
    this.list = events.slice(0, EVENT_LOG_MAX_ENTRIES).map((e) => ({ ...e }));
    this.counter = counter & 0xffff;
  }

  /** A copy, as the DTU keeps it after a fetch. */
  snapshot(): InverterEvent[] {
    return this.list.map((e) => ({ ...e }));
  }
}

/**
 * Seconds since local midnight as the DTU computes them (inverter-domain §4.1): the inverter's
 * UTC time of day plus the DTU's current UTC offset, so a time past midnight exceeds 86400.
 */
export function eventSeconds(epochMs: number, currentOffsetMinutes: number): number {
  const utcSeconds = Math.floor((((epochMs % 86_400_000) + 86_400_000) % 86_400_000) / 1000);
  const local = utcSeconds + currentOffsetMinutes * 60;
  return local < 0 ? local + 86_400 : local;
}

/** /api/eventlog/status for the DTU's copy of a log, wire-contract §4.5. */
export function eventLogStatus(
  events: readonly InverterEvent[],
  locale: EventLogLocale,
  options: { hmt: boolean; nowMs: number; timezone: string },
): EventLogStatus {
  const offset = utcOffsetMinutes(options.timezone, options.nowMs);
  return {
    count: events.length,
    events: events.map((e) => ({
      message_id: e.id & 0xff,
      message: eventMessage(e.id & 0xff, locale, options.hmt),
      start_time: eventSeconds(e.start, offset),
      end_time: e.end === null ? 0 : eventSeconds(e.end, offset),
    })),
  };
}
