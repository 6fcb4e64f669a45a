import {
  DEVICE_PATH_PREFIX,
  DEVICE_QUERY_PARAM,
  isCompanionOwnPath,
} from '@heliodtu/contract/domain/device-path';

/**
 * Which device behind a companion a request is for (issue 27). Settings, info and maintenance
 * screens act on one device, chosen with the device picker at their top (components/layout/
 * device-picker.tsx), which sets it here while the screen is shown; the api client, uploads,
 * downloads and the console socket then prefix their paths with `dtu/<id>/`. Null everywhere
 * else and always with one device or the simulated fleet: today's paths, unchanged.
 */
let screenDevice: string | null = null;

/** Set by DevicePickerProvider while a one-device screen is shown; null when it leaves. */
export function setScreenDevice(id: string | null): void {
  screenDevice = id;
}

/** Runs `start` (which begins its requests synchronously) with `device` as the screen's device. */
export function forScreenDevice<T>(device: string | null, start: () => T): T {
  const before = screenDevice;
  screenDevice = device;
  try {
    return start();
  } finally {
    screenDevice = before;
  }
}

/** The device the screen shown now acts on, or null. */
export function currentScreenDevice(): string | null {
  return screenDevice;
}

/**
 * Paths that always belong to the companion itself, never to one device: its own areas
 * (COMPANION_OWN_AREAS: status, devices, history, alerts, the house), the languages and its login.
 */
const COMPANION_PATHS = ['api/i18n/', 'api/security/authenticate'];

/**
 * A relative path ('api/ntp/config', 'console') for `device` (the screen's device when not
 * given; null for none): 'dtu/roof/api/ntp/config'. Paths of the companion itself stay.
 */
export function deviceScopedPath(
  relative: string,
  device: string | null | undefined = screenDevice,
): string {
  const path = relative.replace(/^\/+/, '');
  if (device === null || device === undefined) return path;
  if (isCompanionOwnPath(path) || COMPANION_PATHS.some((prefix) => path.startsWith(prefix))) {
    return path;
  }
  return `${DEVICE_PATH_PREFIX.slice(1)}${encodeURIComponent(device)}/${path}`;
}

/**
 * An in-app path ('/wait?for=reboot') that keeps the screen's device, so the next screen acts
 * on the same one; unchanged without one.
 */
export function withScreenDevice(path: string, device = screenDevice): string {
  if (device === null) return path;
  const [base = path, query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  params.set(DEVICE_QUERY_PARAM, device);
  return `${base}?${params.toString()}`;
}

/** The device a page URL's query names (`?dtu=`), or null. */
export function deviceOfSearch(search: string): string | null {
  const id = new URLSearchParams(search).get(DEVICE_QUERY_PARAM);
  return id === null || id === '' ? null : id;
}

let unsavedEdits: (() => boolean) | null = null;

/**
 * A form with edits not yet saved says so here while it is shown; the device picker asks
 * before it switches to another device and throws them away. Returns the unregister function.
 */
export function registerUnsavedEdits(check: () => boolean): () => void {
  unsavedEdits = check;
  return () => {
    if (unsavedEdits === check) unsavedEdits = null;
  };
}

export function hasUnsavedEdits(): boolean {
  return unsavedEdits?.() ?? false;
}
