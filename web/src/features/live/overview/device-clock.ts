import { useEffect } from 'react';
import type { NtpStatus } from '@heliodtu/contract/ntp';
import { parseDeviceTime } from '@heliodtu/contract/domain/device-time';
import { apiGet } from '@/lib/api-client';
import { deviceTimeAt, type ClockReading } from '@/lib/clock-readings';

/**
 * The device's clock as the browser sees it. The live data carry no timestamp, and a simulated
 * gateway may run its clock faster (SIM_SPEED); the weak-string rule and the limit read-back
 * must follow the device's time, so this reads GET /api/ntp/status now and then and
 * extrapolates between the readings at the rate measured from the last two (1 until then,
 * lib/clock-readings.ts).
 */

/** How often the clock is read while the feed runs. */
export const CLOCK_READ_MS = 15_000;

export interface DeviceClock {
  /** Device ms now. */
  now(): number;
  /** Device ms at host time `host` (Date.now() units), at the rate measured last. */
  at(host: number): number;
  stop(): void;
}

/** Starts reading the device clock. */
export function startDeviceClock(hostNow: () => number = Date.now): DeviceClock {
  let readings: ClockReading[] = [];
  let stopped = false;
  const read = async () => {
    try {
      const status = await apiGet<NtpStatus>('api/ntp/status', { silent: true });
      const device = status.ntp_status ? parseDeviceTime(status.ntp_localtime) : null;
      if (device === null || stopped) return;
      const previous = readings[readings.length - 1];
      // A clock that went back (DST end, set by hand) starts the estimate afresh.
      const kept = previous && device >= previous.device ? [previous] : [];
      readings = [...kept, { device, host: hostNow() }];
    } catch {
      // Not readable (logged out without read-only access, gateway away): host time meanwhile.
    }
  };
  void read();
  // A second reading soon gives the rate early; then every CLOCK_READ_MS.
  const early = setTimeout(() => void read(), 3_000);
  const timer = setInterval(() => void read(), CLOCK_READ_MS);
  return {
    now: () => deviceTimeAt(readings, hostNow()),
    at: (host) => deviceTimeAt(readings, host),
    stop: () => {
      stopped = true;
      clearTimeout(early);
      clearInterval(timer);
    },
  };
}

let shared: DeviceClock | null = null;
let users = 0;

/**
 * The live view's one device clock, started with its first user and stopped after its last, so
 * the weak-string feed and the limit countdowns read GET /api/ntp/status once between them.
 */
export function acquireDeviceClock(): { clock: DeviceClock; release(): void } {
  shared ??= startDeviceClock();
  users += 1;
  const clock = shared;
  let released = false;
  return {
    clock,
    release: () => {
      if (released) return;
      released = true;
      users -= 1;
      if (users === 0) {
        clock.stop();
        shared = null;
      }
    },
  };
}

/** Device ms at host time `host` by the shared clock; the host time while none runs. */
export function sharedDeviceTimeAt(host: number): number {
  return shared ? shared.at(host) : host;
}

/** Keeps the shared device clock running while the component is mounted. */
export function useDeviceClock(): void {
  useEffect(() => acquireDeviceClock().release, []);
}
