import { LIMIT_ABSOLUTE_MAX, LIMIT_RELATIVE_MAX, type Range } from '../limits.js';
import type { FirmwareGeneration } from './firmware-generation.js';

/** What a limit_type says: percent or watts, kept by the inverter over restarts or not. */
export interface LimitKind {
  readonly relative: boolean;
  readonly persistent: boolean;
}

/** v24.11.7 values: relative = 1, absolute = 0, +256 persistent, wire-contract §4.4 / spec §7. */
export const LIMIT_TYPES_V24 = [0, 1, 256, 257] as const;
/** v25.9.11+ values: 0 W, 1 %, 2 W persistent, 3 % persistent, integrations §7.2 / §8. */
export const LIMIT_TYPES_V25 = [0, 1, 2, 3] as const;
/** Both schemes are accepted; they do not collide (integrations §7.5). */
export const LIMIT_TYPES_ACCEPTED = [0, 1, 2, 3, 256, 257] as const;

export type LimitTypeScheme = 'v24' | 'v25';

/** limit_type for a kind in a scheme (spec §7 / integrations §8); the web picks the device's (limitTypeFor). */
export function encodeLimitType(kind: LimitKind, scheme: LimitTypeScheme = 'v24'): number {
  const persistentFlag = scheme === 'v24' ? 256 : 2;
  return (kind.relative ? 1 : 0) + (kind.persistent ? persistentFlag : 0);
}

/** The scheme a firmware generation speaks: the reference 0/1/256/257, current firmware 0/1/2/3. */
export const LIMIT_TYPE_SCHEME: Readonly<Record<FirmwareGeneration, LimitTypeScheme>> = {
  v24: 'v24',
  v26: 'v25',
};

/** The limit_type values a device of this generation accepts; it refuses every other (5003). */
export function limitTypesOf(generation: FirmwareGeneration): readonly number[] {
  return LIMIT_TYPE_SCHEME[generation] === 'v24' ? LIMIT_TYPES_V24 : LIMIT_TYPES_V25;
}

/** limit_type for a kind as a device of this generation expects it (never a refused value). */
export function limitTypeFor(kind: LimitKind, generation: FirmwareGeneration): number {
  return encodeLimitType(kind, LIMIT_TYPE_SCHEME[generation]);
}

/**
 * Reads a limit_type; null for anything else (answer 5003), wire-contract §4.4 / integrations §8.
 * Without a generation both schemes are read (they do not collide); with one, only its own.
 */
export function decodeLimitType(value: number, generation?: FirmwareGeneration): LimitKind | null {
  if (generation && !limitTypesOf(generation).includes(value)) return null;
  switch (value) {
    case 0:
      return { relative: false, persistent: false };
    case 1:
      return { relative: true, persistent: false };
    case 2:
    case 256:
      return { relative: false, persistent: true };
    case 3:
    case 257:
      return { relative: true, persistent: true };
    default:
      return null;
  }
}

/**
 * Input range of the limit dialog: relative 0..100 %, absolute 0..max power, or 2250 W when the
 * max power is unknown (0), spec §4 / §9.
 */
export function limitRange(relative: boolean, maxPower: number): Range {
  if (relative) return { min: 0, max: LIMIT_RELATIVE_MAX };
  return { min: 0, max: maxPower > 0 ? maxPower : LIMIT_ABSOLUTE_MAX };
}

/** The server's only value check: limit_value above 2250 is 5002 for any type, wire-contract §4.4. */
export function exceedsLimitMaximum(limitValue: number): boolean {
  return limitValue > LIMIT_ABSOLUTE_MAX;
}

/**
 * limit_relative after the inverter acknowledged a limit: relative values clamped to 100,
 * absolute ones as value / max_power × 100, unchanged while max_power is unknown, inverter-domain §7.3.
 */
export function relativeLimitAfterAck(
  kind: Pick<LimitKind, 'relative'>,
  limitValue: number,
  maxPower: number,
  previous: number,
): number {
  if (kind.relative) return Math.min(Math.max(limitValue, 0), LIMIT_RELATIVE_MAX);
  if (maxPower <= 0) return previous;
  return (limitValue / maxPower) * 100;
}
