import type { Hints, LiveTotal } from '@heliodtu/contract/live-data';
import type { ValueObject } from '@heliodtu/contract/value';
import { TOTAL_FIELDS } from '@heliodtu/contract/live-data';

/**
 * The total of several devices: power and yields added up, each with the most decimals one of
 * them sent (a device whose inverters do not count sends 0 decimals, as OpenDTU does), rounded
 * to those decimals so that a sum of floats reads as the device would have sent it.
 */
export function mergedTotal(totals: readonly LiveTotal[]): LiveTotal {
  const sum = (key: keyof LiveTotal): ValueObject => {
    let v = 0;
    let d = 0;
    for (const total of totals) {
      const value = total[key];
      v += Number(value?.v) || 0;
      d = Math.max(d, Number(value?.d) || 0);
    }
    const scale = 10 ** d;
    return { v: Math.round(v * scale) / scale, u: TOTAL_FIELDS[key].u, d };
  };
  return { Power: sum('Power'), YieldDay: sum('YieldDay'), YieldTotal: sum('YieldTotal') };
}

/** Hints of several devices: a hint any device gives is given. */
export function mergedHints(all: readonly Hints[]): Hints {
  const merged: Hints = { time_sync: false, radio_problem: false, default_password: false };
  let pinMapping: boolean | undefined;
  for (const hints of all) {
    merged.time_sync ||= hints.time_sync === true;
    merged.radio_problem ||= hints.radio_problem === true;
    merged.default_password ||= hints.default_password === true;
    if (typeof hints.pin_mapping_issue === 'boolean') {
      pinMapping = (pinMapping ?? false) || hints.pin_mapping_issue;
    }
  }
  return pinMapping === undefined ? merged : { ...merged, pin_mapping_issue: pinMapping };
}
