import { useEffect, useState } from 'react';
import { clockNow } from '@/hooks/use-now';
import { liveStateOf, useLiveStore } from '../live-store';
import type { LiveInverter } from '../merge-live-update';

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
}

const take = (): OverviewSnapshot => {
  const state = useLiveStore.getState();
  return { inverters: liveStateOf(state), receivedAt: state.receivedAt, now: clockNow() };
};

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
 */
export function useOverviewSnapshot(
  ms = OVERVIEW_REFRESH_MS,
  late = OVERVIEW_LATE_MS,
): OverviewSnapshot {
  const [snapshot, setSnapshot] = useState(take);
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
      setSnapshot(take());
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
    arm(ms);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [ms, late]);
  return snapshot;
}
