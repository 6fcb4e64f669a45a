import type { CommandStatus } from '@heliodtu/contract/limit';
import type { DeviceLocation } from '../device/relay/device-ntp-settings.js';
import type { FleetSimulator } from '../device/simulator.js';
import { sunElevation } from '../device/sun.js';
import type { AlertSources } from './evaluator.js';

/** Sun elevation (°) above which every inverter is awake: "daylight" for the alert rules. */
export const DAYLIGHT_ELEVATION = 10;

/** Daylight at a place: the sun at least DAYLIGHT_ELEVATION high. */
export const daylightAt =
  (place: () => DeviceLocation) =>
  (now: number): boolean => {
    const { latitude, longitude } = place();
    return sunElevation(now, latitude, longitude) >= DAYLIGHT_ELEVATION;
  };

/** The simulated fleet as the evaluator reads it: live data, event log and command results. */
export function fleetSources(
  fleet: FleetSimulator,
  common: Pick<AlertSources, 'now' | 'daylight' | 'historyRecording' | 'extraConditions'>,
): AlertSources {
  return {
    ...common,
    device: fleet.deviceId,
    inverterSerials: () => fleet.inverterSerials(),
    liveData: (serial) => fleet.liveData(serial),
    hints: () => fleet.hints(),
    eventLog: (serial) => fleet.eventLog(serial, 'en')?.events ?? null,
    commandStatus: (serial) => ({
      limit: (fleet.limitStatus()[serial]?.limit_set_status ?? null) as CommandStatus | null,
      power: (fleet.powerStatus()[serial]?.power_set_status ?? null) as CommandStatus | null,
    }),
  };
}
