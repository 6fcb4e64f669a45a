import { trackWeakStrings, type StringReading } from '@heliodtu/contract/domain/weak-strings';
import { liveStateOf, useLiveStore, type LiveState } from '../live-store';
import { hasChannels, type LiveInverter } from '../merge-live-update';
import { stringKey, useWeakStringStore } from '../weak-string-store';
import { acquireDeviceClock } from './device-clock';

/** At most one reading per inverter in this much device time: the rule needs minutes, not seconds. */
export const FEED_EVERY_MS = 15_000;

/**
 * The strings of one inverter as the rule reads them: the inverter is the group (issue 15
 * default), strings without a configured Wp carry no Irradiation and so null.
 */
export function readingsOf(inverter: LiveInverter): StringReading[] {
  if (!hasChannels(inverter)) return [];
  return Object.entries(inverter.DC).map(([channel, values]) => ({
    key: stringKey(inverter.serial, channel),
    group: inverter.serial,
    irradiation: values.Irradiation?.v ?? null,
  }));
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
    let tracks = useWeakStringStore.getState().tracks;
    const before = tracks;
    for (const inverter of inverters) {
      if (previous.has(inverter) || !inverter.reachable) continue;
      const last = fedAt.get(inverter.serial);
      // Also fed again when the clock went back, so the rule can restart its run.
      if (last !== undefined && now - last < FEED_EVERY_MS && now >= last) continue;
      const readings = readingsOf(inverter);
      if (readings.length === 0) continue;
      fedAt.set(inverter.serial, now);
      tracks = trackWeakStrings(tracks, readings, now);
    }
    if (tracks !== before) useWeakStringStore.setState({ tracks });
  };

  onChange(useLiveStore.getState());
  const unsubscribe = useLiveStore.subscribe(onChange);
  return () => {
    unsubscribe();
    release();
  };
}
