import { exceedsLimitMaximum, type LimitKind } from '@heliodtu/contract/domain/limit-type';
import { LIMIT_ABSOLUTE_MAX } from '@heliodtu/contract/limits';

/**
 * The only kind of limit export control sends: absolute, gone at the inverter's restart. A
 * persistent one is written to the inverter's memory, which wears out under a controller's
 * rate of commands.
 */
export const TEMPORARY_ABSOLUTE: LimitKind = Object.freeze({ relative: false, persistent: false });

/** Why a device would refuse these watts (5002), in plain words; null when it takes them. */
export function limitValueProblem(watts: number): string | null {
  if (!Number.isFinite(watts) || watts < 0 || exceedsLimitMaximum(watts)) {
    return `A limit of ${watts} W is outside 0–${LIMIT_ABSOLUTE_MAX} W`;
  }
  return null;
}
