import type { GridMeterStatus } from '@heliodtu/contract/grid-meter';
import { ApiError, apiRequest } from './api-client';
import { readAccessOpen } from './early-start';
import { createRenderedStore } from './rendered-store';
import { readStoredUser } from './session';

/**
 * The gateway's grid meter (issue 35, a HelioDTU extension): GET api/gridmeter/status, asked once
 * by the nav and every 5 s while the live view shows (the socket is OpenDTU's wire, so the
 * meter is not on it). A real OpenDTU device answers the path with a 404 or its web page: that
 * is "absent", and nothing asks again. Only loaded on demand (by the nav, the House card and the
 * screen), so the first load does not carry it.
 */
export type GridMeterSupport = 'unknown' | 'available' | 'absent' | 'locked';

export const GRID_METER_STATUS_PATH = 'api/gridmeter/status';
export const GRID_METER_POLL_MS = 5_000;

interface GridMeterState {
  support: GridMeterSupport;
  status: GridMeterStatus | undefined;
}

// The project's store (lib/rendered-store.ts) rather than zustand's `create`: with the same
// dependencies as the other stores, the bundler keeps the first load's shared code in one file.
export const useGridMeterStore = createRenderedStore<GridMeterState>(() => ({
  support: 'unknown',
  status: undefined,
}));

function isStatus(body: unknown): body is GridMeterStatus {
  return (
    typeof body === 'object' &&
    body !== null &&
    'source' in body &&
    typeof body.source === 'string' &&
    'state' in body &&
    typeof body.state === 'string'
  );
}

function absent() {
  useGridMeterStore.setState({ support: 'absent', status: undefined });
}

let pending: Promise<void> | undefined;

/** Asks the gateway once now (one request at a time); nothing once it is known absent. */
export function refreshGridMeter(): Promise<void> {
  if (import.meta.env.MODE === 'firmware') return Promise.resolve();
  if (pending) return pending;
  if (useGridMeterStore.getState().support === 'absent') return Promise.resolve();
  // A gateway that reads only after a login is not asked before one (issue 13).
  if (!readStoredUser() && !readAccessOpen()) {
    useGridMeterStore.setState({ support: 'locked' });
    return Promise.resolve();
  }
  pending = apiRequest<unknown>(GRID_METER_STATUS_PATH, {
    method: 'GET',
    silent: true,
    handle401: false,
  })
    .then(
      (body) => {
        if (!isStatus(body)) return absent();
        useGridMeterStore.setState({ support: 'available', status: body });
      },
      (cause: unknown) => {
        if (!(cause instanceof ApiError)) return;
        if (cause.status === 401) useGridMeterStore.setState({ support: 'locked' });
        // 404 or a web page in place of JSON: a device. Anything else (offline, 5xx) keeps the
        // last answer; the next poll tries again.
        else if (cause.status === 404 || (cause.status >= 200 && cause.status < 300)) absent();
      },
    )
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/**
 * Once per load (the nav), and again after a login when the first try met a 401: tells `answer`
 * whether the gateway has the grid meter.
 */
export async function detectGridMeter(answer: (available: boolean) => void): Promise<void> {
  const { support } = useGridMeterStore.getState();
  if (support === 'unknown' || support === 'locked') await refreshGridMeter();
  answer(useGridMeterStore.getState().support === 'available');
}

let watchers = 0;
let timer: ReturnType<typeof setInterval> | undefined;

/** Polls every 5 s while at least one caller watches; returns the stop. */
export function watchGridMeter(): () => void {
  if (import.meta.env.MODE === 'firmware') return () => undefined;
  watchers += 1;
  if (watchers === 1) {
    void refreshGridMeter();
    timer = setInterval(() => {
      if (useGridMeterStore.getState().support === 'absent') {
        clearInterval(timer);
        return;
      }
      void refreshGridMeter();
    }, GRID_METER_POLL_MS);
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watchers -= 1;
    if (watchers === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** For tests: forget everything. */
export function resetGridMeter(): void {
  pending = undefined;
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
  watchers = 0;
  useGridMeterStore.setState({ support: 'unknown', status: undefined });
}
