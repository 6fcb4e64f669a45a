/**
 * Requests for one device behind a companion (issue 27): `/dtu/<id>` before any OpenDTU path
 * (`/dtu/roof/api/ntp/config`, `/dtu/roof/console`). An unknown id is answered 404, never passed
 * to another device, so a save always lands on the device it names. Unprefixed OpenDTU paths keep
 * working for OpenDTU's own interface and apps: live data covers every device, inverter-specific
 * requests go to the device holding that serial, everything else to the first device.
 * Here, zod-free, because the interface builds these paths too (companion.ts re-exports them).
 */
export const DEVICE_PATH_PREFIX = '/dtu/';

/** `path` (starting with `/`) for one device; unchanged for null (the simulated fleet, one device). */
export function devicePath(deviceId: string | null, path: string): string {
  return deviceId === null ? path : `${DEVICE_PATH_PREFIX}${encodeURIComponent(deviceId)}${path}`;
}

/**
 * HelioDTU's own API areas a companion answers itself, never a device's (`/api/<area>/…`): its
 * status and devices, the history, the alerts (of every device), and the house (grid meter and export control govern every
 * device together). The relay never forwards them; the interface never prefixes them.
 */
export const COMPANION_OWN_AREAS = [
  'companion',
  'history',
  'alerts',
  'gridmeter',
  'exportcontrol',
] as const;

/** Whether an `/api/…` path (with or without the leading `/`) is one of those areas. */
export function isCompanionOwnPath(path: string): boolean {
  const area = /^\/?api\/([^/?]+)/.exec(path)?.[1];
  return area !== undefined && (COMPANION_OWN_AREAS as readonly string[]).includes(area);
}

/** The interface's page-URL query parameter naming the device a settings, info or maintenance screen acts on. */
export const DEVICE_QUERY_PARAM = 'dtu';
