import { PIN_CATEGORIES, type PinCategory } from '@heliodtu/contract/domain/pin-mapping-file';
import type { PinProfile } from '@heliodtu/contract/pin-mapping';

/** A pin as shown: a number, a flag, or undefined for "not set". */
export type PinValue = number | boolean | undefined;

export interface PinRow {
  name: string;
  selected: PinValue;
  active: PinValue;
  differs: boolean;
}

export interface PinCategoryRows {
  category: PinCategory;
  rows: PinRow[];
}

type PinGroups = Omit<PinProfile, 'name'>;

/** -1 and 255 both mean "not set" (spec §3), so they compare equal to each other. */
export function pinValue(value: unknown): PinValue {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'number' || value === -1 || value === 255) return undefined;
  return value;
}

const keysOf = (group: unknown): string[] =>
  typeof group === 'object' && group !== null ? Object.keys(group) : [];

/**
 * The selected profile against the pins in use, per category (spec §2 Pin assignment): every
 * key either side has, in the active profile's order, each marked when the two differ.
 */
export function comparePins(selected: PinGroups | undefined, active: PinGroups): PinCategoryRows[] {
  return PIN_CATEGORIES.map((category) => {
    const mine = selected?.[category] as Record<string, unknown> | undefined;
    const running = active[category] as Record<string, unknown> | undefined;
    const names = [...new Set([...keysOf(running), ...keysOf(mine)])];
    const rows = names.map((name) => {
      const row = { name, selected: pinValue(mine?.[name]), active: pinValue(running?.[name]) };
      return { ...row, differs: row.selected !== row.active };
    });
    return { category, rows };
  });
}
