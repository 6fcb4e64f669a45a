import { useEffect, useState } from 'react';
import { clockNow } from '@/hooks/use-now';
import { liveStateOf, useLiveStore } from '../live-store';
import { type LiveInverter } from '../merge-live-update';
import { liveKeyOf } from '@/lib/live-key';
import type { TileVisibility } from './tile-visibility';

/** The overview redraws about once a second: every tile's news and data age in one frame. */
export const OVERVIEW_REFRESH_MS = 1_000;
/**
 * How long a due redraw waits for the next socket message to ride on. With data flowing the
 * redraw then shares that message's frame instead of costing a frame of its own.
 */
export const OVERVIEW_LATE_MS = 250;

export interface OverviewSnapshot {
  readonly inverters: readonly LiveInverter[];
  /** Arrival time (ms) of each inverter's last data, for its data age. */
  readonly receivedAt: Readonly<Record<string, number>>;
  /** When the snapshot was taken (ms). */
  readonly now: number;
  /**
   * The moment each inverter's figures are of (ms): `now`, or for a tile off screen the moment
   * it was last drawn (its data age stands still with its figures).
   */
  readonly at: Readonly<Record<string, number>>;
}

const EMPTY: OverviewSnapshot = { inverters: [], receivedAt: {}, now: 0, at: {} };

/**
 * The live data now, except for tiles off screen: those keep what the previous snapshot gave
 * them (the same objects, so their memoised tiles skip the redraw).
 */
function take(
  previous: OverviewSnapshot,
  visibility: TileVisibility | undefined,
): OverviewSnapshot {
  const state = useLiveStore.getState();
  const now = clockNow();
  const live = liveStateOf(state);
  const at: Record<string, number> = {};
  if (!visibility) {
    for (const inverter of live) at[liveKeyOf(inverter)] = now;
    return { inverters: live, receivedAt: state.receivedAt, now, at };
  }
  const kept = new Map(previous.inverters.map((inverter) => [liveKeyOf(inverter), inverter]));
  const receivedAt: Record<string, number> = { ...state.receivedAt };
  const inverters = live.map((inverter) => {
    // The live key: the serial, or `<device>/<serial>` behind a companion of several devices.
    const serial = liveKeyOf(inverter);
    const before = kept.get(serial);
    if (before && visibility.isOffScreen(serial)) {
      at[serial] = previous.at[serial] ?? previous.now;
      const arrived = previous.receivedAt[serial];
      if (arrived === undefined) delete receivedAt[serial];
      else receivedAt[serial] = arrived;
      return before;
    }
    at[serial] = now;
    return inverter;
  });
  return { inverters, receivedAt, now, at };
}

/** How many inverters have their full data (AC, DC, INV: the socket's or `?inv=` answer). */
const fullCount = () =>
  liveStateOf(useLiveStore.getState()).filter((inverter) => inverter.DC !== undefined).length;

/**
 * The live data, redrawn at most once every `ms` (issue 15, bench/live-view.mjs): with many
 * inverters the socket brings one message each per second, and drawing them one at a time (plus a
 * ticking data age per tile) costs a layout and paint each.
 * - A redraw that is due is made by the next store change, inside that message's task, so it
 *   shares the frame the message draws anyway (the header's total); a timer would add a frame.
 * - With news waiting but no message arriving, a timer draws it `late` ms after it was due.
 * - With nothing arriving at all, the timer redraws every `ms` so the data age ticks on.
 * - An inverter's first full data is drawn at once: the first list has no strings, and they would
 *   wait up to `ms` after the socket's first messages (on a repeat visit most of the overview's
 *   time, bench/first-live.mjs).
 * - With `visibility`, tiles off screen keep their figures (and their data age) of when they left
 *   the screen, and a tile coming back catches up at once: per message, only what one sees.
 */
export function useOverviewSnapshot(
  visibility?: TileVisibility,
  ms = OVERVIEW_REFRESH_MS,
  late = OVERVIEW_LATE_MS,
): OverviewSnapshot {
  const [snapshot, setSnapshot] = useState(() => take(EMPTY, visibility));
  useEffect(() => {
    let last = Date.now();
    let shownFull = fullCount();
    let waiting = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (delay: number) => {
      clearTimeout(timer);
      timer = setTimeout(onTimer, Math.max(0, delay));
    };
    const refresh = () => {
      last = Date.now();
      shownFull = fullCount();
      waiting = false;
      setSnapshot((previous) => take(previous, visibility));
      arm(ms);
    };
    function onTimer() {
      // News waits: give the next message `late` ms to carry it before drawing on our own.
      if (waiting && Date.now() < last + ms + late) arm(last + ms + late - Date.now());
      else refresh();
    }
    const onChange = () => {
      // The clock first: counting full inverters walks the list on every socket message.
      if (Date.now() - last >= ms || fullCount() > shownFull) refresh();
      else waiting = true;
    };
    const unsubscribe = useLiveStore.subscribe(onChange);
    // A tile back on screen catches up at once, not with the next redraw.
    const stopShown = visibility?.onShown(() =>
      setSnapshot((previous) => take(previous, visibility)),
    );
    arm(ms);
    return () => {
      unsubscribe();
      stopShown?.();
      clearTimeout(timer);
    };
  }, [visibility, ms, late]);
  return snapshot;
}
