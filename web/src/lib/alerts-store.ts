import { create } from 'zustand';
import type { Alert, AlertsStatus } from '@heliodtu/contract/alerts';
import { ApiError, apiRequest } from './api-client';
import { readAccessOpen } from './early-start';
import { readStoredUser } from './session';

/**
 * The gateway's alerts (issue 28, a HelioDTU extension): GET api/alerts/status polled every
 * 30 s while something shows them (the bell, the live view's marks). Lives in lib because the
 * shell (bell) and the live view both read it; the live view reads it per inverter and string
 * from maps built once per answer, never per socket message. A real OpenDTU device answers the
 * path with its web page (or a 404): that is "absent", and polling stops.
 */
export type AlertsSupport = 'unknown' | 'available' | 'absent' | 'locked';

export const ALERTS_STATUS_PATH = 'api/alerts/status';
export const ALERTS_POLL_MS = 30_000;

interface AlertsState {
  support: AlertsSupport;
  status: AlertsStatus | undefined;
  /** Open alerts per inverter serial (device-level ones are not here). */
  bySerial: Readonly<Record<string, readonly Alert[]>>;
  /** Open weak-string alerts per `<serial>:<channel>`. */
  byString: Readonly<Record<string, readonly Alert[]>>;
}

const EMPTY: Readonly<Record<string, readonly Alert[]>> = {};

export const useAlertsStore = create<AlertsState>()(() => ({
  support: 'unknown',
  status: undefined,
  bySerial: EMPTY,
  byString: EMPTY,
}));

/** The key of one string in `byString`. */
export const alertStringKey = (serial: string, channel: number | string) => `${serial}:${channel}`;

function isStatus(body: unknown): body is AlertsStatus {
  return (
    typeof body === 'object' &&
    body !== null &&
    'open' in body &&
    Array.isArray(body.open) &&
    'recent' in body &&
    Array.isArray(body.recent)
  );
}

function group(open: readonly Alert[]) {
  const bySerial: Record<string, Alert[]> = {};
  const byString: Record<string, Alert[]> = {};
  for (const alert of open) {
    if (alert.serial === null) continue;
    (bySerial[alert.serial] ??= []).push(alert);
    if (alert.string !== null)
      (byString[alertStringKey(alert.serial, alert.string)] ??= []).push(alert);
  }
  return { bySerial, byString };
}

let pending: Promise<void> | undefined;

/** Asks the gateway once now (one request at a time). */
export function refreshAlerts(): Promise<void> {
  // The firmware build is the device's own interface, which never has the alerts API.
  if (import.meta.env.MODE === 'firmware') return Promise.resolve();
  if (pending) return pending;
  const { support } = useAlertsStore.getState();
  if (support === 'absent') return Promise.resolve();
  // A gateway that reads only after a login is not asked before one (issue 13).
  if (!readStoredUser() && !readAccessOpen()) {
    useAlertsStore.setState({ support: 'locked' });
    return Promise.resolve();
  }
  pending = apiRequest<unknown>(ALERTS_STATUS_PATH, {
    method: 'GET',
    silent: true,
    handle401: false,
  })
    .then(
      (body) => {
        if (!isStatus(body)) {
          useAlertsStore.setState({
            support: 'absent',
            status: undefined,
            bySerial: EMPTY,
            byString: EMPTY,
          });
          return;
        }
        useAlertsStore.setState({ support: 'available', status: body, ...group(body.open) });
      },
      (cause: unknown) => {
        if (!(cause instanceof ApiError)) return;
        if (cause.status === 401) useAlertsStore.setState({ support: 'locked' });
        // 404 or a web page in place of JSON: a gateway without alerts. Anything else (offline,
        // 5xx) keeps the last answer; the next poll tries again.
        else if (cause.status === 404 || (cause.status >= 200 && cause.status < 300))
          useAlertsStore.setState({
            support: 'absent',
            status: undefined,
            bySerial: EMPTY,
            byString: EMPTY,
          });
      },
    )
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

let watchers = 0;
let timer: ReturnType<typeof setInterval> | undefined;

/**
 * Polls while at least one caller watches; returns the stop. Asks at once, then every 30 s
 * (a tab in the background is not asked: the browser throttles it, and the next poll catches up).
 */
export function watchAlerts(): () => void {
  if (import.meta.env.MODE === 'firmware') return () => undefined;
  watchers += 1;
  if (watchers === 1) {
    void refreshAlerts();
    timer = setInterval(() => {
      if (useAlertsStore.getState().support === 'absent') return;
      void refreshAlerts();
    }, ALERTS_POLL_MS);
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

/** The number of open alerts, or undefined while the gateway has none to tell (no bell). */
export function useOpenAlertCount(): number | undefined {
  return useAlertsStore((state) =>
    state.support === 'available' ? (state.status?.open.length ?? 0) : undefined,
  );
}

/** True once the gateway answered the alerts API. */
export function useAlertsAvailable(): boolean {
  return useAlertsStore((state) => state.support === 'available');
}

/** For tests: forget everything. */
export function resetAlerts(): void {
  pending = undefined;
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
  watchers = 0;
  useAlertsStore.setState({
    support: 'unknown',
    status: undefined,
    bySerial: EMPTY,
    byString: EMPTY,
  });
}
