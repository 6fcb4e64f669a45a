import { useEffect, useState } from 'react';
import { liveStateOf, useLiveStore } from '../live-store';
import type { LiveInverter } from '../merge-live-update';

/** The overview redraws once a second: every tile's news and data age in one frame. */
export const OVERVIEW_REFRESH_MS = 1_000;

export interface OverviewSnapshot {
  readonly inverters: readonly LiveInverter[];
  /** Arrival time (ms) of each inverter's last data, for its data age. */
  readonly receivedAt: Readonly<Record<string, number>>;
  /** When the snapshot was taken (ms). */
  readonly now: number;
}

const take = (): OverviewSnapshot => {
  const state = useLiveStore.getState();
  return { inverters: liveStateOf(state), receivedAt: state.receivedAt, now: Date.now() };
};

/**
 * The live data, refreshed once every `ms`: with many inverters the socket brings one message
 * each per second, and drawing them one at a time (plus a ticking data age per tile) costs a
 * layout and paint each; one redraw a second keeps the main-thread time per message as it was
 * (issue 15, bench/live-view.mjs).
 */
export function useOverviewSnapshot(ms = OVERVIEW_REFRESH_MS): OverviewSnapshot {
  const [snapshot, setSnapshot] = useState(take);
  useEffect(() => {
    const timer = setInterval(() => setSnapshot(take()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return snapshot;
}
