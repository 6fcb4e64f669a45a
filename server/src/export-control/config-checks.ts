import type { ExportControlConfig } from '@heliodtu/contract/export-control';
import type { PowerSettingsResult } from '@heliodtu/contract/grid-meter';
import { LIMIT_ABSOLUTE_MAX } from '@heliodtu/contract/limits';
import { exportControlConfigProblems } from '@heliodtu/contract/rules/export-control-rules';

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
 * The first problem of settings the schema accepted, or null: the contract's rules first (the
 * form shows the same sentences), then what only the gateway knows. An inverter already governed
 * in `stored` stays acceptable while its device is away (its serials are not known then).
 */
export function configProblem(
  next: ExportControlConfig,
  stored: ExportControlConfig,
  fleet: KnownFleet,
): PowerSettingsResult | null {
  const [rule] = exportControlConfigProblems(next);
  if (rule) return refuse(rule.field, rule.message);
  for (const [i, inverter] of next.inverters.entries()) {
    const at = `inverters.${i}`;
    const { device, serial } = inverter;
    const kept = stored.inverters.some(
      (other) => other.device === device && sameSerial(other.serial, serial),
    );
    if (!kept && !fleet.devices.includes(device)) {
      return refuse(`${at}.device`, `There is no device ${device} on this gateway.`);
    }
    if (!kept && !fleet.serials(device).some((known) => sameSerial(known, serial))) {
      return refuse(`${at}.serial`, `Device ${device} has no inverter ${serial}.`);
    }
    if (inverter.upper_w > LIMIT_ABSOLUTE_MAX) {
      return refuse(`${at}.upper_w`, `A device takes limits up to ${LIMIT_ABSOLUTE_MAX} W.`);
    }
  }
  return null;
}
