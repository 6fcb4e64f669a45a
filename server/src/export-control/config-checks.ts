import type { ExportControlConfig } from '@heliodtu/contract/export-control';
import type { PowerSettingsResult } from '@heliodtu/contract/grid-meter';
import { LIMIT_ABSOLUTE_MAX } from '@heliodtu/contract/limits';

/** The devices and inverters the gateway reaches now, to check governed inverters against. */
export interface KnownFleet {
  /** Device ids ('local' on a simulated gateway, else the companion's). */
  devices: readonly string[];
  /** Serials per device id, as its live data names them. */
  serials(device: string): readonly string[];
}

const refuse = (field: string, message: string): PowerSettingsResult => ({
  ok: false,
  field,
  message,
});

const sameSerial = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/**
 * The first problem of settings the schema accepted, or null. An inverter already governed in
 * `stored` stays acceptable while its device is away (its serials are not known then).
 */
export function configProblem(
  next: ExportControlConfig,
  stored: ExportControlConfig,
  fleet: KnownFleet,
): PowerSettingsResult | null {
  if (next.window.enabled && next.window.start === next.window.end) {
    return refuse('window.end', 'The time window must end at another time than it starts.');
  }
  for (const [i, inverter] of next.inverters.entries()) {
    const at = `inverters.${i}`;
    const { device, serial } = inverter;
    const earlier = next.inverters.findIndex(
      (other) => other.device === device && sameSerial(other.serial, serial),
    );
    if (earlier !== i) {
      return refuse(`${at}.serial`, `Inverter ${serial} of ${device} is listed twice.`);
    }
    const kept = stored.inverters.some(
      (other) => other.device === device && sameSerial(other.serial, serial),
    );
    if (!kept && !fleet.devices.includes(device)) {
      return refuse(`${at}.device`, `There is no device ${device} on this gateway.`);
    }
    if (!kept && !fleet.serials(device).some((known) => sameSerial(known, serial))) {
      return refuse(`${at}.serial`, `Device ${device} has no inverter ${serial}.`);
    }
    if (inverter.lower_w > inverter.upper_w) {
      return refuse(`${at}.lower_w`, `The lower limit of ${serial} is above its upper limit.`);
    }
    for (const key of ['upper_w', 'fallback_w', 'restore_w'] as const) {
      const watts = inverter[key];
      if (watts !== null && watts > LIMIT_ABSOLUTE_MAX) {
        return refuse(`${at}.${key}`, `A device takes limits up to ${LIMIT_ABSOLUTE_MAX} W.`);
      }
    }
  }
  return null;
}
