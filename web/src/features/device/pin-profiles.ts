import { DEFAULT_PIN_PROFILE, findPinProfile } from '@heliodtu/contract/domain/pin-mapping-file';
import type { PinMappingEntry } from '@heliodtu/contract/pin-mapping';

/**
 * Interface-only helpers for pin profiles. Reading pin_mapping.json, the built-in pins and the
 * category order come from contract/domain/pin-mapping-file (zod-free, the gateway runs the same).
 */

/** Profile name the interface shows for "" and posts instead of it (wire-contract §4.7). */
export const DEFAULT_PROFILE_NAME = 'Default';

/** The dropdown's names: 'Default', then the file's profiles sorted by name (spec §2). */
export function profileNames(entries: readonly PinMappingEntry[]): string[] {
  const names = entries.map((entry) => entry.name).filter((name) => name !== DEFAULT_PROFILE_NAME);
  const sorted = [...new Set(names)].sort((a, b) => a.localeCompare(b, 'en'));
  return [DEFAULT_PROFILE_NAME, ...sorted];
}

/**
 * The pins a name selects, as the gateway will pick them after the next start: the first
 * profile of that name, else the built-in pins ('Default' or a name the file lacks).
 */
export function selectedPins(entries: readonly PinMappingEntry[], name: string): PinMappingEntry {
  return findPinProfile(entries, name) ?? { ...DEFAULT_PIN_PROFILE, name };
}
