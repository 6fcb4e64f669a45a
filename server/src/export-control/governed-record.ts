import type { GovernedState } from '@heliodtu/contract/export-control';
import type { GovernableInverter } from './export-control-port.js';

/** What control remembers of one governed inverter between decisions. */
export interface GovernedRecord {
  readonly device: string;
  readonly serial: string;
  /** Control has taken it over (read its limit then) and not let go since. */
  tookOver: boolean;
  /** The limit it had when control took it over, W: what is given back. */
  takenOverW: number | null;
  /** The limit control last asked for, W. */
  requestedW: number | null;
  sentAt: number | null;
  /** When its read-back confirmed the request (gateway ms); null while pending. */
  confirmedAt: number | null;
  /** The limit control last saw confirmed: a read-back moving away from it is manual. */
  confirmedW: number | null;
  /** Confirmed, then newer live data, then a newer meter reading: ready for its next change. */
  settled: boolean;
  lastIncreaseAt: number | null;
  /** When control sent it limits within the last hour or so (the hourly command budget). */
  commandTimes: number[];
  pausedUntil: number | null;
  /** A command it did not confirm in time: at its fallback until then, alert condition on. */
  unconfirmedUntil: number | null;
  state: GovernedState;
  reason: string;
}

export function recordKey(device: string, serial: string): string {
  return `${device}/${serial.toUpperCase()}`;
}

export function newRecord(device: string, serial: string): GovernedRecord {
  return {
    device,
    serial,
    tookOver: false,
    takenOverW: null,
    requestedW: null,
    sentAt: null,
    confirmedAt: null,
    confirmedW: null,
    settled: true,
    lastIncreaseAt: null,
    commandTimes: [],
    pausedUntil: null,
    unconfirmedUntil: null,
    state: 'released',
    reason: 'Control has not taken it over yet',
  };
}

/** A request control sent and the inverter has not confirmed yet. */
export function isPending(record: GovernedRecord): boolean {
  return record.requestedW !== null && record.confirmedAt === null;
}

/** Forget what was sent (the inverter went away, or control let go): its read-back rules again. */
export function forgetRequest(record: GovernedRecord): void {
  record.requestedW = null;
  record.sentAt = null;
  record.confirmedAt = null;
  record.confirmedW = null;
  record.settled = true;
}

/** Its device answers, the inverter is reachable and has live data. */
export function isPresent(
  inverter: GovernableInverter | undefined,
): inverter is GovernableInverter {
  return inverter !== undefined && inverter.reachable && inverter.power_w !== null;
}

/** The limit it runs under now as control sees it: its last request, else its read-back. */
export function currentLimit(record: GovernedRecord, inverter: GovernableInverter): number | null {
  return record.requestedW ?? inverter.readback_w;
}

const HOUR_MS = 3_600_000;

/** Limit commands control sent it in the hour before `now`. */
export function commandsInLastHour(record: GovernedRecord, now: number): number {
  return record.commandTimes.filter((t) => now - t < HOUR_MS).length;
}

/** A request sent at `now`: pending, not settled, counted (commands of over an hour ago forgotten). */
export function noteRequest(record: GovernedRecord, watts: number, now: number): void {
  record.requestedW = watts;
  record.sentAt = now;
  record.confirmedAt = null;
  record.settled = false;
  record.commandTimes = record.commandTimes.filter((t) => now - t < HOUR_MS);
  record.commandTimes.push(now);
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** Its state and the line that says why. */
export function setState(record: GovernedRecord, state: GovernedState, reason: string): void {
  record.state = state;
  record.reason = reason;
}
