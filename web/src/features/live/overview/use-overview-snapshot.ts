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

/** How many inverters have their full data (AC, DC, INV: the socket's or `?inv=` answer). */
const fullCount = () =>
  liveStateOf(useLiveStore.getState()).filter((inverter) => inverter.DC !== undefined).length;

/**
 * The live data, redrawn at most once every `ms`: with many inverters the socket brings one
 * message each per second, and drawing them one at a time (plus a ticking data age per tile) costs
 * a layout and paint each; one redraw a second bounds that (issue 15, bench/live-view.mjs: with
 * it, all of the overview's cost over an inverter's tab). An inverter's first full data is drawn at once: the first list
 * has no strings, and they would wait up to `ms` after the socket's first messages (on a repeat
 * visit most of the overview's time, bench/first-live.mjs).
 */
export function useOverviewSnapshot(ms = OVERVIEW_REFRESH_MS): OverviewSnapshot {
  const [snapshot, setSnapshot] = useState(take);
  useEffect(() => {
    let last = Date.now();
    let shownFull = fullCount();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = undefined;
      last = Date.now();
      shownFull = fullCount();
      setSnapshot(take());
    };
    const schedule = () => {
      if (fullCount() > shownFull) refresh();
      else timer ??= setTimeout(refresh, Math.max(0, last + ms - Date.now()));
    };
    const unsubscribe = useLiveStore.subscribe(schedule);
    // The data age ticks on when nothing arrives.
    const ticker = setInterval(schedule, ms);
    return () => {
      unsubscribe();
      clearInterval(ticker);
      clearTimeout(timer);
    };
  }, [ms]);
  return snapshot;
}
