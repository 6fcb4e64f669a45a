import {
  feedWeakStrings,
  stringInputsOf,
  type StringInput,
} from '@heliodtu/contract/domain/weak-string-groups';
import { liveStateOf, useLiveStore, type LiveState } from '../live-store';
import { hasChannels, type LiveInverter } from '../merge-live-update';
import { liveKeyOf } from '@/lib/live-key';
import { useWeakStringStore } from '../weak-string-store';
import { acquireDeviceClock } from './device-clock';

/** At most one reading per inverter in this much device time: the rule needs minutes, not seconds. */
export const FEED_EVERY_MS = 15_000;

/**
 * The strings of one inverter as the rule reads them (strings without a configured Wp carry no
 * Irradiation and so null). The orientation is a HelioDTU extension: the firmware build, the
 * device's own interface, ignores it and groups every inverter's strings by their curves.
 */
export function stringsOf(inverter: LiveInverter): StringInput[] {
  if (!hasChannels(inverter)) return [];
  return stringInputsOf(inverter.DC, import.meta.env.MODE !== 'firmware');
}

/**
 * Feeds the weak-string rule from the live store while the live view is open: each inverter
 * whose object changed, when it is reachable, at most every FEED_EVERY_MS of device time.
 */
export function startWeakStringFeed(): () => void {
  const { clock, release } = acquireDeviceClock();
  const fedAt = new Map<string, number>();
  let seen: readonly LiveInverter[] = [];

  const onChange = (state: LiveState) => {
    const inverters = liveStateOf(state);
    if (inverters === seen) return;
    const previous = new Set(seen);
    seen = inverters;
    const now = clock.now();
    const before = useWeakStringStore.getState();
    let weak = before;
    for (const inverter of inverters) {
      if (previous.has(inverter) || !inverter.reachable) continue;
      // By live key: the same serial on two devices is two inverters (issue 27).
      const key = liveKeyOf(inverter);
      const last = fedAt.get(key);
      // Also fed again when the clock went back, so the rule can restart its run.
      if (last !== undefined && now - last < FEED_EVERY_MS && now >= last) continue;
      const strings = stringsOf(inverter);
      if (strings.length === 0) continue;
      fedAt.set(key, now);
      weak = feedWeakStrings(weak, key, strings, now);
    }
    if (weak !== before) useWeakStringStore.setState(weak, true);
  };

  onChange(useLiveStore.getState());
  const unsubscribe = useLiveStore.subscribe(onChange);
  return () => {
    unsubscribe();
    release();
  };
}
