import { localToEpoch } from './posix-tz.js';

export interface DeviceClockOptions {
  /** Host clock in ms; tests inject a fake one. */
  hostNow?: () => number;
  /** Device epoch ms at creation (from SIM_START); defaults to the host time. */
  start?: number;
  /** How many device seconds pass per host second (SIM_SPEED). */
  speed?: number;
  /** Whether local time counts as available (NTP synced or set by hand) from the start. */
  synced?: boolean;
}

export type ClockListener = (event: { now: number; jumped: boolean }) => void;

/**
 * The device clock (wire-contract §4.9 ntp_status, /api/ntp/time): the host clock plus an
 * offset, running `speed` times as fast from its start point. It never runs backwards, even
 * if the host clock does, except on an explicit set().
 */
export class DeviceClock {
  readonly speed: number;
  private readonly hostNow: () => number;
  private baseDevice: number;
  private baseHost: number;
  private last: number;
  private synced: boolean;
  private readonly listeners = new Set<ClockListener>();

  constructor({ hostNow = Date.now, start, speed = 1, synced = false }: DeviceClockOptions = {}) {
    if (!(speed > 0)) throw new Error('clock speed must be greater than 0');
    this.hostNow = hostNow;
    this.speed = speed;
    this.baseHost = hostNow();
    this.baseDevice = start ?? this.baseHost;
    this.last = this.baseDevice;
    this.synced = synced;
  }

  /** Device time, epoch ms (UTC). */
  now(): number {
    const computed = this.baseDevice + (this.hostNow() - this.baseHost) * this.speed;
    if (computed > this.last) this.last = computed;
    return Math.floor(this.last);
  }

  /** True once local time is available: NTP synced or set by hand (ntp_status). */
  isSynced(): boolean {
    return this.synced;
  }

  /** Set the time by hand (POST /api/ntp/time); may jump backwards; marks the clock synced. */
  set(epochMs: number): void {
    if (!Number.isFinite(epochMs)) throw new Error('clock set to a non-finite time');
    this.baseHost = this.hostNow();
    this.baseDevice = epochMs;
    this.last = epochMs;
    this.synced = true;
    this.emit(true);
  }

  /** The simulated NTP round trip succeeded: local time becomes available, time does not jump. */
  markSynced(): void {
    if (this.synced) return;
    this.synced = true;
    this.emit(false);
  }

  /** Device ms that pass in `hostMs` host ms (timers of the simulation scale with SIM_SPEED). */
  deviceDuration(hostMs: number): number {
    return hostMs * this.speed;
  }

  /** Host ms to wait for `deviceMs` of device time to pass. */
  hostDuration(deviceMs: number): number {
    return deviceMs / this.speed;
  }

  /** Called on set() (jumped: true) and on markSynced(); returns an unsubscribe function. */
  onChange(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(jumped: boolean): void {
    const now = this.now();
    for (const listener of this.listeners) listener({ now, jumped });
  }
}

const LOCAL_ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;
const ABSOLUTE_ISO = /^\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * SIM_START → device epoch ms. Without an offset the text is local time in the configured
 * POSIX zone `tz` ('2025-06-21T12:00:00'); with Z or ±hh:mm it is an absolute instant.
 * Throws on anything else.
 */
export function parseSimStart(text: string, tz: string): number {
  const trimmed = text.trim();
  const local = LOCAL_ISO.exec(trimmed);
  if (local) {
    const n = (i: number) => Number(local[i] ?? 0);
    const parts = { year: n(1), month: n(2), day: n(3), hour: n(4), minute: n(5), second: n(6) };
    const inRange =
      parts.month >= 1 &&
      parts.month <= 12 &&
      parts.day >= 1 &&
      parts.day <= new Date(Date.UTC(parts.year, parts.month, 0)).getUTCDate() &&
      parts.hour <= 23 &&
      parts.minute <= 59 &&
      parts.second <= 59;
    if (!inRange) throw new Error(`SIM_START out of range: "${text}"`);
    return localToEpoch(parts, tz) + Number((local[7] ?? '0').padEnd(3, '0'));
  }
  const epoch = ABSOLUTE_ISO.test(trimmed) ? Date.parse(trimmed) : NaN;
  if (Number.isFinite(epoch)) return epoch;
  throw new Error(`SIM_START must be an ISO date-time like 2025-06-21T12:00:00, got "${text}"`);
}

/** The device clock for a first boot: SIM_START (local time in `tz`) or the host time, at SIM_SPEED. */
export function createDeviceClock({
  simStart,
  simSpeed,
  tz,
  hostNow = Date.now,
}: {
  simStart: string | undefined;
  simSpeed: number;
  tz: string;
  hostNow?: () => number;
}): DeviceClock {
  const start = simStart === undefined ? undefined : parseSimStart(simStart, tz);
  return new DeviceClock({ hostNow, speed: simSpeed, ...(start === undefined ? {} : { start }) });
}

/** How long the simulated NTP round trip takes after boot. */
export const NTP_SYNC_DELAY_MS = 2000;

/**
 * Boot-time NTP: the clock counts as synced about 2 s after boot, unless the 'unsynced'
 * fault is simulated (then only POST /api/ntp/time makes local time available).
 * Returns a function that cancels the pending sync (on app close).
 */
export function startNtpSync(clock: DeviceClock, faults: readonly string[]): () => void {
  if (clock.isSynced() || faults.includes('unsynced')) return () => {};
  const timer = setTimeout(() => clock.markSynced(), NTP_SYNC_DELAY_MS);
  timer.unref();
  return () => clearTimeout(timer);
}
