import { create } from 'zustand';
import type { HistoryRange } from '@heliodtu/contract/history';
import { HISTORY_PATHS } from '@heliodtu/contract/domain/history-paths';
import { ApiError, apiRequest } from './api-client';
import { readAccessOpen } from './early-start';
import { readStoredUser } from './session';

/**
 * Whether the gateway keeps energy history (issue 14, a HelioDTU extension). Asked once per
 * load with GET api/history/range. A real OpenDTU device answers every unknown path with its
 * index.html (200, text/html; so does our gateway without history): that is "absent", and no
 * request fails, so the browser logs nothing. A 401 (read-only off, logged out) is asked again
 * after a login. Lives in lib because the shell (nav) and the live view both read it.
 */
export type HistorySupport = 'unknown' | 'available' | 'absent' | 'locked';

interface HistorySupportState {
  support: HistorySupport;
  range: HistoryRange | undefined;
}

export const useHistorySupportStore = create<HistorySupportState>()(() => ({
  support: 'unknown',
  range: undefined,
}));

let pending: Promise<void> | undefined;

function isRange(body: unknown): body is HistoryRange {
  return (
    typeof body === 'object' &&
    body !== null &&
    'version' in body &&
    body.version === 1 &&
    'today' in body &&
    typeof body.today === 'string'
  );
}

/** Starts the detection unless it ran (or runs) already; again only after a 401. */
export function detectHistory(): Promise<void> {
  // The firmware build is the device's own interface, which never has the history API.
  if (import.meta.env.MODE === 'firmware') return Promise.resolve();
  const { support } = useHistorySupportStore.getState();
  if (pending) return pending;
  if (support !== 'unknown' && support !== 'locked') return Promise.resolve();
  // A gateway that reads only after a login is not asked before one (issue 13): as after a 401.
  if (!readStoredUser() && !readAccessOpen()) {
    useHistorySupportStore.setState({ support: 'locked' });
    return Promise.resolve();
  }
  pending = apiRequest<unknown>(HISTORY_PATHS.range, {
    method: 'GET',
    silent: true,
    handle401: false,
  })
    .then(
      (body) =>
        useHistorySupportStore.setState(
          isRange(body) ? { support: 'available', range: body } : { support: 'absent' },
        ),
      (cause: unknown) =>
        useHistorySupportStore.setState({
          support: cause instanceof ApiError && cause.status === 401 ? 'locked' : 'absent',
        }),
    )
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** True once the gateway answered the history API. */
export function useHistoryAvailable(): boolean {
  return useHistorySupportStore((state) => state.support === 'available');
}

/** For tests: forget the answer. */
export function resetHistorySupport(): void {
  pending = undefined;
  useHistorySupportStore.setState({ support: 'unknown', range: undefined });
}
