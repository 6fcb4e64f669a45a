import type { CompanionDevice } from '@heliodtu/contract/companion';
import type { LiveInverter } from '../merge-live-update';

/** One device's part of the overview (issue 27): the device (null when not listed) and its keys. */
export interface DeviceGroup {
  id: string;
  device: CompanionDevice | null;
  keys: string[];
}

/**
 * Whether the overview groups by device: behind a companion that lists several devices, once
 * the live data says which device each inverter is on.
 */
export const groupsByDevice = (
  devices: readonly CompanionDevice[] | null | undefined,
  inverters: readonly LiveInverter[],
): devices is readonly CompanionDevice[] =>
  !!devices && devices.length > 1 && inverters.some((inverter) => inverter.dtu !== undefined);

/**
 * The sorted live keys split by device, in the owner's device order; inverters of a device the
 * companion does not list (yet) follow under their device id. Devices without inverters are
 * kept, so a device that is away still shows its state.
 */
export function deviceGroups(
  devices: readonly CompanionDevice[],
  byKey: ReadonlyMap<string, LiveInverter>,
  sortedKeys: readonly string[],
): DeviceGroup[] {
  const groups = new Map<string, DeviceGroup>(
    devices.map((device) => [device.id, { id: device.id, device, keys: [] }]),
  );
  for (const key of sortedKeys) {
    const id = byKey.get(key)?.dtu ?? '';
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { id, device: null, keys: [] }));
    group.keys.push(key);
  }
  return [...groups.values()];
}

/**
 * For each live key whose serial is also on another device: the names of those other devices
 * (issue 27, "also on …"). Nothing for a serial on one device only.
 */
export function serialCollisions(
  inverters: readonly LiveInverter[],
  nameOf: (deviceId: string) => string,
): Map<string, string[]> {
  const devicesOf = new Map<string, string[]>();
  for (const inverter of inverters) {
    if (inverter.dtu === undefined) continue;
    const list = devicesOf.get(inverter.serial) ?? [];
    if (!list.includes(inverter.dtu)) list.push(inverter.dtu);
    devicesOf.set(inverter.serial, list);
  }
  const collisions = new Map<string, string[]>();
  for (const inverter of inverters) {
    const on = devicesOf.get(inverter.serial);
    if (inverter.dtu === undefined || !on || on.length < 2) continue;
    collisions.set(
      `${inverter.dtu}/${inverter.serial}`,
      on.filter((id) => id !== inverter.dtu).map(nameOf),
    );
  }
  return collisions;
}
