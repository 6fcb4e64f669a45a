import type { ZoneMap } from './api/zones';

export interface ZoneOption {
  /** `<name>---<POSIX>`, OpenDTU's key: two names may share one POSIX string. */
  value: string;
  label: string;
  name: string;
  posix: string;
}

export interface ZoneGroup {
  area: string;
  options: ZoneOption[];
}

const SEPARATOR = '---';

export const zoneKey = (name: string, posix: string) => `${name}${SEPARATOR}${posix}`;

/** The place part shown inside its area's group: "Argentina/Buenos Aires" under America. */
function placeLabel(name: string): string {
  const slash = name.indexOf('/');
  return (slash < 0 ? name : name.slice(slash + 1)).replaceAll('_', ' ');
}

/**
 * The ~500 zones grouped by area (Africa, America, …), each sorted by name: a native select with
 * groups scrolls and type-searches well on a phone, where a long flat list would not.
 */
export function zoneGroups(zones: ZoneMap): ZoneGroup[] {
  const groups = new Map<string, ZoneOption[]>();
  for (const name of Object.keys(zones).sort()) {
    const posix = zones[name] ?? '';
    const slash = name.indexOf('/');
    const area = slash < 0 ? '' : name.slice(0, slash);
    const option = { value: zoneKey(name, posix), label: placeLabel(name), name, posix };
    const group = groups.get(area);
    if (group) group.push(option);
    else groups.set(area, [option]);
  }
  return [...groups].map(([area, options]) => ({ area, options }));
}

/** The option for `value`, or undefined when it is not one of the zones. */
export function findZone(groups: readonly ZoneGroup[], value: string): ZoneOption | undefined {
  for (const group of groups) {
    const found = group.options.find((option) => option.value === value);
    if (found) return found;
  }
  return undefined;
}
